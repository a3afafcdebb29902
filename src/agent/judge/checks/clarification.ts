import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Whether the agent asked the customer a clarification question. */
export const clarification: ScenarioCheck = ({ input: { scenario, trace } }) => {
  const want = scenario.expected.clarification;
  if (want === undefined) return [];
  if (trace.clarification_asked === want) return [pass('clarification')];
  return [fail('clarification', want ? 'expected a clarification question' : 'asked for clarification unexpectedly')];
};
