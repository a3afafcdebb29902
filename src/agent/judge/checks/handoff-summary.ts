import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Each field the scenario expects of the hand-off summary, when a hand-off was made: a list holds every expected item. */
export const handoffSummary: ScenarioCheck = ({ input: { scenario, trace } }) => {
  const expected = scenario.expected.handoff_summary;
  if (!expected || !trace.handoff) return [];
  const actual = trace.handoff as unknown as Record<string, unknown>;
  return Object.entries(expected).map(([key, want]) => {
    const got = actual[key];
    const ok = Array.isArray(want) ? Array.isArray(got) && want.every((w) => got.includes(w)) : JSON.stringify(got) === JSON.stringify(want);
    return ok ? pass(`handoff_summary[${key}]`) : fail(`handoff_summary[${key}]`, `expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  });
};
