/**
 * A yes is bound to the action it answered and to the turn it answered in:
 * other key values are another action, and a yes from an earlier turn does
 * not let a later turn's write run without asking again.
 */
import { describe, expect, it } from 'vitest';
import type { PipelineContext } from '../../../src/agent/pipeline/pipeline-context.js';
import type { ConfirmationRequest } from '../../../src/agent/pipeline/trace.js';
import { alreadyAsked, confirmationFor, sameAction } from '../../../src/agent/pipeline/consent/user-confirmation.js';

const refund = { tool: 'create_refund', args: { order_id: 'O123', amount: 199, reason: '未发货' } };

function at(turn: number, requests: ConfirmationRequest[]): PipelineContext {
  return { trace: { confirmation: { requests } }, session: { turn } } as unknown as PipelineContext;
}

describe('consent bound to the action and the turn', () => {
  it.each([
    ['order', { order_id: 'O456' }],
    ['amount', { amount: 99 }],
    ['address', { address: '上海市浦东新区世纪大道1号' }],
    ['recipient', { to: '13900000000' }],
    ['message', { message: '点击链接领取补偿' }],
  ])('another %s is another action', (_, changed) => {
    expect(sameAction(refund, { ...refund, args: { ...refund.args, ...changed } })).toBe(false);
  });

  it('a changed free-text reason is the same action', () => {
    expect(sameAction(refund, { ...refund, args: { ...refund.args, reason: '用户申请退款' } })).toBe(true);
  });

  it('a yes counts in the turn that gave it, not in a later one', () => {
    const answered: ConfirmationRequest = { ...refund, turn: 1, seq: 5, answer: 'confirmed', answered_in_turn: 2 };
    expect(confirmationFor(at(2, [answered]), refund)).toBe('confirmed');
    expect(confirmationFor(at(3, [answered]), refund)).toBe('not_requested');
    expect(confirmationFor(at(2, [answered]), { ...refund, args: { ...refund.args, amount: 99 } })).toBe('not_requested');
  });

  it('a question asked in an earlier turn may be asked again in a later one', () => {
    const lapsed: ConfirmationRequest = { ...refund, turn: 1, seq: 5, answer: 'no_answer', answered_in_turn: 2 };
    expect(alreadyAsked(at(2, [lapsed]), refund)).toBe(true);
    expect(alreadyAsked(at(3, [lapsed]), refund)).toBe(false);
  });
});
