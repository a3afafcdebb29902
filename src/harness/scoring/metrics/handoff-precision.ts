import { judged, one, rate } from './rate.js';

/** Hand-offs that were expected, of all made; a hand-off the scenario does not judge counts toward neither precision nor recall. */
export const handoffPrecision = rate('handoff_precision', false, (r) => {
  const h = r.facts.handoff;
  return judged(r) && h && h.expected !== null ? [one(h.actual && h.expected), one(h.actual)] : null;
});
