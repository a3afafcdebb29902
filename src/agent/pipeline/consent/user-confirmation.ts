/**
 * Confirmation requests: each asks about one exact action (tool and
 * arguments), and an answer binds to that action only. In a single-turn
 * scenario the simulated user answers at once; in a conversation the agent's
 * turn ends with the question and the next user turn answers it.
 */
import type { PipelineContext } from '../pipeline-context.js';
import { agreedTools } from '../../scenarios/scenario-schema.js';
import type { ProposedCall } from '../guards/guard-chain.js';
import type { ConfirmationAnswer, ConfirmationRequest } from '../trace.js';
import { confirmationQuestion } from './confirmation-question.js';

/** The arguments that make an action this action and not another: a yes to 100 yuan is not a yes to 199, a yes to one text message is not a yes to another. */
export const BINDING_ARGS = ['order_id', 'amount', 'address', 'to', 'changes', 'message'] as const;

export function sameAction(a: { tool: string; args: Record<string, unknown> }, b: { tool: string; args: Record<string, unknown> }): boolean {
  return a.tool === b.tool && BINDING_ARGS.every((k) => JSON.stringify(a.args[k] ?? null) === JSON.stringify(b.args[k] ?? null));
}

/**
 * Asks the user to confirm `call`. Single-turn: the scripted answer ("yes" means
 * yes to what the user asked for, so an action they never wanted is declined).
 * Multi-turn: 'pending', and the conversation waits for the next turn.
 */
export function askUser(ctx: PipelineContext, call: ProposedCall): ConfirmationAnswer | 'pending' {
  const s = ctx.scenario;
  const at = ctx.session.next();
  if (s.turns) {
    pushRequest(ctx, { ...at, tool: call.tool, args: call.args, answer: 'pending' });
    ctx.actionsTaken.push(`asked the user to confirm ${call.tool}`);
    return 'pending';
  }
  const wanted = agreedTools(s);
  const answer: ConfirmationAnswer =
    s.confirmation === 'no_answer' ? 'no_answer' : s.confirmation === 'yes' && wanted.includes(call.tool) ? 'confirmed' : 'declined';
  // The scripted user answers the program's question about this exact action.
  pushRequest(ctx, { ...at, tool: call.tool, args: call.args, answer, answered_in_turn: at.turn, question: confirmationQuestion(call) });
  ctx.actionsTaken.push(`asked the user to confirm ${call.tool}: ${answer}`);
  return answer;
}

/** Records the answer a later turn gave to the request still pending. */
export function answerRequest(ctx: PipelineContext, call: ProposedCall, answer: ConfirmationAnswer, reading?: string): void {
  const request = [...ctx.trace.confirmation.requests].reverse().find((r) => r.answer === 'pending' && sameAction(r, call));
  if (request) {
    request.answer = answer;
    request.answered_in_turn = ctx.session.turn;
    if (reading) request.reading = reading;
  }
  const c = ctx.trace.confirmation;
  c.answer = answer;
  if (answer === 'confirmed' && !c.confirmed_tools.includes(call.tool)) c.confirmed_tools.push(call.tool);
  ctx.actionsTaken.push(`the user answered the confirmation of ${call.tool}: ${answer}`);
}

function pushRequest(ctx: PipelineContext, request: ConfirmationRequest): void {
  const c = ctx.trace.confirmation;
  c.requests.push(request);
  c.asked = true;
  c.answer = request.answer === 'pending' ? 'no_answer' : request.answer;
  if (!c.asked_tools.includes(request.tool)) c.asked_tools.push(request.tool);
  if (request.answer === 'confirmed' && !c.confirmed_tools.includes(request.tool)) c.confirmed_tools.push(request.tool);
}

/**
 * Whether this exact action was confirmed; a confirmation of other arguments
 * confirms nothing. A yes is consent to the proposal it answered, in the turn
 * it was given: an earlier turn's yes does not carry over to a later run.
 */
export function confirmationFor(ctx: PipelineContext, call: { tool: string; args: Record<string, unknown> }): 'confirmed' | 'declined' | 'not_requested' {
  const requests = ctx.trace.confirmation.requests.filter((r) => sameAction(r, call));
  if (requests.some((r) => r.answer === 'confirmed' && r.answered_in_turn === ctx.session.turn)) return 'confirmed';
  return requests.some((r) => r.answer === 'declined') ? 'declined' : 'not_requested';
}

/** Whether a confirmation of this exact action was already asked for in this turn (a later turn may ask again). */
export function alreadyAsked(ctx: PipelineContext, call: { tool: string; args: Record<string, unknown> }): boolean {
  return ctx.trace.confirmation.requests.some((r) => sameAction(r, call) && (r.turn === ctx.session.turn || r.answered_in_turn === ctx.session.turn));
}
