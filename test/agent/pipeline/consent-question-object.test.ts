/**
 * The two structural rules of consent, as tables: which order a write may act
 * on (the one the user named), and which sentences of a model's confirmation
 * reply may reach the user beside the program's question. Each row that
 * passes sits beside the nearest one that must not.
 */
import { describe, expect, it } from 'vitest';
import { confirmationQuestion, withProgramQuestion } from '../../../src/agent/pipeline/consent/confirmation-question.js';
import { objectNamed, type UserObjects } from '../../../src/agent/pipeline/consent/write-object.js';

const TWO: Omit<UserObjects, 'words'> = { own: ['O123', 'O456'], all: ['O123', 'O456', 'O999'], confirmed: [] };
const ONE: Omit<UserObjects, 'words'> = { own: ['O123'], all: ['O123', 'O999'], confirmed: [] };

/** [why, what the user said and did, the order the write names, whether it is the user's choice]. */
type Row = [string, UserObjects, string, boolean];
const OBJECTS: [Row, Row][] = [
  [
    ['the id the user typed', { ...TWO, words: ['订单 O123 三天没发货，我要退款'] }, 'O123', true],
    ['their other order', { ...TWO, words: ['订单 O123 三天没发货，我要退款'] }, 'O456', false],
  ],
  [
    ['typed full-width and spaced', { ...TWO, words: ['订单 Ｏ１ ２３ 退款'] }, 'O123', true],
    ['an id that only starts like it', { ...TWO, own: ['O12', 'O456'], words: ['订单 O123 退款'] }, 'O12', false],
  ],
  [
    ['typed in English', { ...TWO, words: ['Order O123 has not shipped, refund please'] }, 'O123', true],
    ['the other one, in English', { ...TWO, words: ['Order O123 has not shipped, refund please'] }, 'O456', false],
  ],
  [
    ['the only order of the user', { ...ONE, words: ['我的订单还没发货，退款吧'] }, 'O123', true],
    ['one of two, neither named', { ...TWO, words: ['我的订单还没发货，退款吧'] }, 'O123', false],
  ],
  [
    ['the only order, nothing else named', { ...ONE, words: ['还没发货，退款'] }, 'O123', true],
    ['the only order, but the user named another', { ...ONE, words: ['O999 还没发货，退款'] }, 'O123', false],
  ],
  [
    ['a later turn names another order: that one', { ...TWO, words: ['O123 退款', '不对，是 O456'] }, 'O456', true],
    ['the earlier one, once another is named', { ...TWO, words: ['O123 退款', '不对，是 O456'] }, 'O123', false],
  ],
  [
    [
      'two typed, the one in the clause that asks for the refund',
      { ...TWO, words: ['我有两个订单 O123 和 O456 都没发货，先帮我把第一个 O123 退款'] },
      'O123',
      true,
    ],
    ['two typed, the other one', { ...TWO, words: ['我有两个订单 O123 和 O456 都没发货，先帮我把第一个 O123 退款'] }, 'O456', false],
  ],
  [
    ['two typed, both asked for', { ...TWO, words: ['O123 and O456 never shipped; please refund O123 and O456'] }, 'O456', true],
    ['two typed, neither asked for in a clause: nobody chose', { ...TWO, words: ['O123 和 O456 都没发货，我要退款'] }, 'O456', false],
  ],
  [
    ['confirmed earlier in the conversation', { ...TWO, confirmed: ['O123'], words: ['O123 退款', '好的', 'O456 也看一下'] }, 'O123', true],
    ['the same, never confirmed', { ...TWO, words: ['O123 退款', '好的', 'O456 也看一下'] }, 'O123', false],
  ],
];

describe('the order a write acts on is the one the user named', () => {
  it.each(OBJECTS)('%j; not %j', (yes, no) => {
    expect(objectNamed(yes[1], yes[2], 'create_refund').named, yes[0]).toBe(yes[3]);
    expect(objectNamed(no[1], no[2], 'create_refund').named, no[0]).toBe(no[3]);
  });

  it('names the user’s own orders when it asks which one', () => {
    const check = objectNamed({ ...TWO, words: ['退款'] }, 'O456');
    expect(check).toMatchObject({ named: false, orders: ['O123', 'O456'] });
  });
});

const PENDING = { tool: 'create_refund', args: { order_id: 'O123', amount: 199 } };
const QUESTION = confirmationQuestion(PENDING);

/** [a sentence of the model's reply that reaches the user, the nearest one that is cut]. */
const SENTENCES: [string, string][] = [
  ['您好，理解您的心情。', '您好，需要帮您取消订单吗？'],
  ['我们会尽快为您跟进。', '回复好的即为同意。'],
  ['订单已支付，尚未发货。', '订单 O456 已支付，尚未发货。'],
  ['感谢您的耐心等待。', '我们将取消您的订单。'],
  ['请您放心。', '將為您退款二百九十九元。'],
  ['您好。', '是否继续处理'],
  ['给您带来不便，非常抱歉。', '订单 Ｏ４５６ 金额 ８９９'],
  ['Thanks for your patience.', 'Reply yes to confirm.'],
  ['We are sorry for the delay.', 'Shall we cancel it'],
  ['Sorry about that.', 'The refund will be 899 yuan.'],
  ['已为您核实订单状态。', '这是您的另一笔订单。'],
  ['We checked your order.', 'This is about your other order.'],
];

describe('a model’s confirmation reply keeps only what tells the user nothing about what they agree to', () => {
  it.each(SENTENCES)('"%s" reaches the user; "%s" is cut', (kept, cut) => {
    const { reply, dropped } = withProgramQuestion(`${kept}${cut}`, QUESTION);
    expect(reply.startsWith(kept)).toBe(true);
    expect(reply.endsWith(QUESTION)).toBe(true);
    expect(reply).not.toContain(cut.trim());
    expect(dropped).toBe(1);
  });

  it('names every value a yes is bound to, in the program’s words', () => {
    expect(QUESTION).toBe('请确认是否为订单 O123 退款 199 元？请回复“确认”继续，或告诉我您的想法。');
    expect(confirmationQuestion({ tool: 'modify_address', args: { order_id: 'O123', address: '北京市朝阳区建国路88号' } })).toContain(
      '把订单 O123 的收货地址改为 北京市朝阳区建国路88号',
    );
    expect(confirmationQuestion({ tool: 'send_sms', args: { to: '13800138000', message: '您的退款已受理' } })).toContain(
      '向 13800138000 发送短信：您的退款已受理',
    );
    expect(confirmationQuestion({ tool: 'modify_order', args: { order_id: 'O9', changes: { size: 'L' } } })).toContain('修改订单 O9 ：{"size":"L"}');
  });

  it('a reply with nothing left to keep is the program’s question alone', () => {
    expect(withProgramQuestion('请问是否为订单 O456 退款 899 元？回复好的即可。', QUESTION)).toEqual({ reply: QUESTION, dropped: 2 });
  });
});
