/**
 * What in the world backs a claim: only the state it names. A refund
 * submitted is a refund record; a refund that succeeded or arrived is a
 * completed refund (or a payment the records show refunded), never a mere
 * request. Records that disagree back nothing.
 */
import { REFUND_UNDER_WAY } from '../../../vocabulary/fact-vocabulary.js';
import { REQUEST_TOOLS } from '../../../vocabulary/seed-contracts.js';
import { recordConflicts } from '../guard-chain.js';
import type { PipelineContext } from '../../pipeline-context.js';
import type { ClaimKind, ClaimState } from './claim-lexicon.js';

// A payment partly refunded is still refundable: it backs neither "the refund went through" nor a refund under way.
const REFUND_PAID_BACK = new Set(['refunded']);
const REFUND_ON_ITS_WAY = new Set(['refunding', ...REFUND_PAID_BACK]);

const KIND_OF_TOOL: Record<string, ClaimKind> = {
  create_refund: 'refund',
  create_compensation: 'compensation',
  cancel_order: 'cancel',
  create_ticket: 'ticket',
  modify_address: 'address_change',
  modify_order: 'address_change',
};

/** The kinds a claim of `kind` may stand for: a request is the one the conversation is about. */
export function kindsOf(ctx: PipelineContext, kind: ClaimKind): ClaimKind[] {
  if (kind !== 'request') return [kind];
  return [...new Set((REQUEST_TOOLS[String(ctx.intent?.intent)] ?? []).map((t) => KIND_OF_TOOL[t]!))];
}

/** `sentBack`: the claim says money was sent back, which only a refund does. */
export function backedOn(ctx: PipelineContext, kind: ClaimKind, state: ClaimState, orderId: string, sentBack = false): boolean {
  const world = ctx.world;
  if (recordConflicts(world, orderId).length) return false;
  const records = world.state.after_sales.filter((a) => a.order_id === orderId);
  const payment = world.state.payments.find((p) => p.order_id === orderId)?.status ?? world.order(orderId)?.payment_status;
  const refund = (s: ClaimState) =>
    s === 'submitted'
      ? records.some((a) => REFUND_UNDER_WAY.has(a.status)) || REFUND_ON_ITS_WAY.has(String(payment))
      : records.some((a) => a.status === 'refund_completed') || REFUND_PAID_BACK.has(String(payment));
  const compensated = () => records.some((a) => a.status === 'compensation_issued');
  switch (kind) {
    case 'refund':
      return refund(state);
    case 'compensation':
      return compensated();
    case 'money':
      return refund(state) || (!sentBack && compensated());
    case 'cancel': {
      const status = world.order(orderId)?.status;
      // Only the order's own status: an after-sales request withdrawn (a record 'cancelled') leaves the order as it was.
      return status === 'cancelled' || status === 'closed';
    }
    case 'address_change':
      return world.writes.some((w) => (w.tool === 'modify_address' || w.tool === 'modify_order') && w.args.order_id === orderId && w.changed_state);
    case 'ticket':
      // A ticket closed before (or during) the conversation is no complaint registered and being followed now.
      return world.state.tickets.some((t) => t.order_id === orderId && t.status === 'open');
    // No tool of this agent exchanges, reships, repairs or picks up: nothing backs such a claim.
    case 'unsupported':
      return false;
    default:
      return false;
  }
}

/** The order a reference belongs to: an order id itself, or a refund, ticket, tracking or write reference of one. */
function holderOf(ctx: PipelineContext, ref: string): string | undefined {
  const s = ctx.world.state;
  return (
    s.orders.find((o) => o.order_id === ref)?.order_id ??
    s.after_sales.find((a) => a.refund_id === ref)?.order_id ??
    s.tickets.find((t) => t.ticket_id === ref)?.order_id ??
    s.logistics.find((l) => l.tracking_no === ref)?.order_id ??
    (ctx.world.writes.find((w) => w.outcome.data.reference_id === ref)?.args.order_id as string | undefined)
  );
}

/**
 * The orders a claim's references name: the customer's own orders, and the
 * orders their refund, ticket, receipt or tracking numbers belong to. Another
 * user's order stays as it is (nothing of the customer's backs it); a
 * reference nobody holds names nothing here (unheldRefs says so).
 */
export function ordersNamed(ctx: PipelineContext, refs: string[]): string[] {
  const own = new Set(ctx.world.orderIdsOf(ctx.scenario.user.id));
  const out = refs.flatMap((r) => {
    const order = holderOf(ctx, r);
    return order ? [order] : [];
  });
  return [...new Set(out)].sort((a, b) => Number(own.has(b)) - Number(own.has(a)));
}

/**
 * References in a claim's sentence that no record holds and the customer did
 * not write: "O123 的赔偿已经给你了" about an order that does not exist is a
 * claim nothing can back, whatever the conversation's own order shows. A
 * document's id (规则 R001) is a record's, and what the customer's orders say
 * of themselves (a product called P40) is theirs.
 */
export function unheldRefs(ctx: PipelineContext, refs: string[], said: string): string[] {
  const own = new Set(ctx.world.orderIdsOf(ctx.scenario.user.id));
  const described = ctx.world.state.orders.filter((o) => own.has(o.order_id)).map((o) => o.product_name ?? '');
  const documents = new Set(ctx.world.state.policies.map((p) => p.doc_id));
  return refs.filter((r) => !holderOf(ctx, r) && !documents.has(r) && !said.includes(r) && !described.some((d) => d.includes(r)));
}
