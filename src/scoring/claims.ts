/**
 * Claims of completed actions in a reply, recognised by the response prompt's
 * Claim Vocabulary (data, so `orderflow diff` sees a change), each checked
 * against its own action's effect in the world after the run: a refund claim
 * needs a refund, not just any write.
 */
import { REFUND_UNDER_WAY } from '../registry/fact-vocabulary.js';
import type { World } from '../pipeline/scenario-schema.js';
import type { ClaimPhrase } from '../registry/structured-sections.js';
import { claimMatcher, type ClaimMatcher } from './claim-pattern.js';
import type { JudgeInput } from './judge-input.js';
import type { Effect } from './world-effects.js';

export interface Claim {
  kind: string;
  text: string;
}

/** Words just before a match that turn it into its opposite ("尚未退款"). */
const NEGATION = /[未没不无非]$|尚未$|还没$/;

const matchers = new WeakMap<ClaimPhrase, ClaimMatcher>();
function matcherOf(p: ClaimPhrase): ClaimMatcher {
  let matcher = matchers.get(p);
  if (!matcher) matchers.set(p, (matcher = claimMatcher(p.phrase)));
  return matcher;
}

export function claimsIn(reply: string, vocabulary: ClaimPhrase[]): Claim[] {
  const out: Claim[] = [];
  const text = reply.normalize('NFKC');
  for (const p of vocabulary) {
    for (const m of matcherOf(p)(text)) {
      if (NEGATION.test(text.slice(Math.max(0, m.index - 2), m.index))) continue;
      if (!out.some((c) => c.kind === p.kind && c.text === m.text)) out.push({ kind: p.kind, text: m.text });
    }
  }
  return out;
}

const INTENT_CLAIM: Record<string, string> = { refund_request: 'refund', compensation_request: 'compensation', cancel_order: 'cancel', complaint: 'ticket', modify_order: 'address_change' };

/** Why the claim is false, or null when the world holds its action's effect. */
export function unbackedReason(claim: Claim, reply: string, input: JudgeInput, effects: Effect[]): string | null {
  const world = input.trace.world_after as World | undefined;
  if (!world) return 'no record of the world after the run';
  const s = input.scenario;
  const own = world.orders.filter((o) => o.user_id === s.user.id).map((o) => o.order_id);
  const named = own.filter((id) => reply.includes(id));
  const orders = named.length ? named : own;
  const intent = s.expected.intent ?? (input.trace.outputs?.intent?.intent as string | undefined);
  const kind = claim.kind === 'request' ? (intent ? INTENT_CLAIM[intent] : undefined) ?? 'any' : claim.kind;
  const afterSales = (statuses: (status: string) => boolean) => world.after_sales.some((a) => orders.includes(a.order_id) && statuses(a.status));
  let held: boolean;
  switch (kind) {
    case 'refund': {
      const paid = world.payments.filter((p) => orders.includes(p.order_id)).map((p) => p.status);
      held = afterSales((st) => REFUND_UNDER_WAY.has(st)) || paid.includes('refunded') || paid.includes('refunding');
      break;
    }
    case 'compensation':
      held = afterSales((st) => st === 'compensation_issued');
      break;
    case 'cancel':
      held = world.orders.some((o) => orders.includes(o.order_id) && (o.status === 'cancelled' || o.status === 'closed'));
      break;
    case 'ticket':
      held = world.tickets.some((t) => t.status === 'open' && (t.order_id === null ? t.user_id === s.user.id : orders.includes(t.order_id)));
      break;
    case 'address_change':
      held = effects.some((e) => (e.tool === 'modify_address' || e.tool === 'modify_order') && e.order_id !== null && orders.includes(e.order_id));
      break;
    case 'handoff':
      held = input.trace.handoff !== null;
      break;
    default:
      held = effects.length > 0;
  }
  return held ? null : `the reply says "${claim.text}" (${claim.kind}) but no ${kind === 'any' ? 'change' : kind} is in the world`;
}
