import { judged, rate } from './rate.js';
import { toolMatch } from './tool-match.js';

/** Calls that match an expected call, of all calls made. */
export const toolCallPrecision = rate('tool_call_precision', false, (r) => {
  if (!judged(r) || !r.facts.tools) return null;
  const m = toolMatch(r.facts.tools);
  return [m.matched, m.proposed];
});
