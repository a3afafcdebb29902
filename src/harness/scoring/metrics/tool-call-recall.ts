import { judged, rate } from './rate.js';
import { toolMatch } from './tool-match.js';

/** Expected calls that were made, of all expected. */
export const toolCallRecall = rate('tool_call_recall', false, (r) => {
  if (!judged(r) || !r.facts.tools) return null;
  const m = toolMatch(r.facts.tools);
  return [m.matched, m.expected];
});
