import type { ScenarioCheck } from './scenario-check.js';

/** The capability-routing rules, on a scenario with a capability ground truth (capability-checks.ts). */
export const capability: ScenarioCheck = ({ capability: verdict }) => verdict?.checks ?? [];
