/**
 * Which orders a completion claim is about. A claim is about the orders of
 * the conversation, never "any order of this user": the orders its sentence
 * or its reply names; else the orders of the actions of its kind the agent
 * proposed or asked about so far; else the orders the conversation has been
 * about so far (the request's order, the user's words, the records read); only
 * when the conversation names no order at all, every order of the account.
 * Where it cannot be told which of several the claim means, every one must
 * hold (the judge checks each).
 */
import { orderRefsIn, type ReadClaim } from './readers/claim-reader.js';
import type { World } from '../scenarios/scenario-schema.js';
import type { JudgeInput } from './judge-input.js';

/** Where the orders came from: `account` means the conversation named none. */
type ClaimOrderSource = 'named' | 'action' | 'conversation' | 'account';

export interface ClaimOrders {
  orders: string[];
  source: ClaimOrderSource;
}

/** The writes that carry out each kind of claim; `request` and `money` stand for several. */
const CLAIM_TOOLS: Record<string, string[]> = {
  refund: ['create_refund'],
  compensation: ['create_compensation'],
  money: ['create_refund', 'create_compensation'],
  cancel: ['cancel_order'],
  address_change: ['modify_address', 'modify_order'],
  ticket: ['create_ticket'],
  handoff: [],
  any: ['create_refund', 'create_compensation', 'cancel_order', 'modify_address', 'modify_order', 'create_ticket'],
};

export function claimOrders(claim: ReadClaim, kind: string, reply: { text: string; turn: number }, input: JudgeInput, world: World): ClaimOrders {
  const { scenario: s, trace } = input;
  const known = new Set([...s.world.orders, ...world.orders].map((o) => o.order_id));
  const soFar = <T extends { turn?: number }>(xs: T[]) => xs.filter((x) => x.turn === undefined || x.turn <= reply.turn);
  const ids = (xs: unknown[]) => [...new Set(xs.filter((x): x is string => typeof x === 'string' && x !== ''))];

  // A refund named by its id (RF310) is about the order of that refund.
  const byRefund = new Map([...s.world.after_sales, ...world.after_sales].flatMap((a) => (a.refund_id ? [[a.refund_id, a.order_id] as const] : [])));
  const resolve = (refs: string[]) => refs.map((r) => byRefund.get(r) ?? r);
  const named = ids(resolve([...claim.orderIds, ...orderRefsIn(reply.text)]).filter((id) => known.has(id)));
  const inSentence = ids(resolve(claim.orderIds).filter((id) => known.has(id)));
  // A reference in the claim's own sentence that no record of the world holds and the user never wrote is an
  // order the claim is about that does not exist: it is kept, and nothing proves a claim on it.
  const saidTexts = [...s.history.filter((h) => h.role === 'user').map((h) => h.content), ...soFar(trace.turns).map((t) => t.user)];
  const unknown = resolve(claim.orderIds).filter((id) => !known.has(id));
  const madeUp = unknown.length ? unknown.filter(notHeldOrSaid([s.world, world], saidTexts)) : [];
  if (inSentence.length || madeUp.length) return { orders: ids([...inSentence, ...madeUp]), source: 'named' };
  if (named.length) return { orders: named, source: 'named' };

  const tools = CLAIM_TOOLS[kind] ?? [];
  const acted = ids([
    ...soFar(trace.confirmation.requests)
      .filter((r) => tools.includes(r.tool))
      .map((r) => r.args.order_id),
    ...soFar(trace.tools)
      .filter((t) => tools.includes(t.tool))
      .map((t) => t.args.order_id),
    ...soFar(trace.turns).flatMap((t) => (t.pending && tools.includes(t.pending.tool) ? [t.pending.args.order_id] : [])),
  ]);
  if (acted.length) return { orders: acted, source: 'action' };

  const intentStages = soFar(trace.stages).filter((st) => st.stage === 'intent_recognition');
  const slots = intentStages.length ? intentStages.map((st) => slotOrder(st.output)) : [slotOrder(trace.outputs?.intent)];
  // Only orders that exist: a slot may hold words ("最近一笔订单"), not a reference.
  const conversation = ids([...slots, ...resolve(saidTexts.flatMap(orderRefsIn)), ...soFar(trace.tools).map((t) => t.args.order_id)]).filter((id) =>
    known.has(id),
  );
  if (conversation.length) return { orders: conversation, source: 'conversation' };
  return { orders: world.orders.filter((o) => o.user_id === s.user.id).map((o) => o.order_id), source: 'account' };
}

/** A reference no record of these worlds holds and the user never wrote; ids are read as the claim's are (T-77 is T77). */
function notHeldOrSaid(worlds: World[], saidTexts: string[]): (id: string) => boolean {
  const records = new Set(
    worlds
      .flatMap((w) => [
        ...w.after_sales.map((a) => a.refund_id),
        ...w.tickets.map((t) => t.ticket_id),
        ...w.logistics.map((l) => l.tracking_no),
        ...w.policies.map((p) => p.doc_id),
        ...w.orders.map((o) => o.product_name),
      ])
      .flatMap((id) => (typeof id === 'string' ? orderRefsIn(id) : [])),
  );
  const said = new Set(saidTexts.flatMap(orderRefsIn));
  return (id) => !records.has(id) && !said.has(id);
}

function slotOrder(output: unknown): unknown {
  return (output as { slots?: { order_id?: unknown } } | null | undefined)?.slots?.order_id;
}
