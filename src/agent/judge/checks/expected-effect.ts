import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The outcome: each effect the scenario requires is in the world after the run. */
export const expectedEffect: ScenarioCheck = ({ required }) =>
  required.map(({ want, matched }) => {
    const name = `expected_effect[${want.tool_name}${want.args?.order_id ? `@${String(want.args.order_id)}` : ''}]`;
    return matched ? pass(name) : fail(name, `the world does not show ${want.tool_name} ${JSON.stringify(want.args ?? {})}`);
  });
