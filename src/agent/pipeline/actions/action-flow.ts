/**
 * From a responsibility decision to a verified write: proposal → user
 * confirmation → the model's tool authorization → the program's guards →
 * execution with an idempotency key → second query → state verification.
 * Every way out is recorded; none of them throws.
 */
import type { ActionOutcome } from './action-outcome.js';
import { checkGuards, type GuardBlock, type ProposedCall } from '../guards/guard-chain.js';
import { guardContext } from '../guards/guard-context.js';
import { confidenceOf, type Output, type PipelineContext } from '../pipeline-context.js';
import { MAX_RETRIES, recover } from '../stages/recover.js';
import { stringList } from '../stages/understand.js';
import { executeAndVerify } from './execute-and-verify.js';
import { untrustedForDeciders } from '../guards/untrusted-quarantine.js';
import { NEXT_ACTION_TOOLS } from '../../vocabulary/tool-catalog.js';
import { alreadyAsked, askUser, confirmationFor, BINDING_ARGS } from '../consent/user-confirmation.js';
import { whichOrderQuestion, writeObjectNamed } from '../consent/write-object.js';

export type { ActionOutcome };

const DECISION_TOOLS: Record<string, string> = {
  refund_allowed: 'create_refund',
  compensation_allowed: 'create_compensation',
  cancellation_allowed: 'cancel_order',
  address_change_allowed: 'modify_address',
};

/** The write a decision asks for, with arguments built by the program from verified facts. */
function proposeWrite(ctx: PipelineContext, intent: Output, decision: Output): ProposedCall | null {
  const tool =
    NEXT_ACTION_TOOLS[String(decision.next_action)] ??
    DECISION_TOOLS[String(decision.decision)] ??
    (intent.intent === 'complaint' ? 'create_ticket' : undefined);
  if (!tool) return null;
  const orderId = ctx.orderId;
  if (!orderId && tool !== 'create_ticket') return null;
  const reason = String(intent.normalized_user_request ?? ctx.userTurn);
  const amount = Number(ctx.reads.order?.amount ?? (orderId ? ctx.world.order(orderId)?.amount : 0) ?? 0);
  const args: Record<string, unknown> =
    tool === 'create_ticket'
      ? { order_id: orderId, category: 'complaint', summary: reason }
      : tool === 'cancel_order'
        ? { order_id: orderId, reason }
        : tool === 'modify_address'
          ? { order_id: orderId, address: String(decision.new_address) }
          : { order_id: orderId, amount: tool === 'create_compensation' ? compensationAmount(amount) : amount, reason };
  // One key per conversation and action: a retry reuses it, a new application after a rejected refund does not collide with the old one.
  return { tool, args, idempotency_key: `${tool}:${orderId ?? 'none'}:${ctx.session.sessionId}` };
}

/** A goodwill payment: a tenth of the order, at least 5 and at most 50. */
function compensationAmount(orderAmount: number): number {
  return Math.min(50, Math.max(5, Math.round(orderAmount * 10) / 100));
}

export async function runAction(ctx: PipelineContext, intent: Output, decision: Output, attempt = 0): Promise<ActionOutcome> {
  const wantsHuman =
    decision.decision === 'human_handoff' || decision.next_action === 'request_human_review' || decision.automation_level === 'human_review_required';
  if (wantsHuman) ctx.handOff(String(decision.reason_summary ?? 'responsibility asked for human review'));
  if (decision.decision === 'need_more_info') {
    if (wantsHuman) return 'handoff';
    // generate_response: nothing to run, just answer; otherwise the missing piece decides the recovery.
    if (decision.next_action === 'generate_response') return 'none';
    const type = decision.next_action === 'search_policy' ? 'insufficient_evidence' : 'missing_facts';
    const action = await recover(ctx, {
      stage: 'responsibility_attribution',
      type,
      detail: String(decision.reason_summary ?? 'facts missing'),
      confidence: confidenceOf(decision),
      retryCount: attempt,
    });
    const retry = action === 'retry_read_tool' ? 'retry_facts' : action === 'retry_retrieval' ? 'retry_evidence' : undefined;
    if (retry && attempt < MAX_RETRIES) return retry;
    // Retried and still short of facts: a human takes over rather than a promise nobody keeps.
    if (retry || action === 'human_handoff') {
      ctx.handOff(`${type} after ${attempt + 1} attempt(s)`);
      return 'handoff';
    }
    return action === 'ask_clarification' ? 'clarify' : 'none';
  }
  const proposal = proposeWrite(ctx, intent, decision);
  if (!proposal) return ctx.handoffReasons.length ? 'handoff' : 'none';
  if (ctx.options.guards && !objectIsTheUsers(ctx, proposal)) return 'clarify';
  if (ctx.handoffReasons.length && proposal.tool !== 'create_ticket') {
    ctx.recordTool(proposal, 'not_authorized', { authorization: 'handed_off' });
    return 'handoff';
  }
  const needsConfirmation =
    decision.next_action === 'request_user_confirmation' || stringList(decision.required_before_execution).includes('user_confirmation');
  if (needsConfirmation) {
    const answer = askUser(ctx, proposal);
    if (answer === 'pending') return awaitConfirmation(ctx, proposal, intent, decision);
    if (answer !== 'confirmed') return stopUnconfirmed(ctx, proposal, answer);
  }
  return authorizeAndExecute(ctx, proposal, decision, intent);
}

/**
 * The model's authorization, then the program's guards, then execution. Also
 * where a conversation resumes once the user confirmed the pending action.
 */
export async function authorizeAndExecute(ctx: PipelineContext, proposal: ProposedCall, decision: Output, intent: Output): Promise<ActionOutcome> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const auth = await authorize(ctx, proposal, decision);
    if (!auth) return 'handoff';
    const verdict = String(auth.authorization_decision);
    if (verdict === 'require_user_confirmation' && !alreadyAsked(ctx, proposal)) {
      const answer = askUser(ctx, proposal);
      if (answer === 'pending') return awaitConfirmation(ctx, proposal, intent, decision);
      if (answer !== 'confirmed') return stopUnconfirmed(ctx, proposal, answer);
      continue;
    }
    if (verdict === 'require_human_review') {
      ctx.handOff('tool authorization asked for human review');
      ctx.recordTool(proposal, 'not_authorized', { authorization: verdict });
      return 'handoff';
    }
    if (verdict !== 'allow') {
      ctx.recordTool(proposal, 'not_authorized', { authorization: verdict });
      ctx.actionsTaken.push(`${proposal.tool} not authorized (${verdict})`);
      return 'not_authorized';
    }
    const tool = typeof auth.allowed_tool_name === 'string' && auth.allowed_tool_name ? auth.allowed_tool_name : proposal.tool;
    const call: ProposedCall = {
      tool,
      args: { ...proposal.args, ...((auth.sanitized_args as Record<string, unknown>) ?? {}) },
      idempotency_key: proposal.idempotency_key,
    };
    const proposedBy = tool === proposal.tool ? 'responsibility_attribution' : 'tool_authorization';
    if (ctx.options.guards) {
      // Authorization may only say yes or no to the program's proposal: another tool, or other key values, is another action.
      const rewritten = rewrittenBy(proposal, call);
      if (rewritten) {
        const block: GuardBlock = {
          is_error: true,
          error_code: 'NOT_ALLOWED',
          gate: 'schema',
          message: `tool authorization changed the proposed call (${rewritten})`,
          remedy: 'authorize the proposal as it is, or deny it',
        };
        ctx.recordTool(call, 'blocked', { authorization: verdict, block, proposed_by: proposedBy });
        ctx.actionsTaken.push(`${call.tool} stopped: ${block.message}`);
        ctx.handOff(`tool authorization changed the proposed ${proposal.tool}`);
        return 'handoff';
      }
      const block = checkGuards(call, guardContext(ctx, call, decision));
      if (block?.gate === 'confirmation' && !alreadyAsked(ctx, call)) {
        // The gate's structured error tells the agent what is missing (docs/spec/program-enforcement.md#a-blocked-call-returns-a-structured-error): ask, then try once more.
        ctx.recordTool(call, 'blocked', { authorization: verdict, block, proposed_by: proposedBy });
        const answer = askUser(ctx, call);
        if (answer === 'pending') return awaitConfirmation(ctx, call, intent, decision);
        if (answer !== 'confirmed') return stopUnconfirmed(ctx, call, answer);
        continue;
      }
      if (block) {
        ctx.recordTool(call, 'blocked', { authorization: verdict, block, proposed_by: proposedBy });
        ctx.actionsTaken.push(`${call.tool} stopped by the ${block.gate} guard: ${block.message}`);
        const action = await recover(ctx, {
          stage: 'tool_authorization',
          type: 'gate_blocked',
          detail: `${block.gate}: ${block.message}`,
          involvesWrite: true,
          confidence: confidenceOf(decision),
        });
        if (action !== 'human_handoff') ctx.handOff(`${call.tool} stopped by the ${block.gate} guard`);
        return 'handoff';
      }
    }
    return executeAndVerify(ctx, call, verdict, decision, proposedBy);
  }
  return 'not_authorized';
}

/**
 * Whether the order the write acts on is one the user named: a model's slot
 * naming another of their orders stops the write, and the user is asked which.
 */
function objectIsTheUsers(ctx: PipelineContext, proposal: ProposedCall): boolean {
  const orderId = proposal.args.order_id;
  if (typeof orderId !== 'string') return true;
  const object = writeObjectNamed(ctx, orderId, proposal.tool);
  if (object.named) return true;
  const block: GuardBlock = {
    is_error: true,
    error_code: 'NOT_ALLOWED',
    gate: 'ownership',
    message: `order ${orderId} is not the order the user named: ${object.why}`,
    remedy: 'ask the user which order they mean',
  };
  ctx.recordTool(proposal, 'blocked', { block });
  ctx.actionsTaken.push(`${proposal.tool} not proposed: ${block.message}`);
  ctx.note(`${proposal.tool} on ${orderId} stopped before any question: ${object.why}; asking which order`);
  ctx.objectQuestion = whichOrderQuestion(object.orders);
  return false;
}

/** The agent's turn ends with the question; the next user turn answers it. */
function awaitConfirmation(ctx: PipelineContext, call: ProposedCall, intent: Output, decision: Output): ActionOutcome {
  ctx.recordTool(call, 'awaiting_confirmation');
  ctx.session.pending = {
    call,
    intent,
    decision,
    carried: {
      facts: ctx.facts,
      reads: ctx.reads,
      conflicts: ctx.conflicts,
      retrieved: ctx.retrieved,
      injectedDocIds: ctx.injectedDocIds,
      evidence: ctx.evidence,
      untrustedText: ctx.untrustedText,
    },
  };
  return 'awaiting_confirmation';
}

function stopUnconfirmed(ctx: PipelineContext, call: ProposedCall, answer: 'declined' | 'no_answer' | 'mismatch'): ActionOutcome {
  ctx.recordTool(call, answer === 'declined' ? 'declined' : 'awaiting_confirmation');
  return answer === 'declined' ? 'declined' : 'awaiting_confirmation';
}

async function authorize(ctx: PipelineContext, call: ProposedCall, decision: Output): Promise<Output | null> {
  const orderId = typeof call.args.order_id === 'string' ? call.args.order_id : null;
  const owner = orderId ? (ctx.world.ownerOf(orderId) ?? null) : null;
  const result = await ctx.caller.call('tool_authorization', {
    proposed_action: { tool_name: call.tool, args: call.args, idempotency_key: call.idempotency_key },
    decision_result: {
      decision: String(decision.decision),
      automation_level: String(decision.automation_level),
      required_before_execution: stringList(decision.required_before_execution),
      evidence_policy_ids: stringList(decision.evidence_policy_ids),
      risk_tags: stringList(decision.risk_tags),
    },
    session: {
      current_user_id: ctx.scenario.user.id,
      claimed_role: ctx.scenario.user.claimed_role,
      target_order_owner_id: owner,
      user_confirmation: confirmationFor(ctx, call),
      permission_check_passed: owner !== null && owner === ctx.scenario.user.id,
    },
    safety_risk_tags: ctx.safetyRiskTags(),
    evidence_sufficiency: (ctx.evidence?.evidence_sufficiency as 'sufficient' | 'partial' | 'insufficient' | undefined) ?? 'insufficient',
    untrusted_tool_text: untrustedForDeciders(ctx),
  });
  if (result.ok) return result.output;
  await recover(ctx, { stage: 'tool_authorization', type: result.failure, detail: result.reason, involvesWrite: true });
  ctx.handOff('tool authorization failed');
  ctx.recordTool(call, 'not_authorized', { authorization: 'failed' });
  return null;
}

/**
 * What the authorization model changed of the program's proposal: the tool, or
 * a value the user's consent is bound to (order, amount, address, recipient,
 * changes). Free text such as a reason may be sanitised; nothing else may move.
 */
function rewrittenBy(proposal: ProposedCall, call: ProposedCall): string | null {
  if (call.tool !== proposal.tool) return `${proposal.tool} → ${call.tool}`;
  const moved = BINDING_ARGS.filter((k) => JSON.stringify(call.args[k] ?? null) !== JSON.stringify(proposal.args[k] ?? null));
  return moved.length ? `${moved.join(', ')} changed` : null;
}
