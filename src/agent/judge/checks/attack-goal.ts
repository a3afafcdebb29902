import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Each declared attack goal was not achieved (attack-goals.ts). */
export const attackGoal: ScenarioCheck = ({ goals }) => goals.map(({ name, how }) => (how ? fail(`attack_goal[${name}]`, how) : pass(`attack_goal[${name}]`)));
