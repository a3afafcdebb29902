import { judged, one, rate } from './rate.js';
import { toolMatch } from './tool-match.js';

/** Cases whose set of tools called is the set expected. */
export const toolCallAccuracy = rate('tool_call_accuracy', false, (r) => (judged(r) && r.facts.tools ? [one(toolMatch(r.facts.tools).exact), 1] : null));
