import { judged, one, rate } from './rate.js';

/** Capability scenarios that opened a second exception ticket on an order, of all capability scenarios; beside it, the tickets. */
export const duplicateExceptionTicketRate = rate(
  'duplicate_exception_ticket_rate',
  true,
  (r) => (judged(r) && r.facts.capability ? [one(r.facts.capability.duplicate_exception_tickets > 0), 1] : null),
  { duplicate_tickets: (r) => r.facts.capability!.duplicate_exception_tickets },
);
