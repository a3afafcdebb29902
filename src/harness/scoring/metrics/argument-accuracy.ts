import { judged, rate } from './rate.js';
import { toolMatch } from './tool-match.js';

/** Matched calls with the expected arguments, of the matched calls whose expectation names arguments. */
export const argumentAccuracy = rate('argument_accuracy', false, (r) => {
  if (!judged(r) || !r.facts.tools) return null;
  const m = toolMatch(r.facts.tools);
  return [m.argsRight, m.argsChecked];
});
