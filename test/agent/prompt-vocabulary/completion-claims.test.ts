/**
 * Completion claims by meaning class: each class in words of its own (none of
 * them on the Claim Vocabulary), beside its nearest non-claims — the same
 * words negated, in the future, under a condition, asked, or quoted from a
 * record. A recogniser loosened in any of these directions fails a row.
 */
import { describe, expect, it } from 'vitest';
import { completionClaims } from '../../../src/agent/prompt-vocabulary/completion-claims.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';

const ws = await loadWorkspace();
const vocabulary = ws.active.get('customer_response_generation')!.structured.claimVocabulary!;
const claimed = (reply: string, withVocabulary = false) => completionClaims(reply, withVocabulary ? vocabulary : undefined).map((c) => [c.kind, c.text]);

describe('completion claims by meaning, beside their nearest non-claims', () => {
  it.each([
    // money returned, credited or arrived
    ['refund', 'money back to the account', '钱已经退回您的账户了', [['refund', '已经退回您的账户']]],
    ['refund', 'the payment went back the way it came', '款项已原路返回您的支付账户', [['refund', '款项已原路返回']]],
    ['refund', 'an amount returned', '100元已退还给您', [['refund', '100元已退还']]],
    ['refund', 'the agent returned it', '已为您将货款退还至原支付方式', [['refund', '已为您将货款退还']]],
    ['refund', 'in English', 'Your refund has been processed.', [['refund', 'refund has been processed']]],
    ['money', 'money arrived, neither refund nor compensation named', '20 元已到账', [['money', '20元已到账']]],
    ['money', 'credited to the account', '已将款项转入您的账户', [['money', '已将款项转入您的账户']]],
    ['compensation', 'a compensation paid out', '补偿金已发放到您的账户', [['compensation', '补偿金已发放']]],
    ['compensation', 'a voucher given', '已为您发放 20 元优惠券', [['compensation', '已为您发放20元优惠券']]],
    // order cancelled
    ['cancel', 'the order was cancelled', '您的订单已经被取消', [['cancel', '订单已经被取消']]],
    ['cancel', 'the agent revoked it', '已为您撤销订单', [['cancel', '已为您撤销订单']]],
    ['cancel', 'in English', 'Your order has been cancelled.', [['cancel', 'order has been cancelled']]],
    // address or order changed
    ['address_change', 'the address now reads', '收货地址已改为北京市朝阳区', [['address_change', '收货地址已改为']]],
    ['address_change', 'the agent changed it', '已将您的收货地址修改为上海', [['address_change', '已将您的收货地址修改']]],
    ['address_change', 'the order changed', '订单信息已更新', [['address_change', '订单信息已更新']]],
    // ticket created or complaint registered
    ['ticket', 'a complaint accepted', '您的投诉已受理', [['ticket', '投诉已受理']]],
    ['ticket', 'a ticket opened', '已为您建立一个工单', [['ticket', '已为您建立一个工单']]],
    ['ticket', 'in English', 'A ticket has been created for you.', [['ticket', 'ticket has been created']]],
    // Words that only look like the future or a condition.
    ['refund', '"要" as in "the one you wanted"', '您要的退款已到账', [['refund', '退款已到账']]],
    ['cancel', '"会" as in "member"', '会员订单已为您取消', [['cancel', '订单已为您取消']]],
    ['cancel', '"待" as in "awaiting shipment"', '待发货的订单已为您取消', [['cancel', '订单已为您取消']]],
  ] as const)('%s: %s', (_kind, _what, reply, expected) => {
    expect(claimed(reply)).toEqual(expected);
  });

  it.each([
    ['negated', '钱还没有退回您的账户'],
    ['negated', '款项尚未原路返回'],
    ['negated', 'Your refund has not been processed yet.'],
    ['negated', '订单还没有取消成功'],
    ['negated', '很遗憾，未能退款成功'],
    ['future', '预计 3 天内退款到账'],
    ['future', '订单明天就会取消成功'],
    ['conditional', '若退款成功我们会短信通知您'],
    ['conditional', '一旦地址修改成功请核对'],
    ['future', '款项将在 3 个工作日内原路退回'],
    ['future', '补偿金稍后会发放到您的账户'],
    ['future', 'We will cancel the order for you.'],
    ['conditional', '如果您同意，订单已取消的状态会同步给商家'],
    ['conditional', '退款成功后会短信通知您'],
    ['conditional', 'If you agree, your address has been changed.'],
    ['question', '请问订单已经取消了吗？'],
    ['question', '是否已为您修改收货地址？'],
    ['a record quoted', '支付记录显示已退款'],
    ['a record quoted', '售后记录显示已有退款申请'],
    ['a parcel, not money', '包裹已退回仓库'],
    ['a process named, nothing done', '该情况可以进入退款处理流程'],
    ['a hand-off announced for later', '接下来将由人工客服为您跟进处理'],
  ] as const)('not a claim (%s): %s', (_why, reply) => {
    expect(claimed(reply)).toEqual([]);
  });

  it("names the order references of the claim's own sentence", () => {
    expect(completionClaims('订单 O1 退款已成功。订单 O2 已为您取消。感谢耐心等待').map((c) => [c.kind, c.orderIds])).toEqual([
      ['refund', ['O1']],
      ['cancel', ['O2']],
    ]);
  });

  it('a wording on the Claim Vocabulary and its meaning are one claim; a repeated sentence one claim', () => {
    expect(claimed('退款已成功。退款已成功。', true)).toEqual([['refund', '退款已成功']]);
    expect(claimed('退 款 已 成 功', true)).toEqual([['refund', '退款已成功']]);
  });

  it('the Claim Vocabulary adds its own wordings, with the same exceptions', () => {
    // (已为您处理好 is now read by meaning too: a request done.)
    expect(claimed('已为您提交相关申请', true)).toEqual([['request', '已为您提交相关申请']]);
    expect(claimed('已为您提交相关申请', false)).toEqual([]);
    expect(claimed('还没有为您提交相关申请', true)).toEqual([]);
    expect(claimed('已经帮您全部处理好了', false)).toEqual([['request', '已经帮您全部处理好']]);
    // A negation inside a wording's `*` gap.
    expect(claimed('已为您办理全额退款', true)).toEqual([['refund', '已为您办理全额退款']]);
    expect(claimed('已为您办理不了退款', true)).toEqual([]);
  });
});
