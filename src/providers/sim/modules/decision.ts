/** The decision-side modules: responsibility through failure recovery. */
import type { SimModule } from '../sim-module.js';
import { customerResponseGeneration } from '../customer-response-generation/customer-response-generation.js';
import { executionStateVerification } from '../execution-state-verification/execution-state-verification.js';
import { failureRecovery } from '../failure-recovery/failure-recovery.js';
import { responsibilityAttribution } from '../responsibility-attribution/responsibility-attribution.js';
import { toolAuthorization } from '../tool-authorization/tool-authorization.js';

export const DECISION_MODULES: Record<string, SimModule> = {
  responsibility_attribution: responsibilityAttribution,
  tool_authorization: toolAuthorization,
  execution_state_verification: executionStateVerification,
  customer_response_generation: customerResponseGeneration,
  failure_recovery: failureRecovery,
};
