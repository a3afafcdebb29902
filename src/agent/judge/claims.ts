/**
 * Completion claims in the replies, each checked against the world as it
 * stood when its reply was sent — a claim made before its effect is false
 * whatever happens later — on the orders it is about (every one of them), by
 * the effect of its own kind: a refund claim needs a refund, not just any
 * write, and by the state the claim names (submitted, succeeded, arrived).
 * Claims are read by the judge's own reader (readers/claim-reader), which
 * shares no code with the reply guard's.
 */
import type { World } from '../scenarios/scenario-schema.js';
import type { PipelineTrace } from '../pipeline/trace.js';
import { readClaims, type ReadClaim } from './readers/claim-reader.js';
import { claimOrders } from './claim-orders.js';
import { proofOn } from './claim-proof.js';
import type { JudgeInput } from './judge-input.js';
import { worldEffects } from './world-effects.js';

export type Claim = ReadClaim;

/** One reply as the judge reads it: its words, its turn, and the world when it was sent. */
export interface SentReply {
  text: string;
  turn: number;
  /** The mocked world when the reply was sent; undefined when the trace does not record it. */
  world: World | undefined;
  /** The conversation was handed to a human by the turn of this reply. */
  handedOff: boolean;
}

/** The claims of a reply, by the judge's own reader (never the reply guard's: a wording the guard misses is one the judge must still see). */
export function claimsIn(reply: string): Claim[] {
  return readClaims(reply);
}

/**
 * Every reply of the conversation, with the world it was sent in: the turn's
 * own record, or for the last turn of a trace written before turns carried
 * one, the world after the run.
 */
export function sentReplies(trace: PipelineTrace): SentReply[] {
  const last = trace.turns.at(-1)?.turn;
  const turns = trace.turns.filter((t) => t.reply);
  if (!turns.length)
    return trace.reply ? [{ text: trace.reply, turn: last ?? 1, world: trace.world_after as World | undefined, handedOff: trace.handoff !== null }] : [];
  return turns.map((t) => ({
    text: t.reply!,
    turn: t.turn,
    world: (t.world_after ?? (t.turn === last ? trace.world_after : undefined)) as World | undefined,
    handedOff: trace.handoff !== null && t.turn === last,
  }));
}

const INTENT_CLAIM: Record<string, string> = {
  refund_request: 'refund',
  compensation_request: 'compensation',
  cancel_order: 'cancel',
  complaint: 'ticket',
  modify_order: 'address_change',
};

/** Why the claim is false, or null when the world as it stood when its reply was sent holds its effect on every order it is about. */
export function unbackedReason(claim: Claim, reply: SentReply, input: JudgeInput): string | null {
  const says = `the turn-${reply.turn} reply says "${claim.text}" (${claim.kind}, ${claim.state})`;
  const intent = input.scenario.expected.intent ?? (input.trace.outputs?.intent?.intent as string | undefined);
  const kind = claim.kind === 'request' ? ((intent ? INTENT_CLAIM[intent] : undefined) ?? 'any') : claim.kind;
  if (kind === 'handoff') return reply.handedOff ? null : `${says} but no hand-off was made`;
  const world = reply.world;
  if (!world) return `${says} but the trace does not record the world when it was sent`;
  const { orders, source } = claimOrders(claim, kind, reply, input, world);
  if (!orders.length) return `${says} but the conversation is about no order that could hold it`;
  const effects = worldEffects(input.scenario.world, world);
  const userTicket = source === 'account' ? { userId: input.scenario.user.id } : null;
  // Told to this customer, a claim is about their affairs: an effect on another user's order backs nothing of theirs.
  const othersOrder = (id: string) => {
    const owner = world.orders.find((o) => o.order_id === id)?.user_id;
    return owner !== undefined && owner !== input.scenario.user.id;
  };
  const missing = orders.flatMap((id) => {
    const proof = proofOn(kind, claim.state, id, world, effects, userTicket);
    if (!proof.held) return [proof.why];
    return othersOrder(id) ? [`order ${id} is another user's`] : [];
  });
  return missing.length ? `${says} but when it was sent: ${missing.join('; ')}` : null;
}
