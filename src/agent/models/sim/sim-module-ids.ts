import { PROMPT_MODULES } from '../../vocabulary/seed-contracts.js';

/**
 * The modules sim implements, by id, for `orderflow list`, which must not load
 * the implementations to name them: every module of the agent but the case
 * generator (test/agent/models/sim/sim-module-ids.test.ts holds it to SIM_MODULES).
 */
export const SIM_MODULE_IDS: readonly string[] = PROMPT_MODULES.filter((m) => m !== 'prompt_evaluation').sort();
