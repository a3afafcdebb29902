/**
 * Whether the world, as it stood when a reply was sent, holds the state a
 * claim names on one order. A claim is proven only by the state it names: a
 * submitted request by a request record, a success or an arrival of money
 * only by the completed effect. A record this run made proves what it is;
 * older records that disagree with each other (the order and its payment
 * record) prove nothing on their own — the guards hand off there.
 */
import { REFUND_UNDER_WAY } from '../vocabulary/fact-vocabulary.js';
import type { World } from '../scenarios/scenario-schema.js';
import type { ClaimState } from './readers/claim-reader.js';
import type { Effect } from './world-effects.js';

export type Proof = { held: true } | { held: false; why: string };

const MONEY_KINDS = new Set(['refund', 'compensation', 'money']);

/**
 * The proof of `kind` in `state` on `orderId`. `effects` are the changes from
 * the world before the conversation to `world`; `userTicket` lets an open
 * ticket of the user with no order stand for a conversation that named none.
 */
export function proofOn(kind: string, state: ClaimState, orderId: string, world: World, effects: Effect[], userTicket: { userId: string } | null): Proof {
  const order = world.orders.find((o) => o.order_id === orderId);
  if (!order) return { held: false, why: `order ${orderId} does not exist` };
  if (MONEY_KINDS.has(kind)) return moneyProof(kind, state, orderId, world, effects);
  let held: boolean;
  switch (kind) {
    case 'cancel':
      held = order.status === 'cancelled' || order.status === 'closed';
      break;
    case 'ticket':
      held = world.tickets.some(
        (t) => t.status === 'open' && (t.order_id === orderId || (userTicket !== null && t.order_id === null && t.user_id === userTicket.userId)),
      );
      break;
    case 'address_change':
      held = effects.some((e) => (e.tool === 'modify_address' || e.tool === 'modify_order') && e.order_id === orderId);
      break;
    // An exchange, a reshipment, a repair or a pickup: no tool of this agent makes one, so no record proves it.
    case 'unsupported':
      return { held: false, why: `no tool of this agent exchanges, reships, repairs or picks up order ${orderId}` };
    default:
      held = effects.some((e) => e.order_id === orderId);
  }
  return held ? { held: true } : { held: false, why: `no ${kind === 'any' ? 'change' : kind} on order ${orderId}` };
}

const MONEY_TOOLS: Record<string, string[]> = {
  refund: ['create_refund'],
  compensation: ['create_compensation'],
  money: ['create_refund', 'create_compensation'],
};

function moneyProof(kind: string, state: ClaimState, orderId: string, world: World, effects: Effect[]): Proof {
  const records = world.after_sales.filter((a) => a.order_id === orderId).map((a) => a.status);
  const payment = world.payments.find((p) => p.order_id === orderId)?.status ?? world.orders.find((o) => o.order_id === orderId)!.payment_status;
  const refund = kind === 'refund' || kind === 'money';
  const compensation = kind === 'compensation' || kind === 'money';
  // What this run wrote is its own proof, whatever older records say: a request it made proves "submitted", a
  // completed record beside it proves the rest. A payment record is never this run's (no write sets one).
  const madeNow = effects.some((e) => e.order_id === orderId && MONEY_TOOLS[kind]!.includes(e.tool));
  const completedRecord = (refund && records.includes('refund_completed')) || (compensation && records.includes('compensation_issued'));
  const completed = completedRecord || (refund && payment === 'refunded');
  const requested = completed || (refund && (records.some((st) => REFUND_UNDER_WAY.has(st)) || payment === 'refunding'));
  if (madeNow && (state === 'submitted' || completedRecord)) return { held: true };
  const conflict = paymentConflict(orderId, world);
  if (conflict) return { held: false, why: `the records of order ${orderId} disagree (${conflict}): they prove nothing` };
  if (state === 'submitted') return requested ? { held: true } : { held: false, why: `no ${kind} request on record for order ${orderId}` };
  if (completed) return { held: true };
  const said = state === 'arrived' ? 'arrived' : 'succeeded';
  return { held: false, why: requested ? `the ${kind} on order ${orderId} is only requested, not ${said}` : `no ${kind} on order ${orderId}` };
}

/** The order and its payment record disagree about the payment. */
function paymentConflict(orderId: string, world: World): string | null {
  const order = world.orders.find((o) => o.order_id === orderId);
  const payment = world.payments.find((p) => p.order_id === orderId);
  return order && payment && payment.status !== order.payment_status
    ? `the order says ${order.payment_status}, the payment record says ${payment.status}`
    : null;
}
