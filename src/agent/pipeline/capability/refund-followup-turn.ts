/**
 * The refund follow-up path (docs/spec/capability-routing.md#refund-follow-up), from runtime facts: the customer's
 * own refunds are read from the after-sales records (never taken from the
 * chat), the object is bound among them, an overdue refund's exception
 * ticket is looked up before one is created, and one is created once only.
 * A ticket is not money that arrived, and the reply says so.
 */
import type { PipelineContext } from '../pipeline-context.js';
import type { ConversationState } from './conversation-state.js';
import { decideFollowup, type FollowupDecision, type RefundRecord } from './refund-followup.js';

export interface FollowupTurn {
  state: ConversationState;
  decision: FollowupDecision;
  reply: string;
}

const STATUS: Record<string, RefundRecord['status']> = {
  refund_requested: 'processing',
  refund_processing: 'processing',
  refund_completed: 'completed',
  refund_rejected: 'failed',
};
const STATUS_WORDS: Record<RefundRecord['status'], string> = { processing: '处理中', completed: '已完成', failed: '未成功' };
const DEFAULT_SLA_DAYS = 7;

/** One read the program makes on the customer's behalf, recorded in the trace. */
function read(ctx: PipelineContext, tool: 'query_after_sales' | 'query_ticket', orderId: string): Record<string, unknown> | null {
  const args = { order_id: orderId };
  const result = ctx.world.read(tool, args);
  ctx.recordRead({ tool, args, proposed_by: 'program', status: result.success ? 'executed' : 'failed', result });
  ctx.saw(`tool:${tool}`, result.data);
  return result.success ? result.data : null;
}

function refundOf(data: Record<string, unknown> | null, ownerOf: (orderId: string) => string | undefined): RefundRecord | null {
  if (!data || typeof data.refund_id !== 'string') return null;
  const orderId = String(data.order_id);
  return {
    refund_id: data.refund_id,
    customer_id: ownerOf(orderId) ?? 'unknown',
    status: STATUS[String(data.status)] ?? 'processing',
    waited_days: typeof data.waited_days === 'number' ? data.waited_days : 0,
    sla_days: typeof data.sla_days === 'number' ? data.sla_days : DEFAULT_SLA_DAYS,
    exception_ticket: null,
  };
}

/** A correction of the object: the order the customer now names, or the refund they no longer mean. */
export interface ObjectCorrection {
  order?: string;
  exclude?: string;
}

export function followUpRefund(ctx: PipelineContext, state: ConversationState, named: string | null, correction: ObjectCorrection = {}): FollowupTurn {
  const customer = ctx.scenario.user.id;
  const world = ctx.world;
  const orderOf = new Map<string, string>();
  const records: RefundRecord[] = [];
  const take = (orderId: string) => {
    const r = refundOf(read(ctx, 'query_after_sales', orderId), (id) => world.ownerOf(id));
    if (r) {
      records.push(r);
      orderOf.set(r.refund_id, orderId);
    }
  };
  for (const orderId of world.orderIdsOf(customer)) take(orderId);
  const onOrder = correction.order ? [...orderOf].find(([, order]) => order === correction.order)?.[0] : undefined;
  const target = named ?? (correction.order || correction.exclude ? (onOrder ?? null) : state.confirmed_refund);
  if (!ctx.options.guards && target && !records.some((r) => r.refund_id === target)) {
    // Guards off: the id is looked up wherever it is, whoever it belongs to.
    const foreign = world.state.after_sales.find((a) => a.refund_id === target);
    if (foreign) take(foreign.order_id);
    for (const r of records) r.customer_id = customer;
  }
  // A corrected object is never the one the customer just said they did not mean.
  const pool = correction.exclude && !named ? records.filter((r) => r.refund_id !== correction.exclude) : records;
  let decision: FollowupDecision =
    correction.order && !named && !onOrder
      ? { action: 'refuse_object', reason: `order ${correction.order} has no refund` }
      : decideFollowup(customer, pool, target);
  if (decision.action === 'create_exception_ticket') {
    const refundId = decision.refund_id;
    const tickets = read(ctx, 'query_ticket', orderOf.get(refundId)!)?.tickets;
    const open = Array.isArray(tickets) ? (tickets as { ticket_id: string; status: string }[]).find((t) => t.status === 'open') : undefined;
    if (open)
      decision = decideFollowup(
        customer,
        records.map((r) => (r.refund_id === refundId ? { ...r, exception_ticket: open.ticket_id } : r)),
        refundId,
      );
  }
  const confirmed = 'refund_id' in decision ? decision.refund_id : null;
  const next: ConversationState = { ...state, confirmed_refund: confirmed ?? (decision.action === 'refuse_object' ? state.confirmed_refund : null) };
  const record = records.find((r) => r.refund_id === confirmed);
  return { state: next, decision, reply: replyFor(ctx, decision, record, orderOf) };
}

function replyFor(ctx: PipelineContext, d: FollowupDecision, r: RefundRecord | undefined, orderOf: Map<string, string>): string {
  switch (d.action) {
    case 'explain_status':
      return `您好，已核实退款 ${d.refund_id} 目前${STATUS_WORDS[r!.status]}，已等待 ${r!.waited_days} 天（正常时限 ${r!.sla_days} 天）${r!.status === 'processing' ? '，仍在正常处理时限内，请您耐心等待' : ''}。`;
    case 'reuse_ticket':
      return `您好，退款 ${d.refund_id} 已超过正常时限，异常工单 ${d.ticket_id} 已在跟进中，我们不会重复创建；退款到账以银行或支付渠道通知为准。`;
    case 'create_exception_ticket': {
      const ticket = createTicket(ctx, d.refund_id, orderOf.get(d.refund_id)!, d.reason);
      return ticket
        ? `您好，退款 ${d.refund_id} 已超过正常时限，已为您创建异常工单 ${ticket} 由专人跟进；工单创建不等于钱款到账，到账时间以银行或支付渠道通知为准。`
        : `您好，退款 ${d.refund_id} 已超过正常时限，异常工单暂未创建成功，我们会继续跟进，您也可以稍后再问。`;
    }
    case 'ask_which':
      return `您好，您名下有多笔退款（${d.candidates.join('、')}），请问您问的是哪一笔？`;
    case 'refuse_object':
      return '您好，未在您的账户下找到该退款，请核对退款单号，或告诉我您要查询的是哪一笔。';
  }
}

/** The exception ticket: one per refund and conversation, whatever turn asks again. */
function createTicket(ctx: PipelineContext, refundId: string, orderId: string, reason: string): string | null {
  const call = {
    tool: 'create_ticket',
    args: { order_id: orderId, category: 'refund_exception', summary: `退款 ${refundId} 超时：${reason}` },
    idempotency_key: `${ctx.session.sessionId}:refund_exception:${refundId}`,
  };
  const before = ctx.world.writes.length;
  const outcome = ctx.world.write(call.tool, call.args, call.idempotency_key);
  const changed = ctx.world.writes[before]?.changed_state === true;
  ctx.recordTool(call, outcome.success ? 'executed' : 'failed', {
    proposed_by: 'refund.followup',
    authorization: 'server_policy',
    result: outcome,
    effect: changed,
  });
  if (outcome.success) ctx.actionsTaken.push(`exception ticket for ${refundId}`);
  return outcome.success ? String(outcome.data.reference_id ?? '') : null;
}
