import type { SimModule } from './sim-module.js';
import { capabilityRouter } from './capability-router/capability-router.js';
import { contentModeration } from './content-moderation/content-moderation.js';
import { customerResponseGeneration } from './customer-response-generation/customer-response-generation.js';
import { documentRouter } from './document-router/document-router.js';
import { evidenceJudge } from './evidence-judge/evidence-judge.js';
import { executionStateVerification } from './execution-state-verification/execution-state-verification.js';
import { factQueryPlanning } from './fact-query-planning/fact-query-planning.js';
import { failureRecovery } from './failure-recovery/failure-recovery.js';
import { inputSafetyPrecheck } from './input-safety-precheck/input-safety-precheck.js';
import { intentRecognition } from './intent-recognition/intent-recognition.js';
import { mapReduceExtractor } from './map-reduce-extractor/map-reduce-extractor.js';
import { memoryConflict } from './memory-conflict/memory-conflict.js';
import { memoryDedup } from './memory-dedup/memory-dedup.js';
import { memoryExtraction } from './memory-extraction/memory-extraction.js';
import { policyEvidenceFilter } from './policy-evidence-filter/policy-evidence-filter.js';
import { policyQueryRewrite } from './policy-query-rewrite/policy-query-rewrite.js';
import { responsibilityAttribution } from './responsibility-attribution/responsibility-attribution.js';
import { slotClarification } from './slot-clarification/slot-clarification.js';
import { toolAuthorization } from './tool-authorization/tool-authorization.js';

/**
 * module id → reference implementation, one folder each beside this file, in
 * the order of the chain: understanding (safety precheck to policy evidence),
 * decision (responsibility to failure recovery), then the retrieval, memory
 * and moderation helpers (docs/spec/retrieval-memory-safety.md), and the capability
 * entry model (docs/spec/capability-routing.md#the-entry-model). prompt_evaluation has none: offline
 * generation uses the named strategies of src/harness/cases/strategies directly.
 */
export const SIM_MODULES: Record<string, SimModule> = {
  input_safety_precheck: inputSafetyPrecheck,
  intent_recognition: intentRecognition,
  slot_clarification: slotClarification,
  fact_query_planning: factQueryPlanning,
  policy_query_rewrite: policyQueryRewrite,
  policy_evidence_filter: policyEvidenceFilter,
  responsibility_attribution: responsibilityAttribution,
  tool_authorization: toolAuthorization,
  execution_state_verification: executionStateVerification,
  customer_response_generation: customerResponseGeneration,
  failure_recovery: failureRecovery,
  document_router: documentRouter,
  evidence_judge: evidenceJudge,
  map_reduce_extractor: mapReduceExtractor,
  memory_extraction: memoryExtraction,
  memory_conflict: memoryConflict,
  memory_dedup: memoryDedup,
  content_moderation: contentModeration,
  capability_router: capabilityRouter,
};
