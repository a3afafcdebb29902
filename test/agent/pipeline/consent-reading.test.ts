/**
 * What the program reads as consent, as a table: each answer that must count
 * beside its nearest answer that must not, in Chinese and English (also
 * traditional and full-width forms). Each answer that must not count is
 * pinned to the reason it does not, so loosening any one rule (a question
 * read as a yes, a condition ignored, a word outside the vocabulary let
 * through) fails a row here even where another rule would still stop it.
 */
import { describe, expect, it } from 'vitest';
import { readConfirmationReply, type ConsentReading } from '../../../src/agent/pipeline/consent/confirmation-reply.js';
import type { ProposedCall } from '../../../src/agent/pipeline/guards/guard-chain.js';
import { asksExplicitly, asksToStop } from '../../../src/agent/pipeline/stop-state.js';

const refund: ProposedCall = { tool: 'create_refund', args: { order_id: 'O123', amount: 199, reason: '未发货' }, idempotency_key: 'k1' };
const address: ProposedCall = { tool: 'modify_address', args: { order_id: 'O123', address: '北京市朝阳区建国路88号' }, idempotency_key: 'k2' };
const addressEn: ProposedCall = { tool: 'modify_address', args: { order_id: 'O123', address: '88 Jianguo Road, Chaoyang, Beijing' }, idempotency_key: 'k3' };
const sms: ProposedCall = { tool: 'send_sms', args: { to: '13800138000', message: '您的退款已受理' }, idempotency_key: 'k4' };
const email: ProposedCall = { tool: 'send_email', args: { to: 'li.na@example.com', message: 'Your refund was accepted' }, idempotency_key: 'k5' };

type Expected = ConsentReading['reading'] | `not_consent:${string}`;

/** [the answer that counts, its nearest answer that does not, why it does not, the action asked about]. */
const TABLE: [string, string, Expected, ProposedCall?][] = [
  // Chinese
  ['可以，退吧', '可以晚点再决定吗？', 'not_consent:deferral'],
  ['好的，确认退款', '好的，确认退款吗？', 'not_consent:question'],
  ['确认', '确认什么？', 'not_consent:question'],
  ['行，就按这个办', '行不行我再考虑一下', 'not_consent:deferral'],
  ['对，就是这个订单，退吧', '要不要先等等？', 'not_consent:deferral'],
  ['嗯，退吧', '回头再说吧', 'not_consent:deferral'],
  ['退吧', '如果明天还没发货就退吧', 'not_consent:conditional'],
  ['可以', '要是能全额退的话可以', 'not_consent:conditional'],
  ['好的，全额退', '先退一半', 'not_consent:partial'],
  ['可以，退吧', '可以，不过只退运费', 'not_consent:partial'],
  ['好的', '好吧……', 'not_consent:hedged'],
  ['没问题', '呵呵，没问题', 'not_consent:hedged'],
  ['同意', '同意，随便你们', 'not_consent:hedged'],
  ['好的，就这么办', '应该可以吧', 'not_consent:hedged'],
  ['好的👍', '好的🙄', 'not_consent:hedged'],
  ['好的，麻烦尽快', '好的，我老公说可以', 'not_consent:not_affirmative'],
  ['确认退款', '确认，顺便查一下快递', 'not_consent:not_affirmative'],
  ['确认无误', '好的我看看', 'not_consent:not_affirmative'],
  // a word that closes the topic or only acknowledges it answers nothing
  ['好的', '算了', 'not_consent:closing'],
  ['好，退吧', '就这样吧', 'not_consent:closing'],
  ['好的，退款吧', '好吧那先这样', 'not_consent:closing'],
  ['嗯', '嗯，知道了', 'not_consent:closing'],
  ['确认无误', '好的我知道了', 'not_consent:closing'],
  ['可以', '收到', 'not_consent:closing'],
  ['行', '行了行了', 'not_consent:closing'],
  ['好的，就这么办', '好的，就这样', 'not_consent:closing'],
  ['没问题', '没事了', 'not_consent:closing'],
  ['確定', '就這樣吧', 'not_consent:closing'],
  ['好的，退吧', '好的，了解', 'not_consent:closing'],
  ['确认退款', '明白', 'not_consent:closing'],
  ['確認退款', '明白了，謝謝', 'not_consent:closing'],
  // a mark or an emoji on its own says nothing; a lone question mark asks back
  ['好的👍', '👍', 'not_consent:no_words'],
  ['嗯嗯', '🙂🙂', 'not_consent:no_words'],
  ['确认', '？', 'not_consent:question'],
  // colloquial, regional and traditional yes beside their no
  ['要得', '要不得', 'declined'],
  ['要退', '要退吗', 'not_consent:question'],
  ['我要退', '不要退', 'declined'],
  ['要退', '要退一半', 'not_consent:partial'],
  ['要退', '要求退款', 'not_consent:not_affirmative'],
  ['成', '不成', 'declined'],
  ['係', '唔係', 'declined'],
  ['冇問題', '唔使喇', 'declined'],
  ['好嘅', '唔要', 'declined'],
  ['没毛病，退吧', '甭退了', 'declined'],
  ['對頭', '没门', 'declined'],
  ['确认', '快递到哪了？', 'other_topic'],
  ['好', '你好', 'other_topic'],
  ['好的，谢谢', '谢谢', 'other_topic'],
  ['好的，确认退款', '先别处理了', 'stop'],
  ['好', '算了先不弄了', 'stop'],
  ['确认退款', '算了，不退了', 'declined'],
  ['是的', '不是', 'declined'],
  ['嗯，退 199 元', '嗯，退 100 元', 'mismatch'],
  ['确认退一百九十九元', '确认退一百元', 'mismatch'],
  ['确认退订单 O123', '确认退订单 O456', 'mismatch'],
  ['确认', '确认，顺便把订单取消', 'mismatch'],
  ['確認，退款吧', '我可以晚點再決定嗎？', 'not_consent:deferral'],
  ['ＯＫ，退款吧', 'ＯＫ？', 'not_consent:question'],
  ['好的，确认', '好的，确认\u200b吗', 'not_consent:question'],
  // English
  ['yes, go ahead', "yes if it's late", 'not_consent:conditional'],
  ['yes please', 'can I decide later?', 'not_consent:deferral'],
  ['confirmed', 'let me think about it', 'not_consent:deferral'],
  ['ok', 'ok?', 'not_consent:question'],
  ['ok, go ahead', 'ok ok ok', 'not_consent:hedged'],
  ['yes, refund it', 'yes, refund it unless it ships today', 'not_consent:conditional'],
  ['sure, refund it', 'sure, but only the shipping fee', 'not_consent:partial'],
  ['yes, the full amount', 'yes, half of it', 'not_consent:partial'],
  ['yes', 'yeah right', 'not_consent:hedged'],
  ['I want a refund', "I don't want a refund", 'declined'],
  ['I want a refund', 'I want to think about it', 'not_consent:deferral'],
  ['sure', 'sure, whatever', 'not_consent:hedged'],
  ['yes please refund', 'yes, maybe', 'not_consent:hedged'],
  ["yes, that's fine", "yes, my wife said that's fine", 'not_consent:not_affirmative'],
  ['yes', 'y\u0435s', 'not_consent:not_affirmative'],
  ['ok', 'ok, got it', 'not_consent:closing'],
  ['yes', 'noted', 'not_consent:closing'],
  ['sure', "that's all", 'not_consent:closing'],
  ['go ahead', 'leave it', 'not_consent:closing'],
  ['yes', 'understood, thanks', 'not_consent:closing'],
  ['ok, refund it', 'ok then', 'not_consent:closing'],
  ['yes', '👌', 'not_consent:no_words'],
  ['ok', '??', 'not_consent:question'],
  ['sounds good', 'no way', 'declined'],
  ['of course', 'nah', 'declined'],
  ['perfect, refund it', "I'll pass", 'declined'],
  ['yea', 'nay', 'declined'],
  ['k', 'scratch that', 'declined'],
  ['yes, go ahead', 'where is my parcel?', 'other_topic'],
  ['yes', 'hello', 'other_topic'],
  ['go ahead', "don't do anything yet", 'stop'],
  ['yes, proceed', 'stop', 'stop'],
  ['ok, do it', 'no, thanks', 'declined'],
  ['yes, refund the 199 yuan', 'yes, refund 100 yuan', 'mismatch'],
  ['yes, refund O123', 'yes, refund O456', 'mismatch'],
  // the address and the recipient are bound too
  ['确认，改到北京市朝阳区建国路88号', '确认，改到上海市浦东新区世纪大道1号', 'mismatch', address],
  ['好的，地址改吧', '好的，改成建国路99号', 'mismatch', address],
  ['yes, change it to 88 Jianguo Road, Chaoyang, Beijing', 'yes, change it to 1 Century Avenue', 'mismatch', addressEn],
  ['确认发到 13800138000', '确认发到 13900000000', 'mismatch', sms],
  ['yes, send it to li.na@example.com', 'yes, send it to boss@elsewhere.net', 'mismatch', email],
];

function reading(answer: string, call: ProposedCall): string {
  const r = readConfirmationReply(answer, call);
  return r.reading === 'not_consent' ? `not_consent:${r.why}` : r.reading;
}

describe('what counts as consent to the pending action', () => {
  it.each(TABLE)('"%s" counts; "%s" does not (%s)', (yes, no, why, call = refund) => {
    expect(reading(yes, call)).toBe('confirmed');
    expect(reading(no, call)).toBe(why);
  });

  it('the table holds both languages', () => {
    const han = TABLE.filter(([, no]) => /\p{Script=Han}/u.test(no)).length;
    expect(han).toBeGreaterThanOrEqual(25);
    expect(TABLE.length - han).toBeGreaterThanOrEqual(20);
  });

  it('a yes to one action is no yes to another', () => {
    expect(reading('好的，确认取消', { tool: 'cancel_order', args: { order_id: 'O123', reason: 'x' }, idempotency_key: 'k' })).toBe('confirmed');
    expect(reading('好的，确认取消', refund)).not.toBe('confirmed');
    expect(
      reading('确认，补偿 18.8 元可以', { tool: 'create_compensation', args: { order_id: 'O41377', amount: 18.8, reason: 'x' }, idempotency_key: 'k' }),
    ).toBe('confirmed');
    expect(reading('确认，补偿 18.8 元可以', refund)).toBe('mismatch');
  });

  it('stays linear on long answers built to make a matcher backtrack', () => {
    const long = [
      `${'好'.repeat(50_000)}吗`,
      `${'yes '.repeat(20_000)}if`,
      `${'9'.repeat(50_000)}元`,
      `O${'1'.repeat(50_000)}`,
      `${'可以，'.repeat(20_000)}吗`,
      `${'一'.repeat(50_000)}`,
    ];
    const started = performance.now();
    for (const text of long) expect(reading(text, refund)).not.toBe('confirmed');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

const refund456: ProposedCall = { tool: 'create_refund', args: { order_id: 'O456', amount: 899, reason: '未发货' }, idempotency_key: 'k6' };

/**
 * One answer about two orders, read per order: [the answer, its reading for a
 * pending refund of O123, its reading for a pending refund of O456]. Each row
 * sits beside its mirror, so a reader that lets the no of one order decline
 * both, or the yes of one confirm both, fails a row.
 */
const PER_ORDER: [string, Expected, Expected][] = [
  ['O123 退吧，O456 不用了', 'confirmed', 'declined'],
  ['O123 不用了，O456 退吧', 'declined', 'confirmed'],
  ['O123 可以，O456 先不要', 'confirmed', 'declined'],
  ['訂單 O123 好的，O456 不用', 'confirmed', 'declined'],
  ['O123 算了，O456 确认', 'not_consent:closing', 'confirmed'],
  ['O123 确认，O456 再想想', 'confirmed', 'not_consent:deferral'],
  ['yes for O123, no for O456', 'confirmed', 'declined'],
  ['no for O123, yes for O456', 'declined', 'confirmed'],
  ['O123: yes, refund it. O456: don’t', 'confirmed', 'declined'],
  ['O123 ok but O456 later', 'confirmed', 'not_consent:deferral'],
  ['O123 要退，O456 就算了', 'confirmed', 'not_consent:closing'],
  ['I want the refund for O123, not for O456', 'confirmed', 'declined'],
  // both orders in one clause: no clause is about one order alone, so neither is a yes
  ['O123 和 O456 都退', 'not_consent:not_affirmative', 'not_consent:not_affirmative'],
  ['refund O123 and O456', 'not_consent:not_affirmative', 'not_consent:not_affirmative'],
  // no mark between the orders: split before each order when the answer begins with one, each order's answer after it
  ['O123可以 O456不要', 'confirmed', 'declined'],
  ['O456不要 O123可以', 'confirmed', 'declined'],
  ['订单O123退吧 订单O456不用了', 'confirmed', 'declined'],
  ['O123 yes O456 no', 'confirmed', 'declined'],
  // the words before the orders: whose yes is whose is not known, so neither is a yes
  ['退O456 不退O123', 'not_consent:not_affirmative', 'not_consent:not_affirmative'],
  // orders joined by "和" or nothing: one answer for both, as in one clause
  ['O123 和 O456 都退吧', 'not_consent:not_affirmative', 'not_consent:not_affirmative'],
  ['O123 O456 都退吧', 'not_consent:not_affirmative', 'not_consent:not_affirmative'],
];

describe('a yes for one order and a no for the other, in one answer, are read per order', () => {
  it.each(PER_ORDER)('"%s": O123 %s, O456 %s', (answer, for123, for456) => {
    expect(reading(answer, refund)).toBe(for123);
    expect(reading(answer, refund456)).toBe(for456);
  });
});

/** [what the reading says, the reading, pairs of a message it is true of and the nearest one it is not]. */
const STOP_TABLES: [string, (text: string) => boolean, [string, string][]][] = [
  [
    'stops',
    asksToStop,
    [
      ['先别处理了', '先处理吧'],
      ['stop', 'go on'],
      ["don't do anything yet", 'do it'],
      ['算了先不弄了', '算了，不退了'],
      ['暂停一下', '等一下'],
      ['停', '物流停止更新了'],
    ],
  ],
  [
    'asks again explicitly (lifts a stop)',
    asksExplicitly,
    [
      ['还是帮我退款吧', '好的'],
      ['订单 O123 帮我申请退款', '你好'],
      ['继续处理吧', '谢谢'],
      ['please refund it now', 'ok'],
      ['I want a refund for O123', 'thanks'],
      ['可以帮我退款吗？', '好的，退款的事谢谢了'],
    ],
  ],
];

describe.each(STOP_TABLES)('the stop state: what %s', (_, reads, rows) => {
  it.each(rows)('"%s" does; "%s" does not', (does, doesNot) => {
    expect(reads(does)).toBe(true);
    expect(reads(doesNot)).toBe(false);
  });
});
