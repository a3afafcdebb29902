/**
 * Each word of each non-answer class on its own row, read as a refund
 * proposal's answer: the answer holds that one word and nothing another rule
 * would read first, so that leaving the word out of its list changes the
 * reading. Where the rest of the answer is all yes-vocabulary ("这样就行",
 * "ok for now", "您好"), the word left out would turn a non-answer into
 * consent. consent-reading.test.ts pairs each class with its nearest yes.
 */
import { describe, expect, it } from 'vitest';
import { readConfirmationReply } from '../../../src/agent/pipeline/consent/confirmation-reply.js';
import type { ProposedCall } from '../../../src/agent/pipeline/guards/guard-chain.js';

const refund: ProposedCall = { tool: 'create_refund', args: { order_id: 'O123', amount: 199, reason: '未发货' }, idempotency_key: 'k1' };

const sms: ProposedCall = { tool: 'send_sms', args: { to: '13800138000', message: '您的退款已受理' }, idempotency_key: 'k2' };
const email: ProposedCall = { tool: 'send_email', args: { to: 'li.na@example.com', message: 'Your refund was accepted' }, idempotency_key: 'k3' };
const address: ProposedCall = { tool: 'modify_address', args: { order_id: 'O123', address: '北京市朝阳区建国路88号' }, idempotency_key: 'k4' };

const readAs = (answer: string, call = refund) => {
  const r = readConfirmationReply(answer, call);
  return r.reading === 'not_consent' ? `${r.reading}:${r.why}` : r.reading;
};

/** [the word's list, the answer, how it must read]. */
const ROWS: [string, string, string][] = [
  ['closing', '好了好了', 'not_consent:closing'],
  ['closing', '这样就行', 'not_consent:closing'],
  ['closing', '这样就好', 'not_consent:closing'],
  ['closing', '这样就可以', 'not_consent:closing'],
  ['closing', 'okay then', 'not_consent:closing'],
  ['closing', 'fine then', 'not_consent:closing'],
  ['closing', 'cool', 'not_consent:closing'],
  ['closing', 'all good', 'not_consent:closing'],
  ['hedged', '好好好', 'not_consent:hedged'],
  ['hedged', 'sure, sure', 'not_consent:hedged'],
  ['hedged', '好的😒', 'not_consent:hedged'],
  ['hedged', '好的🙃', 'not_consent:hedged'],
  ['hedged', '可能吧', 'not_consent:hedged'],
  ['question', '退款，对吧', 'not_consent:question'],
  ['question', '是吧', 'not_consent:question'],
  ['question', '要不就退吧', 'not_consent:question'],
  ['question', '好不好', 'not_consent:question'],
  ['question', 'is it ok', 'not_consent:question'],
  ['asking the agent to check it', '你确认一下', 'not_consent:question'],
  ['asking the agent to look', '好的你看下', 'not_consent:question'],
  ['deferral', 'ok for now', 'not_consent:deferral'],
  ['deferral', '好的，暂时', 'not_consent:deferral'],
  ['deferral', '好的，稍等', 'not_consent:deferral'],
  ['conditional', 'ok, once', 'not_consent:conditional'],
  ['conditional', '可以的话就退吧', 'not_consent:conditional'],
  ['partial', '退部分吧', 'not_consent:partial'],
  ['partial', 'ok only', 'not_consent:partial'],
  ['a greeting that holds a yes-word', '您好', 'other_topic'],
  ['"by the way" that holds a yes-word', '对了', 'other_topic'],
  ['decline', '不同意', 'declined'],
  ['decline', '不确认', 'declined'],
  ['decline', '拒绝', 'declined'],
  ['decline', 'nope', 'declined'],
  ['decline', 'ok, not that', 'declined'],
  ['stop', '打住打住', 'stop'],
  ['stop', '先放着吧', 'stop'],
  ['stop', 'hold off', 'stop'],
];

describe('each non-answer word on its own', () => {
  it.each(ROWS)('%s: "%s" reads as %s', (_list, answer, want) => {
    expect(readAs(answer)).toBe(want);
  });
  // The nearest answers that count: the same yes-words without the word of the list.
  it.each(['好的', '这样就退吧', 'okay', 'fine', '好', 'sure', '好的😀', '可以吧', '退款，好的', '是', '就退吧', 'ok', '可以就退吧', '全额退吧'])(
    'nearest that counts: "%s"',
    (answer) => {
      expect(readAs(answer)).toBe('confirmed');
    },
  );
});

/** [the rule, the answer, how it must read, the nearest answer that counts, the action asked about]. */
const BOUND: [string, string, string, string, ProposedCall][] = [
  ['an amount below the pending one', '好的，退 100 元', 'mismatch', '好的，退 199 元', refund],
  ['an amount a little above the pending one', '好的，退 199.5 元', 'mismatch', '好的，退 199.00 元', refund],
  ['an amount after the verb, no unit', '好的，退100', 'mismatch', '好的，退199', refund],
  ['an amount in 块', '好的，100块', 'mismatch', '好的，199块', refund],
  ['an amount in Chinese numerals', '好的，退一百元', 'mismatch', '好的，退一百九十九元', refund],
  ['a bare number that is not the amount', '好的 100', 'not_consent:not_affirmative', '好的 199', refund],
  [
    'an order id that is a prefix of the pending one',
    '好的，O456 退款吧',
    'mismatch',
    '好的，O45678 退款吧',
    { ...refund, args: { ...refund.args, order_id: 'O45678' } },
  ],
  ['a phone number with the same last digits', '好的，发到 13900008000', 'mismatch', '好的，发到 13800138000', sms],
  ['an e-mail address of the same domain', 'ok, send to evil@example.com', 'mismatch', 'ok, send to li.na@example.com', email],
  ['another action named', '好的，取消订单', 'mismatch', '好的，退款吧', refund],
  ['an action word alone is no yes', '退款', 'not_consent:not_affirmative', '退款吧', refund],
  ['a request word alone is no yes', '麻烦你', 'other_topic', '麻烦你退款', refund],
  ['full-width letters read as letters', 'ｏｋ？', 'not_consent:question', 'ｏｋ', refund],
  ['a zero-width character inside a yes', '好\u200b的？', 'not_consent:question', '好\u200b的', refund],
  ...['省', '市', '区', '县', '镇', '乡', '村', '路', '街', '巷', '弄', '栋', '幢', '室', '单元', '小区', '大厦', '公寓'].map(
    (part): [string, string, string, string, ProposedCall] => [
      `another address (${part})`,
      `好的，改到东山${part}`,
      'mismatch',
      '好的，改到北京市朝阳区建国路88号',
      address,
    ],
  ),
];

describe('a yes binds to the values of the pending action', () => {
  it.each(BOUND)('%s: "%s" reads as %s; "%s" counts', (_rule, answer, want, nearest, call) => {
    expect(readAs(answer, call)).toBe(want);
    expect(readAs(nearest, call)).toBe('confirmed');
  });
});
