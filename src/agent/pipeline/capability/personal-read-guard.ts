/**
 * The guard before any personal read or write on the capability path: the
 * customer's refunds, orders, after-sales records and tickets are read only
 * when the customer's own words in this turn name a personal object — an id
 * of theirs, or a possessive reference from the closed table — or when the
 * turn follows up the object already confirmed in this branch. The entry
 * model's capability, refund id and evidence are model text and earn nothing;
 * the chat history and tool data are not this turn's words. An attack placed
 * in the customer's own turn is, to the program, their words: it can earn a
 * read of their own records at most, never another customer's.
 */
import type { PipelineContext } from '../pipeline-context.js';
import type { ConversationState } from './conversation-state.js';
import { followUpPhrase, idsIn, possessiveReference, referenceForm, switchPhrase } from './personal-object-words.js';

type PersonalReadRule = 'personal_read_unnamed' | 'personal_read_foreign_object';

export type PersonalReadVerdict = { allowed: true; why: string } | { allowed: false; rule: PersonalReadRule; reason: string };

/** The ids the account holds: its orders and the refunds on them (an ownership index, not a record read). */
function ownIds(ctx: PipelineContext): Set<string> {
  const orders = ctx.world.orderIdsOf(ctx.scenario.user.id);
  const refunds = ctx.world.state.after_sales.filter((a) => orders.includes(a.order_id) && typeof a.refund_id === 'string').map((a) => String(a.refund_id));
  return new Set([...orders, ...refunds].map((id) => id.toUpperCase()));
}

export function personalReadGuard(ctx: PipelineContext, state: ConversationState): PersonalReadVerdict {
  const form = referenceForm(ctx.userTurn);
  const own = ownIds(ctx);
  const ids = idsIn(form);
  const named = ids.find((id) => own.has(id));
  if (named) return { allowed: true, why: `this turn names ${named}, the customer's own` };
  const possessive = possessiveReference(form);
  if (possessive) return { allowed: true, why: `this turn refers to the customer's own object ("${possessive}")` };
  const followUp = state.confirmed_refund ? followUpPhrase(form) : undefined;
  if (followUp) return { allowed: true, why: `this turn follows up ${state.confirmed_refund}, confirmed in this branch ("${followUp}")` };
  const switched = state.confirmed_refund && !ids.length ? switchPhrase(form) : undefined;
  if (switched) return { allowed: true, why: `this turn corrects which of their refunds the customer meant, not ${state.confirmed_refund} ("${switched}")` };
  if (ids.length)
    return { allowed: false, rule: 'personal_read_foreign_object', reason: `this turn names ${ids.join(', ')}, none of them the customer's: nothing is read` };
  return {
    allowed: false,
    rule: 'personal_read_unnamed',
    reason: "the customer's words name no refund or order of theirs and continue none: the entry model's choice alone earns no personal read",
  };
}
