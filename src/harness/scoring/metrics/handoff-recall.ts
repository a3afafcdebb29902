import { judged, one, rate } from './rate.js';

/** Expected hand-offs that were made, of all expected. */
export const handoffRecall = rate('handoff_recall', false, (r) => {
  const h = r.facts.handoff;
  return judged(r) && h && h.expected !== null ? [one(h.actual && h.expected), one(h.expected)] : null;
});
