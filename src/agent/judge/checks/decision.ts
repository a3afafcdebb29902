import { oneOf } from './one-of.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The decision the deciding stage reached, one of those the scenario accepts. */
export const decision: ScenarioCheck = ({ input, decision: got }) => oneOf('decision', input.scenario.expected.decision, got);
