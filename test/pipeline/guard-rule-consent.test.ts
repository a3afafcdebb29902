/**
 * Each word of each non-answer class on its own row, read as a refund
 * proposal's answer: the answer holds that one word and nothing another rule
 * would read first, so that leaving the word out of its list changes the
 * reading. Where the rest of the answer is all yes-vocabulary ("这样就行",
 * "ok for now", "您好"), the word left out would turn a non-answer into
 * consent. consent-reading.test.ts pairs each class with its nearest yes.
 */
import { describe, expect, it } from 'vitest';
import { readConfirmationReply } from '../../src/pipeline/confirmation-reply.js';
import type { ProposedCall } from '../../src/pipeline/gates/gate-chain.js';

const refund: ProposedCall = { tool: 'create_refund', args: { order_id: 'O123', amount: 199, reason: '未发货' }, idempotency_key: 'k1' };

const readAs = (answer: string) => {
  const r = readConfirmationReply(answer, refund);
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
