import type { SimModule } from '../sim-module.js';

/** module id → reference implementation. */
export const SIM_MODULES: Record<string, SimModule> = {};
