import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Whether the agent handed off to a human; a scenario that does not say leaves it unjudged (listed as such), never read as "no". */
export const handoff: ScenarioCheck = ({ input: { scenario, trace } }) => {
  const want = scenario.expected.handoff;
  if (want === undefined) return [];
  if ((trace.handoff !== null) === want) return [pass('handoff')];
  const why = want
    ? `expected a hand-off, none made (${trace.response_scenario})`
    : `unexpected hand-off: ${trace.notes.filter((n) => /hand|human/.test(n)).join('; ') || trace.handoff?.root_cause || ''}`;
  return [fail('handoff', why)];
};
