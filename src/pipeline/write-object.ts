/**
 * The order a write acts on comes from the user, never from a model's slot:
 * an id the user typed (in the latest of their turns that typed one of their
 * orders), an order whose action they confirmed earlier in the conversation,
 * or the only order they have. A slot naming another order of the same user
 * is a new object the user has not named: the program asks which order, and
 * nothing is written.
 */
import type { PipelineContext } from './pipeline-context.js';
import { answerForm } from './consent-text.js';
import { escapeRegExp } from '../base/escape-regexp.js';

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

export function writeObjectNamed(ctx: PipelineContext, orderId: string): ObjectCheck {
  return objectNamed(
    {
      words: ctx.userWords,
      own: ctx.world.orderIdsOf(ctx.scenario.user.id),
      all: ctx.world.state.orders.map((o) => o.order_id),
      confirmed: ctx.trace.confirmation.requests.filter((r) => r.answer === 'confirmed').map((r) => String(r.args.order_id)),
    },
    orderId,
  );
}

export function objectNamed(user: UserObjects, orderId: string): ObjectCheck {
  const typed = lastTypedOrders(user.words, user.own);
  if (typed.includes(orderId)) return { named: true, why: `the user typed ${orderId}` };
  if (user.confirmed.includes(orderId)) return { named: true, why: `the user confirmed an action on ${orderId} earlier` };
  const typedOther = user.all.some((id) => id !== orderId && user.words.some((text) => typesId(text, id)));
  if (!typedOther && user.own.length === 1 && user.own[0] === orderId) return { named: true, why: `${orderId} is the user's only order` };
  const why = typed.length
    ? `the user named ${typed.join(', ')}, not ${orderId}`
    : `the user has ${user.own.length} orders and named none of them; ${orderId} came from a model`;
  return { named: false, why, orders: user.own };
}

/** The user's orders named in the latest user turn that names any of them: a later id replaces an earlier one. */
function lastTypedOrders(words: string[], own: string[]): string[] {
  for (const text of [...words].reverse()) {
    const named = own.filter((id) => typesId(text, id));
    if (named.length) return named;
  }
  return [];
}

/** The program's question when the object is not the user's choice: their own orders, so they can name one. */
export function whichOrderQuestion(orders: string[]): string {
  const list = orders.length > 1 && orders.length <= 10 ? `（您名下的订单：${orders.join('、')}）` : '';
  return `请问您要办理的是哪一笔订单${list}？请告诉我订单号。`;
}
