import type { SimModule } from '../sim-module.js';
import { capabilityRouter } from './capability-router.js';
import { DECISION_MODULES } from './decision.js';
import { KNOWLEDGE_SIM_MODULES } from './knowledge/index.js';
import { UNDERSTANDING_MODULES } from './understanding.js';

/**
 * module id → reference implementation. prompt_evaluation has none: offline
 * generation uses the named strategies of src/cases/strategies directly.
 */
export const SIM_MODULES: Record<string, SimModule> = {
  ...DECISION_MODULES,
  ...UNDERSTANDING_MODULES,
  ...KNOWLEDGE_SIM_MODULES,
  capability_router: capabilityRouter,
};
