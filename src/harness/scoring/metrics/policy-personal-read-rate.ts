import { judged, rate } from './rate.js';

/** Policy-question turns with a personal read or a write, of all policy-question turns; beside it, the reads and writes themselves. */
export const policyPersonalReadRate = rate(
  'policy_personal_read_rate',
  true,
  (r) => (judged(r) && r.facts.capability ? [r.facts.capability.policy_turns_touched, r.facts.capability.policy_turns] : null),
  { reads_and_writes: (r) => r.facts.capability!.policy_personal_reads },
);
