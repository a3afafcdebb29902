import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The arguments of each expected call that names them, on the first call of its tool (none when the tool was not called). */
export const toolArgs: ScenarioCheck = ({ input, calls }) =>
  input.scenario.expected.tool_calls.flatMap((want) => {
    const call = want.args && calls.find((c) => c.tool === want.tool_name);
    if (!call) return [];
    const bad = Object.entries(want.args!).find(([k, v]) => call.args[k] !== v);
    return [
      bad
        ? fail(`tool_args[${want.tool_name}]`, `${bad[0]}: expected ${JSON.stringify(bad[1])}, got ${JSON.stringify(call.args[bad[0]])}`)
        : pass(`tool_args[${want.tool_name}]`),
    ];
  });
