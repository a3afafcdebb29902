import { judged, rate } from './rate.js';

/** Expected policy documents selected as evidence, of all expected. */
export const policyEvidenceRecall = rate('policy_evidence_recall', false, (r) => {
  const e = r.facts.evidence;
  return judged(r) && e ? [e.expected.filter((id) => e.selected.includes(id)).length, e.expected.length] : null;
});
