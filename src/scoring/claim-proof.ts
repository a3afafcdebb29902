/**
 * Whether the world, as it stood when a reply was sent, holds the effect a
 * claim states on one order. Only records that agree prove anything: where
 * the order and its payment record disagree, the guards hand off, and a claim
 * resting on either record is unproven.
 */
import { REFUND_UNDER_WAY } from '../registry/fact-vocabulary.js';
import type { World } from '../cases/scenario-schema.js';
import type { Effect } from './world-effects.js';

export type Proof = { held: true } | { held: false; why: string };

const MONEY_KINDS = new Set(['refund', 'compensation', 'money']);

/**
 * The proof of `kind` on `orderId`. `effects` are the changes from the world
 * before the conversation to `world`; `userTicket` lets an open ticket of the
 * user with no order stand for a conversation that named none.
 */
export function proofOn(kind: string, orderId: string, world: World, effects: Effect[], userTicket: { userId: string } | null): Proof {
  const order = world.orders.find((o) => o.order_id === orderId);
  if (!order) return { held: false, why: `order ${orderId} does not exist` };
  if (MONEY_KINDS.has(kind)) {
    const conflict = paymentConflict(orderId, world);
    if (conflict) return { held: false, why: `the records of order ${orderId} disagree (${conflict}): they prove nothing` };
  }
  const records = world.after_sales.filter((a) => a.order_id === orderId).map((a) => a.status);
  const payment = world.payments.find((p) => p.order_id === orderId)?.status ?? order.payment_status;
  const refunded = records.some((st) => REFUND_UNDER_WAY.has(st)) || payment === 'refunded' || payment === 'refunding';
  const compensated = records.includes('compensation_issued');
  let held: boolean;
  switch (kind) {
    case 'refund':
      held = refunded;
      break;
    case 'compensation':
      held = compensated;
      break;
    case 'money':
      held = refunded || compensated;
      break;
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
    default:
      held = effects.some((e) => e.order_id === orderId);
  }
  return held ? { held: true } : { held: false, why: `no ${kind === 'any' ? 'change' : kind} on order ${orderId}` };
}

/** The order and its payment record disagree about the payment. */
function paymentConflict(orderId: string, world: World): string | null {
  const order = world.orders.find((o) => o.order_id === orderId);
  const payment = world.payments.find((p) => p.order_id === orderId);
  return order && payment && payment.status !== order.payment_status
    ? `the order says ${order.payment_status}, the payment record says ${payment.status}`
    : null;
}
