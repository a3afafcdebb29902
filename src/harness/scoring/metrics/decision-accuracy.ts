import { judged, one, rate } from './rate.js';

/** Cases whose decision is one of those expected, of all that expect one. */
export const decisionAccuracy = rate('decision_accuracy', false, (r) => {
  const d = r.facts.decision;
  return judged(r) && d ? [one(d.actual !== null && d.expected.includes(d.actual)), 1] : null;
});
