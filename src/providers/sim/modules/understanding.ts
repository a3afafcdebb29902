/**
 * The understanding half of the chain: from the raw customer turn to the
 * filtered policy evidence. Registered in index.ts as one spread so that the
 * decision half can be developed beside it.
 */
import type { SimModule } from '../sim-module.js';
import { inputSafetyPrecheck } from '../input-safety-precheck/input-safety-precheck.js';
import { intentRecognition } from '../intent-recognition/intent-recognition.js';
import { slotClarification } from '../slot-clarification/slot-clarification.js';
import { factQueryPlanning } from '../fact-query-planning/fact-query-planning.js';
import { policyQueryRewrite } from '../policy-query-rewrite/policy-query-rewrite.js';
import { policyEvidenceFilter } from '../policy-evidence-filter/policy-evidence-filter.js';

export const UNDERSTANDING_MODULES: Record<string, SimModule> = {
  input_safety_precheck: inputSafetyPrecheck,
  intent_recognition: intentRecognition,
  slot_clarification: slotClarification,
  fact_query_planning: factQueryPlanning,
  policy_query_rewrite: policyQueryRewrite,
  policy_evidence_filter: policyEvidenceFilter,
};
