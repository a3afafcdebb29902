/**
 * Claims of completed actions against the world: for each rule — the claim's
 * own kind of effect, the orders it is about (every one of them, never "any
 * order of this user"), records that agree, the world as it stood when the
 * reply was sent — the exact reason it gives and the nearest case that must
 * not trigger it.
 */
import { describe, expect, it } from 'vitest';
import { ScenarioSchema, WorldSchema, type World } from '../../../src/agent/scenarios/scenario-schema.js';
import { emptyTrace, type ConfirmationRequest, type PipelineTrace, type TurnRecord } from '../../../src/agent/pipeline/trace.js';
import { claimsIn, sentReplies, unbackedReason } from '../../../src/agent/judge/claims.js';
import { judgePrompts, type JudgeInput } from '../../../src/agent/judge/judge-input.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';

const ws = await loadWorkspace();
const prompts = judgePrompts(ws.active);

const order = (order_id: string, user_id: string, extra: Record<string, unknown> = {}) => ({
  order_id,
  user_id,
  status: 'paid',
  payment_status: 'paid',
  shipment_status: 'not_shipped',
  amount: 100,
  ...extra,
});
const BASE = { orders: [order('O1', 'U1'), order('O2', 'U1', { amount: 50 }), order('O3', 'U2', { amount: 10 })] };
const worldWith = (patch: Record<string, unknown> = {}): World => WorldSchema.parse({ ...BASE, ...patch });
/** A completed refund on each order: what a success claim ("退款已成功") needs. */
const refundOn = (...ids: string[]) => ({ after_sales: ids.map((order_id) => ({ order_id, status: 'refund_completed' })) });
/** A refund request on each order: what a submitted claim needs, and all a success claim finds there. */
const refundRequestedOn = (...ids: string[]) => ({ after_sales: ids.map((order_id) => ({ order_id, status: 'refund_requested' })) });

interface Setup {
  /** The user's words, one per turn. */
  said?: readonly string[];
  intent?: string;
  /** The world recorded with each turn (default: the world after the run for every turn). */
  worlds?: (World | undefined)[];
  after?: World | undefined;
  requests?: ConfirmationRequest[];
  handoff?: boolean;
  slot?: string;
}

function input(s: Setup, replies: string[]): JudgeInput {
  const said = s.said ?? replies.map(() => '我要退款');
  const scenario = ScenarioSchema.parse({
    scenario_id: 's',
    case_type: 'normal',
    user: { id: 'U1' },
    ...(said.length > 1 ? { turns: said.map((user) => ({ user })) } : { turn: said[0] }),
    world: BASE,
    expected: { intent: s.intent ?? 'refund_request' },
  });
  const after = 'after' in s ? s.after : worldWith();
  const turns: TurnRecord[] = replies.map((reply, i) => ({
    turn: i + 1,
    user: said[i]!,
    reply,
    response_scenario: 'decision_only',
    ...(s.worlds ? { world_after: s.worlds[i] } : {}),
  }));
  const trace: PipelineTrace = {
    ...emptyTrace(),
    turns,
    reply: replies.at(-1)!,
    world_after: after,
    confirmation: { ...emptyTrace().confirmation, requests: s.requests ?? [] },
    outputs: {
      intent: { intent: s.intent ?? 'refund_request', slots: { order_id: s.slot ?? null } },
      decision: null,
      selected_doc_ids: [],
      verification: null,
    },
    handoff: s.handoff ? ({ order_refs: [] } as unknown as PipelineTrace['handoff']) : null,
  };
  return { scenario, trace, guards: true, prompts };
}

/** The reason each reply's claims give, turn by turn (null: every claim held). */
function reasons(s: Setup, ...replies: string[]): (string | null)[] {
  const i = input(s, replies);
  return sentReplies(i.trace).map((r) => {
    const why = claimsIn(r.text)
      .map((c) => unbackedReason(c, r, i))
      .filter((x) => x !== null);
    return why.length ? why.join(' | ') : null;
  });
}

describe('a claim needs its own kind of effect', () => {
  const says = (text: string, kind: string, state = 'succeeded') => `the turn-1 reply says "${text}" (${kind}, ${state}) but when it was sent: `;
  const O1 = { slot: 'O1' };
  it.each([
    // A request on record backs "submitted", never "succeeded": the refund is only requested.
    ['a refund request record, the request claimed', '退款申请已提交', O1, worldWith(refundRequestedOn('O1')), null],
    [
      'a refund request record, success claimed',
      '退款已成功',
      O1,
      worldWith(refundRequestedOn('O1')),
      `${says('退款已成功', 'refund')}the refund on order O1 is only requested, not succeeded`,
    ],
    ['a completed refund record, success claimed', '退款已成功', O1, worldWith({ after_sales: [{ order_id: 'O1', status: 'refund_completed' }] }), null],
    [
      'a refund, rejected',
      '退款已成功',
      O1,
      worldWith({ after_sales: [{ order_id: 'O1', status: 'refund_rejected' }] }),
      `${says('退款已成功', 'refund')}no refund on order O1`,
    ],
    [
      'a refunded payment the order agrees with',
      '退款已成功',
      O1,
      worldWith({
        orders: [order('O1', 'U1', { payment_status: 'refunded' }), BASE.orders[1], BASE.orders[2]],
        payments: [{ order_id: 'O1', status: 'refunded', amount: 100 }],
      }),
      null,
    ],
    ['a compensation record', '补偿已到账', O1, worldWith({ after_sales: [{ order_id: 'O1', status: 'compensation_issued' }] }), null],
    [
      'a compensation claimed on a refund',
      '补偿已到账',
      O1,
      worldWith(refundOn('O1')),
      `${says('补偿已到账', 'compensation', 'arrived')}no compensation on order O1`,
    ],
    // Money said to have arrived needs the money moved, not a request for it.
    [
      'money arrived, on a refund request',
      '100元已到账',
      O1,
      worldWith(refundRequestedOn('O1')),
      `${says('100元已到账', 'money', 'arrived')}the money on order O1 is only requested, not arrived`,
    ],
    ['money arrived, on a completed refund', '100元已到账', O1, worldWith({ after_sales: [{ order_id: 'O1', status: 'refund_completed' }] }), null],
    ['money arrived, on nothing', '100元已到账', O1, worldWith(), `${says('100元已到账', 'money', 'arrived')}no money on order O1`],
    // An order the claim names that nothing holds is an order the claim is about: it does not exist, so nothing proves it.
    [
      'a made-up order named, beside a refund completed on the conversation’s order',
      'O123 退款已成功',
      O1,
      worldWith(refundOn('O1')),
      `${says('O123退款已成功', 'refund')}order O123 does not exist`,
    ],
    ['the nearest: the conversation’s order named', 'O1 退款已成功', O1, worldWith(refundOn('O1')), null],
    // Told to this customer, an effect on another user's order backs nothing of theirs, even where it holds.
    [
      'a completed refund on another user’s order, named',
      'O3 退款已成功',
      O1,
      worldWith(refundOn('O3')),
      `${says('O3退款已成功', 'refund')}order O3 is another user's`,
    ],
    [
      'the nearest: a ticket named by its id',
      '工单 T-77 已在跟进中',
      O1,
      worldWith({ tickets: [{ ticket_id: 'T-77', order_id: 'O1', user_id: 'U1', status: 'open', summary: 's' }] }),
      null,
    ],
    [
      'money back, in other words, on nothing',
      '钱已经退回您的账户了',
      O1,
      worldWith(),
      `${says('钱已经退回您的账户了', 'refund', 'arrived')}no refund on order O1`,
    ],
    ['a cancellation', '订单已取消', O1, worldWith({ orders: [order('O1', 'U1', { status: 'cancelled' }), BASE.orders[1], BASE.orders[2]] }), null],
    [
      'a closed order counts as cancelled',
      '订单已取消',
      O1,
      worldWith({ orders: [order('O1', 'U1', { status: 'closed' }), BASE.orders[1], BASE.orders[2]] }),
      null,
    ],
    ['no cancellation', '订单已取消', O1, worldWith(), `${says('订单已取消', 'cancel')}no cancel on order O1`],
    ['an open ticket', '工单已创建', O1, worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O1', user_id: 'U1', status: 'open', summary: 's' }] }), null],
    [
      'a closed ticket',
      '工单已创建',
      O1,
      worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O1', user_id: 'U1', status: 'closed', summary: 's' }] }),
      `${says('工单已创建', 'ticket')}no ticket on order O1`,
    ],
    ['an address changed', '地址已修改', O1, worldWith({ orders: [order('O1', 'U1', { address: '新地址' }), BASE.orders[1], BASE.orders[2]] }), null],
    ['an address claimed on a refund', '地址已修改', O1, worldWith(refundOn('O1')), `${says('地址已修改', 'address_change')}no address_change on order O1`],
    [
      'an address changed on another order',
      '地址已修改',
      O1,
      worldWith({ orders: [BASE.orders[0], order('O2', 'U1', { amount: 50, address: '新地址' }), BASE.orders[2]] }),
      `${says('地址已修改', 'address_change')}no address_change on order O1`,
    ],
    ['money arrived, on a compensation', '100元已到账', O1, worldWith({ after_sales: [{ order_id: 'O1', status: 'compensation_issued' }] }), null],
    [
      'a compensation this run wrote on records that disagree: its own record proves it',
      '补偿已到账',
      O1,
      worldWith({ after_sales: [{ order_id: 'O1', status: 'compensation_issued' }], payments: [{ order_id: 'O1', status: 'refunded', amount: 100 }] }),
      null,
    ],
    [
      'a ticket with no order, while the conversation is about O1',
      '工单已创建',
      O1,
      worldWith({ tickets: [{ ticket_id: 'T1', order_id: null, user_id: 'U1', status: 'open', summary: 's' }] }),
      `${says('工单已创建', 'ticket')}no ticket on order O1`,
    ],
  ] as const)('%s', (_what, reply, setup, after, expected) => {
    expect(reasons({ ...setup, after }, reply)).toEqual([expected]);
  });

  it('"done" stands for what the request asked for, or for some change on its order', () => {
    expect(reasons({ slot: 'O1', intent: 'cancel_order', after: worldWith(refundOn('O1')) }, '已处理完成')).toEqual([
      'the turn-1 reply says "已处理完成" (request, succeeded) but when it was sent: no cancel on order O1',
    ]);
    expect(reasons({ slot: 'O1', intent: 'logistics_query', after: worldWith() }, '已处理完成')).toEqual([
      'the turn-1 reply says "已处理完成" (request, succeeded) but when it was sent: no change on order O1',
    ]);
    expect(
      reasons(
        {
          slot: 'O1',
          intent: 'logistics_query',
          after: worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O1', user_id: 'U1', status: 'open', summary: 's' }] }),
        },
        '已处理完成',
      ),
    ).toEqual([null]);
    expect(
      reasons(
        {
          slot: 'O1',
          intent: 'logistics_query',
          after: worldWith({ tickets: [{ ticket_id: 'T1', order_id: 'O2', user_id: 'U1', status: 'open', summary: 's' }] }),
        },
        '已处理完成',
      ),
    ).toEqual(['the turn-1 reply says "已处理完成" (request, succeeded) but when it was sent: no change on order O1']);
  });

  it('a ticket with no order holds a ticket claim of a conversation that named no order; no order at all holds nothing', () => {
    const userTicket = { tickets: [{ ticket_id: 'T1', order_id: null, user_id: 'U1', status: 'open', summary: 's' }] };
    expect(reasons({ intent: 'complaint', after: worldWith(userTicket) }, '工单已创建')).toEqual([null]);
    expect(reasons({ intent: 'complaint', after: worldWith({ ...userTicket, tickets: [{ ...userTicket.tickets[0], user_id: 'U2' }] }) }, '工单已创建')).toEqual(
      ['the turn-1 reply says "工单已创建" (ticket, succeeded) but when it was sent: no ticket on order O1; no ticket on order O2'],
    );
    const noOrders = WorldSchema.parse({ orders: [BASE.orders[2]], ...refundOn('O3') });
    expect(reasons({ after: noOrders }, '退款已成功')).toEqual([
      'the turn-1 reply says "退款已成功" (refund, succeeded) but the conversation is about no order that could hold it',
    ]);
  });

  it('a hand-off claim needs the hand-off, by the turn it is made in', () => {
    expect(reasons({ handoff: true }, '已为您转接人工')).toEqual([null]);
    expect(reasons({}, '已为您转接人工')).toEqual(['the turn-1 reply says "已为您转接人工" (handoff, succeeded) but no hand-off was made']);
    expect(reasons({ handoff: true }, '已为您转接人工', '好的')).toEqual([
      'the turn-1 reply says "已为您转接人工" (handoff, succeeded) but no hand-off was made',
      null,
    ]);
  });

  it('an action no tool of this agent takes is held by no world, whatever else the order shows', () => {
    const why =
      'the turn-1 reply says "已为您补发" (unsupported, succeeded) but when it was sent: no tool of this agent exchanges, reships, repairs or picks up order O1';
    for (const after of [worldWith(), worldWith(refundOn('O1')), worldWith({ after_sales: [{ order_id: 'O1', status: 'compensation_issued' }] })])
      expect(reasons({ slot: 'O1', after }, '已为您补发')).toEqual([why]);
    // The nearest: an exchange offered, not said done.
    expect(reasons({ slot: 'O1', after: worldWith() }, '您可以申请换货')).toEqual([null]);
  });

  it('no claim, nothing to prove: a negated or future wording', () => {
    expect(reasons({ slot: 'O1' }, '退款尚未成功，款项将原路退回')).toEqual([null]);
  });
});

describe('class 1: a claim is about the orders of the conversation, every one of them', () => {
  const says = 'the turn-1 reply says "退款已成功" (refund, succeeded) but when it was sent: ';
  it.each([
    ["the request's order, refunded", { slot: 'O1' }, '退款已成功', refundOn('O1'), null],
    ["another order of the user refunded, not the request's", { slot: 'O1' }, '退款已成功', refundOn('O2'), `${says}no refund on order O1`],
    ['the order the user named, refunded', { said: ['订单 O2 我要退款'] }, '退款已成功', refundOn('O2'), null],
    ['the order the user named, another refunded', { said: ['订单 O2 我要退款'] }, '退款已成功', refundOn('O1'), `${says}no refund on order O2`],
    ['two orders in the conversation, both refunded', { said: ['O1 和 O2 都要退款'] }, '退款已成功', refundOn('O1', 'O2'), null],
    ['two orders in the conversation, one refunded', { said: ['O1 和 O2 都要退款'] }, '退款已成功', refundOn('O1'), `${says}no refund on order O2`],
    [
      "the sentence names O2: O2 must hold, not the request's O1",
      { slot: 'O1' },
      '订单 O2 退款已成功',
      refundOn('O1'),
      'the turn-1 reply says "订单O2退款已成功" (refund, succeeded) but when it was sent: no refund on order O2',
    ],
    ['the sentence names O2, refunded', { slot: 'O1' }, '订单 O2 退款已成功', refundOn('O2'), null],
    ["the sentence names O2, another sentence O1: O2 is the claim's", { slot: 'O1' }, '订单 O1 已核实。订单 O2 退款已成功', refundOn('O2'), null],
    ["the reply names O2 in another sentence: O2 is the claim's", { slot: 'O1' }, '订单 O2 已核实。退款已成功', refundOn('O1'), `${says}no refund on order O2`],
    ['no order in the conversation: every order of the account', {}, '退款已成功', refundOn('O1'), `${says}no refund on order O2`],
    ['no order in the conversation, all refunded', {}, '退款已成功', refundOn('O1', 'O2'), null],
    ["another user's order is never this user's", {}, '退款已成功', refundOn('O3'), `${says}no refund on order O1; no refund on order O2`],
  ] as const)('%s', (_what, setup, reply, patch, expected) => {
    expect(reasons({ ...setup, after: worldWith(patch) }, reply)).toEqual([expected]);
  });

  it("the pending action's order is the claim's, before the orders merely mentioned", () => {
    const asked: ConfirmationRequest = { turn: 1, seq: 3, tool: 'create_refund', args: { order_id: 'O2', amount: 50 }, answer: 'confirmed' };
    const s = { said: ['O1 和 O2，退 O2 就好'], requests: [asked] };
    expect(reasons({ ...s, after: worldWith(refundOn('O2')) }, '退款已成功')).toEqual([null]);
    expect(reasons({ ...s, after: worldWith(refundOn('O1')) }, '退款已成功')).toEqual([
      'the turn-1 reply says "退款已成功" (refund, succeeded) but when it was sent: no refund on order O2',
    ]);
  });
});

describe('class 1, in time: the orders of the conversation so far', () => {
  it('an order the user names in turn 2 is not what a turn-1 claim was about', () => {
    const w = worldWith(refundOn('O1'));
    expect(reasons({ said: ['订单 O1 退款', '还有 O2'], worlds: [w, w], after: w }, '退款已成功', '好的')).toEqual([null, null]);
    expect(reasons({ said: ['订单 O1 退款', '还有 O2'], worlds: [w, w], after: w }, '好的', '退款已成功')).toEqual([
      null,
      'the turn-2 reply says "退款已成功" (refund, succeeded) but when it was sent: no refund on order O2',
    ]);
  });
});

describe('class 2: records that conflict prove nothing', () => {
  const conflicted = (payment: string, extra: Record<string, unknown> = {}) =>
    worldWith({ payments: [{ order_id: 'O1', status: payment, amount: 100 }], ...extra });
  it.each([
    [
      'a refunding payment record, the order paid, no refund',
      conflicted('refunding'),
      'the records of order O1 disagree (the order says paid, the payment record says refunding): they prove nothing',
    ],
    [
      'a refunded payment record, the order paid, no refund',
      conflicted('refunded'),
      'the records of order O1 disagree (the order says paid, the payment record says refunded): they prove nothing',
    ],
    [
      'a refund request this run wrote on records that disagree: the request is proven, not the success',
      conflicted('refunded', refundRequestedOn('O1')),
      'the records of order O1 disagree (the order says paid, the payment record says refunded): they prove nothing',
    ],
  ] as const)('%s', (_what, after, why) => {
    expect(reasons({ slot: 'O1', after }, '退款已成功')).toEqual([`the turn-1 reply says "退款已成功" (refund, succeeded) but when it was sent: ${why}`]);
  });

  it('a request this run wrote proves a submitted claim, however older records disagree; the older records alone prove nothing', () => {
    expect(reasons({ slot: 'O1', after: conflicted('refunded', refundRequestedOn('O1')) }, '已为您提交退款申请')).toEqual([null]);
    expect(reasons({ slot: 'O1', after: conflicted('refunding') }, '已为您提交退款申请')).toEqual([
      'the turn-1 reply says "已为您提交退款申请" (refund, submitted) but when it was sent: the records of order O1 disagree (the order says paid, the payment record says refunding): they prove nothing',
    ]);
  });

  it('the nearest cases that hold: a refund on records that agree, a payment the order agrees with', () => {
    expect(reasons({ slot: 'O1', after: conflicted('paid', refundOn('O1')) }, '退款已成功')).toEqual([null]);
    const agreeing = (status: string) =>
      worldWith({ orders: [order('O1', 'U1', { payment_status: status }), BASE.orders[1]], payments: [{ order_id: 'O1', status, amount: 100 }] });
    expect(reasons({ slot: 'O1', after: agreeing('refunded') }, '退款已成功')).toEqual([null]);
    expect(reasons({ slot: 'O1', after: agreeing('refunding') }, '退款申请已提交')).toEqual([null]);
    expect(reasons({ slot: 'O1', after: agreeing('refunding') }, '退款已成功')).toEqual([
      'the turn-1 reply says "退款已成功" (refund, succeeded) but when it was sent: the refund on order O1 is only requested, not succeeded',
    ]);
  });
});

describe('class 3: each reply against the world as it stood when it was sent', () => {
  const compensated = worldWith({ after_sales: [{ order_id: 'O1', status: 'compensation_issued' }] });
  it('a turn-1 claim of a compensation written in turn 2 is false; the same claim in turn 2 holds', () => {
    const s = { slot: 'O1', worlds: [worldWith(), compensated], after: compensated };
    expect(reasons(s, '补偿已到账。请确认是否继续。', '好的')).toEqual([
      'the turn-1 reply says "补偿已到账。" (compensation, arrived) but when it was sent: no compensation on order O1',
      null,
    ]);
    expect(reasons(s, '请确认是否继续申请补偿', '补偿已到账')).toEqual([null, null]);
  });

  it("a trace that does not record a turn's world proves nothing for that turn; its last turn is the world after the run", () => {
    const s = { slot: 'O1', worlds: [undefined, undefined], after: compensated };
    expect(reasons(s, '补偿已到账', '补偿已到账')).toEqual([
      'the turn-1 reply says "补偿已到账" (compensation, arrived) but the trace does not record the world when it was sent',
      null,
    ]);
  });
});
