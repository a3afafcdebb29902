/**
 * The structured hand-off (docs/spec/program-enforcement.md#the-hand-off-summary): what a human needs to decide without
 * reading the conversation. Built by the program from the trace, not by a model.
 */
import { orderReferences } from '../../prompt-vocabulary/completion-claims.js';
import type { Output, PipelineContext } from '../pipeline-context.js';
import type { HandoffSummary } from '../trace.js';

export function buildHandoffSummary(ctx: PipelineContext): HandoffSummary {
  const intent = ctx.intent ?? {};
  const slots = (intent.slots ?? {}) as Output;
  const orderId = ctx.orderId;
  const owner = orderId ? ctx.world.ownerOf(orderId) : undefined;
  const decision = ctx.decision;
  const refund = decision?.decision === 'refund_allowed' || intent.intent === 'refund_request';
  const amount = orderId ? (ctx.world.order(orderId)?.amount ?? null) : null;
  return {
    customer_id: ctx.scenario.user.id,
    // The session user is authenticated; "verified" says the order in question is really theirs.
    verified: orderId ? owner === ctx.scenario.user.id : true,
    issue_summary: String(intent.normalized_user_request ?? ctx.userTurn),
    root_cause: ctx.handoffReasons[0] ?? String(decision?.reason_summary ?? 'needs human judgement'),
    order_refs: conversationOrders(ctx),
    refund_amount: refund && owner === ctx.scenario.user.id ? amount : null,
    actions_taken: [...ctx.actionsTaken],
    recommended_action: recommendedAction(ctx),
    customer_sentiment: String(slots.user_emotion ?? 'unknown'),
  };
}

/**
 * Every order the conversation is about, the request's first: the ones the
 * user named in any turn and the ones a tool was called on. The human who
 * takes over sees all of them, not just the one the intent slot carried.
 */
function conversationOrders(ctx: PipelineContext): string[] {
  const known = new Set(ctx.world.state.orders.map((o) => o.order_id));
  const said = [...ctx.history.filter((h) => h.role === 'user').map((h) => h.content), ctx.userTurn];
  const named = said.flatMap(orderReferences).filter((id) => known.has(id));
  const touched = ctx.trace.tools.map((t) => t.args.order_id).filter((id): id is string => typeof id === 'string' && known.has(id));
  return [...new Set([...(ctx.orderId ? [ctx.orderId] : []), ...named, ...touched])];
}

function recommendedAction(ctx: PipelineContext): string {
  const reasons = ctx.handoffReasons.join('; ');
  if (ctx.injectionRisk) return `review the request for prompt-injection before any write action (${reasons})`;
  const decision = ctx.decision?.decision;
  if (decision === 'refund_allowed') return 'approve or reject the refund after review';
  if (decision === 'compensation_allowed') return 'approve or reject the compensation after review';
  if (ctx.conflicts.length) return `resolve conflicting tool results: ${ctx.conflicts.join('; ')}`;
  return reasons || 'follow up with the customer';
}
