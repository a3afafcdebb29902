import type { SimModule } from '../sim-module.js';
import { simulateCaseGenerator } from './case-generator.js';
import { DECISION_MODULES } from './decision.js';
import { UNDERSTANDING_MODULES } from './understanding.js';

/** module id → reference implementation. */
export const SIM_MODULES: Record<string, SimModule> = {
  ...DECISION_MODULES,
  ...UNDERSTANDING_MODULES,
  prompt_evaluation: simulateCaseGenerator,
};
