import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Tool-call accuracy: the set of write tools executed is the set expected. */
export const toolCalls: ScenarioCheck = ({ input, calls }) => {
  const expected = input.scenario.expected.tool_calls.map((c) => c.tool_name).sort();
  const called = [...new Set(calls.map((c) => c.tool))].sort();
  return [
    expected.join() === called.join() ? pass('tool_calls') : fail('tool_calls', `expected writes [${expected.join(', ')}], executed [${called.join(', ')}]`),
  ];
};
