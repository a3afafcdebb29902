/**
 * The order a write acts on comes from the user, never from a model's slot:
 * an id the user typed (in the latest of their turns that typed one of their
 * orders), an order whose action they confirmed earlier in the conversation,
 * or the only order they have. A slot naming another order of the same user
 * is a new object the user has not named: the program asks which order, and
 * nothing is written.
 */
import type { PipelineContext } from '../pipeline-context.js';
import { answerForm } from './consent-text.js';
import { escapeRegExp } from '../../../harness/base/escape-regexp.js';

export type ObjectCheck = { named: true; why: string } | { named: false; why: string; orders: string[] };

/**
 * Whether `text` names the order `id` as a whole id (O12 is not named by
 * O123), as the customer may type it: full-width, in another case, spaced or
 * split by punctuation or zero-width characters (answerForm drops those).
 */
function typesId(text: string, id: string): boolean {
  const chars = [...answerForm(id).replace(/[\s\p{P}]/gu, '')].map(escapeRegExp);
  return new RegExp(`(?<![a-z0-9])${chars.join('[\\s\\p{P}]*')}(?![0-9])`, 'u').test(answerForm(text));
}

/** What the user said and did that can make an order theirs to act on. */
export interface UserObjects {
  /** The user's own words, earliest first. */
  words: string[];
  /** The user's orders. */
  own: string[];
  /** Every order the world knows: a typed id of someone else's order is still a named order. */
  all: string[];
  /** Orders of actions the user confirmed earlier in the conversation. */
  confirmed: string[];
}

export function writeObjectNamed(ctx: PipelineContext, orderId: string, tool?: string): ObjectCheck {
  return objectNamed(
    {
      words: ctx.userWords,
      own: ctx.world.orderIdsOf(ctx.scenario.user.id),
      all: ctx.world.state.orders.map((o) => o.order_id),
      confirmed: ctx.trace.confirmation.requests.filter((r) => r.answer === 'confirmed').map((r) => String(r.args.order_id)),
    },
    orderId,
    tool,
  );
}

export function objectNamed(user: UserObjects, orderId: string, tool?: string): ObjectCheck {
  const { orders: typed, text } = lastTypedOrders(user.words, user.own);
  if (user.confirmed.includes(orderId)) return { named: true, why: `the user confirmed an action on ${orderId} earlier` };
  if (typed.length > 1 && typed.includes(orderId)) {
    // Several of their orders in one turn ("O123 and O456 are late; refund the first, O123"): typing an id is
    // not choosing it. The object is an order that shares a clause with the words of this action, else nobody's yet.
    const meant = ordersAskedFor(text, typed, tool);
    if (meant.includes(orderId)) return { named: true, why: `the user asked for this on ${meant.join(', ')}` };
    const why = meant.length
      ? `the user named ${typed.join(', ')} and asked for this on ${meant.join(', ')}, not ${orderId}`
      : `the user named ${typed.join(', ')} without saying which one this is for`;
    return { named: false, why, orders: typed };
  }
  if (typed.includes(orderId)) return { named: true, why: `the user typed ${orderId}` };
  const typedOther = user.all.some((id) => id !== orderId && user.words.some((text) => typesId(text, id)));
  if (!typedOther && user.own.length === 1 && user.own[0] === orderId) return { named: true, why: `${orderId} is the user's only order` };
  const why = typed.length
    ? `the user named ${typed.join(', ')}, not ${orderId}`
    : `the user has ${user.own.length} orders and named none of them; ${orderId} came from a model`;
  return { named: false, why, orders: user.own };
}

/** The user's orders named in the latest user turn that names any of them (a later id replaces an earlier one), and that turn. */
function lastTypedOrders(words: string[], own: string[]): { orders: string[]; text: string } {
  for (const text of [...words].reverse()) {
    const named = own.filter((id) => typesId(text, id));
    if (named.length) return { orders: named, text };
  }
  return { orders: [], text: '' };
}

/** The words of asking for each write, in any clause the customer writes; an unknown tool takes them all. */
const ACTION_WORDS: Record<string, RegExp> = {
  create_refund: /退|refund|money back|reimburse/u,
  cancel_order: /取消|撤|不要了|cancel/u,
  modify_address: /地址|寄到|送到|改到|address|ship (?:it )?to|deliver (?:it )?to/u,
  create_compensation: /补偿|赔|compensat/u,
  create_ticket: /投诉|工单|举报|complain|ticket|report/u,
  modify_order: /改|修改|换|change|modify|update/u,
};
const ANY_ACTION = new RegExp(
  Object.values(ACTION_WORDS)
    .map((r) => r.source)
    .join('|'),
  'u',
);

/** The typed orders that share a clause with the words of the action: what the customer asked it for. */
function ordersAskedFor(text: string, typed: string[], tool: string | undefined): string[] {
  const words = (tool && ACTION_WORDS[tool]) || ANY_ACTION;
  const clauses = answerForm(text).split(/[，,。;；!！?？\n]|\.(?!\d)/u);
  const meant = new Set<string>();
  for (const clause of clauses) if (words.test(clause)) for (const id of typed) if (typesId(clause, id)) meant.add(id);
  return typed.filter((id) => meant.has(id));
}

/** The program's question when the object is not the user's choice: their own orders, so they can name one. */
export function whichOrderQuestion(orders: string[]): string {
  const list = orders.length > 1 && orders.length <= 10 ? `（您名下的订单：${orders.join('、')}）` : '';
  return `请问您要办理的是哪一笔订单${list}？请告诉我订单号。`;
}
