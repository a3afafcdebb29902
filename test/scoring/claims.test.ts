/**
 * Claims of completed actions: which wordings of the response prompt's Claim
 * Vocabulary a reply makes (negated ones are not claims), and for each claim
 * kind the world that backs it and the nearest world that does not.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioSchema, WorldSchema, type World } from '../../src/pipeline/scenario-schema.js';
import { emptyTrace } from '../../src/pipeline/trace.js';
import { claimsIn, unbackedReason } from '../../src/scoring/claims.js';
import { judgePrompts, type JudgeInput } from '../../src/scoring/judge-input.js';
import type { Effect } from '../../src/scoring/world-effects.js';
import { loadWorkspace } from '../../src/workspace.js';

const ws = await loadWorkspace();
const prompts = judgePrompts(ws.active);
const vocabulary = prompts.claimVocabulary;

const BASE = {
  orders: [
    { order_id: 'O1', user_id: 'U1', status: 'paid', payment_status: 'paid', shipment_status: 'not_shipped', amount: 100 },
    { order_id: 'O2', user_id: 'U1', status: 'paid', payment_status: 'paid', shipment_status: 'not_shipped', amount: 50 },
    { order_id: 'O3', user_id: 'U2', status: 'paid', payment_status: 'paid', shipment_status: 'not_shipped', amount: 10 },
  ],
};
const worldWith = (patch: Record<string, unknown> = {}): World => WorldSchema.parse({ ...BASE, ...patch });

function input(after: World | undefined, intent = 'refund_request', handoff = false): JudgeInput {
  const scenario = ScenarioSchema.parse({ scenario_id: 's', case_type: 'normal', user: { id: 'U1' }, turn: 't', world: BASE, expected: { intent } });
  return { scenario, trace: { ...emptyTrace(), world_after: after, ...(handoff ? { handoff: { reason: 'r' } } : {}) } as JudgeInput['trace'], gates: true, prompts };
}
const claim = (kind: string, text: string) => ({ kind, text });
const why = (c: { kind: string; text: string }, reply: string, after: World | undefined, options: { intent?: string; effects?: Effect[]; handoff?: boolean } = {}) =>
  unbackedReason(c, reply, input(after, options.intent, options.handoff), options.effects ?? []);

describe('claims in a reply', () => {
  it.each([
    ['退款已成功，请留意', [['refund', '退款已成功']]],
    ['已为您办理全额退款', [['refund', '已为您办理全额退款']]],
    ['已为您退 100 元', [['refund', '已为您退 100 元']]],
    ['您的退款尚未退款成功', []],
    ['订单还没取消成功', []],
    ['补偿已发放，工单已创建', [['compensation', '补偿已发放'], ['ticket', '工单已创建']]],
    ['退款已成功。退款已成功。', [['refund', '退款已成功']]],
    ['已为您转接人工', [['handoff', '已为您转接人工']]],
    ['已处理完成', [['request', '已处理完成']]],
    ['退 款 已 成 功', [['refund', '退 款 已 成 功']]],
    ['我们会尽快处理您的退款申请', []],
  ] as const)('%s', (reply, expected) => {
    expect(claimsIn(reply, vocabulary).map((c) => [c.kind, c.text])).toEqual(expected);
  });
});

describe('each claim against its own action in the world after the run', () => {
  const refundRecord = (order_id: string, status: string) => ({ after_sales: [{ order_id, status }] });
  it.each([
    ['a refund with a refund record', claim('refund', '退款已成功'), '退款已成功', worldWith(refundRecord('O1', 'refund_requested')), {}, null],
    ['a refund with a refunded payment', claim('refund', '退款已成功'), '退款已成功', worldWith({ payments: [{ order_id: 'O1', status: 'refunded', amount: 100 }] }), {}, null],
    ['a refund with a refunding payment', claim('refund', '退款已成功'), '退款已成功', worldWith({ payments: [{ order_id: 'O2', status: 'refunding', amount: 50 }] }), {}, null],
    ['a refund with only a rejected refund', claim('refund', '退款已成功'), '退款已成功', worldWith(refundRecord('O1', 'refund_rejected')), {}, 'the reply says "退款已成功" (refund) but no refund is in the world'],
    ['a refund on another user\'s order is not this user\'s', claim('refund', '退款已成功'), '退款已成功', worldWith(refundRecord('O3', 'refund_requested')), {}, 'the reply says "退款已成功" (refund) but no refund is in the world'],
    ['a reply naming O2 needs the refund on O2', claim('refund', '退款已成功'), '订单 O2 退款已成功', worldWith(refundRecord('O1', 'refund_requested')), {}, 'the reply says "退款已成功" (refund) but no refund is in the world'],
    ['a compensation issued', claim('compensation', '补偿已到账'), '补偿已到账', worldWith(refundRecord('O1', 'compensation_issued')), {}, null],
    ['a compensation claimed on a refund', claim('compensation', '补偿已到账'), '补偿已到账', worldWith(refundRecord('O1', 'refund_requested')), {}, 'the reply says "补偿已到账" (compensation) but no compensation is in the world'],
    ['a cancellation', claim('cancel', '订单已取消'), '订单已取消', worldWith({ orders: [{ ...BASE.orders[0], status: 'cancelled' }, BASE.orders[1], BASE.orders[2]] }), {}, null],
    ['a closed order counts as cancelled', claim('cancel', '订单已取消'), '订单已取消', worldWith({ orders: [{ ...BASE.orders[0], status: 'closed' }, BASE.orders[1], BASE.orders[2]] }), {}, null],
    ['no cancellation', claim('cancel', '订单已取消'), '订单已取消', worldWith(), {}, 'the reply says "订单已取消" (cancel) but no cancel is in the world'],
    ['an open ticket on the order', claim('ticket', '工单已创建'), '工单已创建', worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O1', user_id: 'U1', status: 'open', summary: 's' }] }), {}, null],
    ['an open ticket with no order, the user\'s', claim('ticket', '工单已创建'), '工单已创建', worldWith({ tickets: [{ ticket_id: 'T1', order_id: null, user_id: 'U1', status: 'open', summary: 's' }] }), {}, null],
    ['a closed ticket', claim('ticket', '工单已创建'), '工单已创建', worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O1', user_id: 'U1', status: 'closed', summary: 's' }] }), {}, 'the reply says "工单已创建" (ticket) but no ticket is in the world'],
    ['another user\'s ticket', claim('ticket', '工单已创建'), '工单已创建', worldWith({ tickets: [{ ticket_id: 'T1', order_id: null, user_id: 'U2', status: 'open', summary: 's' }] }), {}, 'the reply says "工单已创建" (ticket) but no ticket is in the world'],
    ['an address change', claim('address_change', '地址已修改'), '地址已修改', worldWith(), { effects: [{ tool: 'modify_address', order_id: 'O1', args: {} }] }, null],
    ['an order change counts as an address change', claim('address_change', '地址已修改'), '地址已修改', worldWith(), { effects: [{ tool: 'modify_order', order_id: 'O2', args: {} }] }, null],
    ['an address change on another user\'s order', claim('address_change', '地址已修改'), '地址已修改', worldWith(), { effects: [{ tool: 'modify_address', order_id: 'O3', args: {} }] }, 'the reply says "地址已修改" (address_change) but no address_change is in the world'],
    ['a refund is no address change', claim('address_change', '地址已修改'), '地址已修改', worldWith(), { effects: [{ tool: 'create_refund', order_id: 'O1', args: {} }] }, 'the reply says "地址已修改" (address_change) but no address_change is in the world'],
    ['a hand-off made', claim('handoff', '已转人工'), '已转人工', worldWith(), { handoff: true }, null],
    ['a hand-off claimed, none made', claim('handoff', '已转人工'), '已转人工', worldWith(), {}, 'the reply says "已转人工" (handoff) but no handoff is in the world'],
    ['"done" on a refund request needs a refund', claim('request', '已处理完成'), '已处理完成', worldWith(), {}, 'the reply says "已处理完成" (request) but no refund is in the world'],
    ['"done" on a cancellation request needs a cancellation', claim('request', '已处理完成'), '已处理完成', worldWith(refundRecord('O1', 'refund_requested')), { intent: 'cancel_order' }, 'the reply says "已处理完成" (request) but no cancel is in the world'],
    ['"done" on another request needs some change', claim('request', '已处理完成'), '已处理完成', worldWith(), { intent: 'logistics_query' }, 'the reply says "已处理完成" (request) but no change is in the world'],
    ['"done" on another request with a change', claim('request', '已处理完成'), '已处理完成', worldWith(), { intent: 'logistics_query', effects: [{ tool: 'create_ticket', order_id: 'O1', args: {} }] }, null],
    ['no world after the run', claim('refund', '退款已成功'), '退款已成功', undefined, {}, 'no record of the world after the run'],
  ] as const)('%s', (_what, c, reply, after, options, expected) => {
    expect(why(c, reply, after as World | undefined, options as { intent?: string; effects?: Effect[]; handoff?: boolean })).toBe(expected);
  });
});
