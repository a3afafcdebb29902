/**
 * The refund follow-up decision from runtime facts (docs/spec/capability-routing.md#refund-follow-up), never from the
 * chat: the refund is bound among the customer's own (one → it; several →
 * ask which; another customer's id → never used), then within the SLA the
 * verified status is explained, overdue with no exception ticket one ticket
 * is created, and an open exception ticket is reused, never duplicated.
 */
export interface RefundRecord {
  refund_id: string;
  customer_id: string;
  status: 'processing' | 'completed' | 'failed';
  waited_days: number;
  sla_days: number;
  /** The open exception ticket, if any. */
  exception_ticket: string | null;
}

export type FollowupDecision =
  | { action: 'explain_status'; refund_id: string; reason: string }
  | { action: 'create_exception_ticket'; refund_id: string; reason: string }
  | { action: 'reuse_ticket'; refund_id: string; ticket_id: string; reason: string }
  | { action: 'ask_which'; candidates: string[]; reason: string }
  | { action: 'refuse_object'; reason: string };

export function decideFollowup(customerId: string, refunds: readonly RefundRecord[], namedRefundId: string | null): FollowupDecision {
  const own = refunds.filter((r) => r.customer_id === customerId);
  let refund: RefundRecord | undefined;
  if (namedRefundId) {
    refund = own.find((r) => r.refund_id === namedRefundId);
    if (!refund) return { action: 'refuse_object', reason: `${namedRefundId} is not a refund of this customer` };
  } else if (own.length === 1) {
    refund = own[0];
  } else {
    return own.length === 0
      ? { action: 'refuse_object', reason: 'this customer has no refund' }
      : { action: 'ask_which', candidates: own.map((r) => r.refund_id), reason: `${own.length} refunds: the customer names one` };
  }
  const r = refund!;
  if (r.status !== 'processing' || r.waited_days <= r.sla_days) {
    return { action: 'explain_status', refund_id: r.refund_id, reason: `${r.status}, ${r.waited_days} of ${r.sla_days} days` };
  }
  if (r.exception_ticket)
    return {
      action: 'reuse_ticket',
      refund_id: r.refund_id,
      ticket_id: r.exception_ticket,
      reason: `overdue (${r.waited_days} > ${r.sla_days} days) and ticket ${r.exception_ticket} is open`,
    };
  return { action: 'create_exception_ticket', refund_id: r.refund_id, reason: `overdue (${r.waited_days} > ${r.sla_days} days) with no exception ticket` };
}
