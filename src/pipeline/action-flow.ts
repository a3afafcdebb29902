/**
 * From a responsibility decision to a verified write: proposal → user
 * confirmation → the model's tool authorization → the program's gates →
 * execution with an idempotency key → second query → state verification.
 * Every way out is recorded; none of them throws.
 */
import { checkGates, riskLevelOf, type GateContext, type ProposedCall } from './gates/gate-chain.js';
import type { Output, PipelineContext } from './pipeline-context.js';
import { selectedDocIds } from './stages/policy-evidence.js';
import { MAX_RETRIES, recover } from './stages/recover.js';
import { stringList } from './stages/understand.js';
import type { ToolTrace } from './trace.js';
import type { ReadTool } from './tools/tool-catalog.js';
import type { ToolOutcome } from './world/mock-world.js';

export type ActionOutcome =
  | 'none'
  | 'verified'
  | 'unverified'
  | 'failed'
  | 'awaiting_confirmation'
  | 'declined'
  | 'not_authorized'
  | 'handoff'
  | 'clarify'
  | 'retry_facts'
  | 'retry_evidence';

function confidenceOf(output: Output): number {
  return typeof output.confidence === 'number' ? output.confidence : 0;
}

const NEXT_ACTION_TOOLS: Record<string, string> = { call_refund_tool: 'create_refund', call_compensation_tool: 'create_compensation', call_cancel_tool: 'cancel_order' };
const DECISION_TOOLS: Record<string, string> = { refund_allowed: 'create_refund', compensation_allowed: 'create_compensation', cancellation_allowed: 'cancel_order' };

/** The write a decision asks for, with arguments built by the program from verified facts. */
export function proposeWrite(ctx: PipelineContext, intent: Output, decision: Output): ProposedCall | null {
  const tool = NEXT_ACTION_TOOLS[String(decision.next_action)] ?? DECISION_TOOLS[String(decision.decision)] ?? (intent.intent === 'complaint' ? 'create_ticket' : undefined);
  if (!tool) return null;
  const orderId = ctx.orderId;
  if (!orderId && tool !== 'create_ticket') return null;
  const reason = String(intent.normalized_user_request ?? ctx.scenario.turn);
  const amount = Number(ctx.reads.order?.amount ?? (orderId ? ctx.world.order(orderId)?.amount : 0) ?? 0);
  const args: Record<string, unknown> =
    tool === 'create_ticket'
      ? { order_id: orderId, category: 'complaint', summary: reason }
      : tool === 'cancel_order'
        ? { order_id: orderId, reason }
        : { order_id: orderId, amount: tool === 'create_compensation' ? compensationAmount(amount) : amount, reason };
  return { tool, args, idempotency_key: `${tool}:${orderId ?? 'none'}` };
}

/** A goodwill payment: a tenth of the order, at least 5 and at most 50. */
function compensationAmount(orderAmount: number): number {
  return Math.min(50, Math.max(5, Math.round(orderAmount * 10) / 100));
}

export async function runAction(ctx: PipelineContext, intent: Output, decision: Output, attempt = 0): Promise<ActionOutcome> {
  const wantsHuman = decision.decision === 'human_handoff' || decision.next_action === 'request_human_review' || decision.automation_level === 'human_review_required';
  if (wantsHuman) ctx.handOff(String(decision.reason_summary ?? 'responsibility asked for human review'));
  if (decision.decision === 'need_more_info') {
    if (wantsHuman) return 'handoff';
    // generate_response: nothing to run, just answer; otherwise the missing piece decides the recovery.
    if (decision.next_action === 'generate_response') return 'none';
    const type = decision.next_action === 'search_policy' ? 'insufficient_evidence' : 'missing_facts';
    const action = await recover(ctx, { stage: 'responsibility_attribution', type, detail: String(decision.reason_summary ?? 'facts missing'), confidence: confidenceOf(decision), retryCount: attempt });
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
  if (ctx.handoffReasons.length && proposal.tool !== 'create_ticket') {
    record(ctx, proposal, 'not_authorized', { authorization: 'handed_off' });
    return 'handoff';
  }
  const needsConfirmation =
    decision.next_action === 'request_user_confirmation' || stringList(decision.required_before_execution).includes('user_confirmation');
  if (needsConfirmation) {
    const answer = askUser(ctx, proposal.tool);
    if (answer !== 'confirmed') return stopUnconfirmed(ctx, proposal, answer);
  }

  for (let attempt = 0; attempt < 2; attempt++) {
    const auth = await authorize(ctx, proposal, decision);
    if (!auth) return 'handoff';
    const verdict = String(auth.authorization_decision);
    if (verdict === 'require_user_confirmation' && !ctx.trace.confirmation.asked_tools.includes(proposal.tool)) {
      const answer = askUser(ctx, proposal.tool);
      if (answer !== 'confirmed') return stopUnconfirmed(ctx, proposal, answer);
      continue;
    }
    if (verdict === 'require_human_review') {
      ctx.handOff('tool authorization asked for human review');
      record(ctx, proposal, 'not_authorized', { authorization: verdict });
      return 'handoff';
    }
    if (verdict !== 'allow') {
      record(ctx, proposal, 'not_authorized', { authorization: verdict });
      ctx.actionsTaken.push(`${proposal.tool} not authorized (${verdict})`);
      return 'not_authorized';
    }
    const call: ProposedCall = {
      tool: typeof auth.allowed_tool_name === 'string' && auth.allowed_tool_name ? auth.allowed_tool_name : proposal.tool,
      args: { ...proposal.args, ...((auth.sanitized_args as Record<string, unknown>) ?? {}) },
      idempotency_key: proposal.idempotency_key,
    };
    if (ctx.options.gates) {
      const block = checkGates(call, gateContext(ctx, call, decision));
      if (block?.gate === 'confirmation' && !ctx.trace.confirmation.asked_tools.includes(call.tool)) {
        // The gate's structured error tells the agent what is missing (seed 003): ask, then try once more.
        record(ctx, call, 'blocked', { authorization: verdict, block });
        const answer = askUser(ctx, call.tool);
        if (answer !== 'confirmed') return stopUnconfirmed(ctx, call, answer);
        continue;
      }
      if (block) {
        record(ctx, call, 'blocked', { authorization: verdict, block });
        ctx.actionsTaken.push(`${call.tool} blocked by the ${block.gate} gate: ${block.message}`);
        const action = await recover(ctx, { stage: 'tool_authorization', type: 'gate_blocked', detail: `${block.gate}: ${block.message}`, involvesWrite: true, confidence: confidenceOf(decision) });
        if (action !== 'human_handoff') ctx.handOff(`${call.tool} blocked by the ${block.gate} gate`);
        return 'handoff';
      }
    }
    return execute(ctx, call, verdict);
  }
  return 'not_authorized';
}

/**
 * The simulated user answers a confirmation request about a specific action:
 * "yes" in a scenario means yes to what the user asked for, so an action they
 * never wanted (a cancellation offered to someone asking for a refund) is declined.
 */
function askUser(ctx: PipelineContext, tool: string): 'confirmed' | 'declined' | 'no_answer' {
  const s = ctx.scenario;
  const wanted = s.confirms ?? wantedTools(s);
  const answer = s.confirmation === 'no_answer' ? 'no_answer' : s.confirmation === 'yes' && wanted.includes(tool) ? 'confirmed' : 'declined';
  const { asked_tools, confirmed_tools } = ctx.trace.confirmation;
  ctx.trace.confirmation = {
    asked: true,
    answer,
    asked_tools: [...new Set([...asked_tools, tool])],
    confirmed_tools: answer === 'confirmed' ? [...new Set([...confirmed_tools, tool])] : confirmed_tools,
  };
  ctx.actionsTaken.push(`asked the user to confirm ${tool}: ${answer}`);
  return answer;
}

/** A confirmation is for one action: confirming a refund does not confirm a cancellation. */
function confirmationFor(ctx: PipelineContext, tool: string): 'confirmed' | 'not_requested' {
  return ctx.trace.confirmation.confirmed_tools.includes(tool) ? 'confirmed' : 'not_requested';
}

const INTENT_TOOLS: Record<string, string> = { refund_request: 'create_refund', compensation_request: 'create_compensation', cancel_order: 'cancel_order', complaint: 'create_ticket' };

function wantedTools(s: PipelineContext['scenario']): string[] {
  const intents = [s.expected.intent, ...(s.expected.secondary_intents ?? [])].filter((i): i is string => Boolean(i));
  return [...new Set([...s.expected.tool_calls.map((c) => c.tool_name), ...intents.flatMap((i) => INTENT_TOOLS[i] ?? [])])];
}

function stopUnconfirmed(ctx: PipelineContext, call: ProposedCall, answer: 'declined' | 'no_answer'): ActionOutcome {
  record(ctx, call, answer === 'declined' ? 'declined' : 'awaiting_confirmation');
  return answer === 'declined' ? 'declined' : 'awaiting_confirmation';
}

async function authorize(ctx: PipelineContext, call: ProposedCall, decision: Output): Promise<Output | null> {
  const orderId = typeof call.args.order_id === 'string' ? call.args.order_id : null;
  const owner = orderId ? ctx.world.ownerOf(orderId) ?? null : null;
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
      user_confirmation: confirmationFor(ctx, call.tool),
      permission_check_passed: owner !== null && owner === ctx.scenario.user.id,
    },
    safety_risk_tags: ctx.safetyRiskTags(),
    evidence_sufficiency: (ctx.evidence?.evidence_sufficiency as 'sufficient' | 'partial' | 'insufficient' | undefined) ?? 'insufficient',
  });
  if (result.ok) return result.output;
  await recover(ctx, { stage: 'tool_authorization', type: result.failure, detail: result.reason, involvesWrite: true });
  ctx.handOff('tool authorization failed');
  record(ctx, call, 'not_authorized', { authorization: 'failed' });
  return null;
}

function gateContext(ctx: PipelineContext, call: ProposedCall, decision: Output): GateContext {
  return {
    userId: ctx.scenario.user.id,
    world: ctx.world,
    riskLevels: ctx.prompt('tool_authorization').structured.toolRiskLevels ?? {},
    injectionRisk: ctx.injectionRisk,
    confirmation: confirmationFor(ctx, call.tool),
    decision: typeof decision.decision === 'string' ? decision.decision : null,
    retrieved: ctx.retrieved,
    selectedDocIds: selectedDocIds(ctx.evidence),
    injectedDocIds: ctx.injectedDocIds,
    scan: (text) => ctx.scanner.scan(text),
  };
}

const REQUERY: Record<string, { tool: ReadTool; change: string }> = {
  create_refund: { tool: 'query_after_sales', change: 'after_sales_status becomes refund_requested' },
  create_compensation: { tool: 'query_after_sales', change: 'after_sales_status becomes compensation_issued' },
  cancel_order: { tool: 'query_order', change: 'order status becomes cancelled' },
  create_ticket: { tool: 'query_ticket', change: 'an open ticket exists for the order' },
  modify_address: { tool: 'query_order', change: 'the order address is updated' },
  modify_order: { tool: 'query_order', change: 'the order is updated' },
};

async function execute(ctx: PipelineContext, call: ProposedCall, authorization: string): Promise<ActionOutcome> {
  const outcome = ctx.world.write(call.tool, call.args, call.idempotency_key ?? '');
  record(ctx, call, outcome.success ? 'executed' : 'failed', { authorization, result: outcome });
  ctx.actionsTaken.push(`${call.tool} ${outcome.success ? 'executed' : `failed: ${outcome.error}`}`);
  if (!outcome.success) {
    const action = await recover(ctx, { stage: 'tool_execution', type: 'tool_error', detail: outcome.error ?? 'failed', involvesWrite: true, confidence: 1 });
    if (action !== 'human_handoff') ctx.note('write failed; not retried blindly');
    return 'failed';
  }
  return verify(ctx, call, outcome);
}

/** Re-checks until the state is verified, at most MAX_RECHECKS times; a write is retried only with its idempotency key. */
const MAX_RECHECKS = 2;

async function verify(ctx: PipelineContext, call: ProposedCall, first: ToolOutcome): Promise<ActionOutcome> {
  const requery = REQUERY[call.tool];
  const orderId = String(call.args.order_id ?? '');
  let outcome = first;
  for (let retry = 0; ; retry++) {
    const second = requery ? ctx.world.read(requery.tool, { order_id: orderId }) : undefined;
    const result = await ctx.caller.call('execution_state_verification', {
      executed_action: { tool_name: call.tool, args: call.args, idempotency_key: call.idempotency_key },
      tool_result: { success: outcome.success, data: outcome.data, error: outcome.error },
      requery_result: { tool_name: requery?.tool ?? 'none', data: second?.data ?? {} },
      expected_state_change: requery?.change ?? `${call.tool} accepted`,
      retry_count: retry,
    });
    if (!result.ok) {
      await recover(ctx, { stage: 'execution_state_verification', type: result.failure, detail: result.reason, involvesWrite: true, retryCount: retry });
      ctx.handOff('state could not be verified');
      return 'unverified';
    }
    ctx.verification = result.output;
    const status = String(result.output.verification_status);
    const next = String(result.output.next_action);
    if (status === 'verified_success') return 'verified';
    if (retry < MAX_RECHECKS && next === 'retry_check') continue;
    if (retry < MAX_RECHECKS && next === 'retry_tool_with_idempotency' && call.idempotency_key) {
      outcome = ctx.world.write(call.tool, call.args, call.idempotency_key);
      record(ctx, call, outcome.success ? 'executed' : 'failed', { authorization: 'retry_with_idempotency_key', result: outcome });
      continue;
    }
    if (status === 'human_handoff' || next === 'human_handoff') {
      ctx.handOff('state verification asked for a human');
      return 'unverified';
    }
    const action = await recover(ctx, { stage: 'execution_state_verification', type: 'verification_failed', detail: String(result.output.reason_summary ?? 'state not verified'), involvesWrite: true, retryCount: retry, confidence: confidenceOf(result.output) });
    if (action !== 'human_handoff') ctx.note(`state not verified (${status}); recovery ${action}`);
    return 'unverified';
  }
}

function record(ctx: PipelineContext, call: ProposedCall, status: ToolTrace['status'], extra: Partial<ToolTrace> = {}): void {
  ctx.trace.tools.push({ tool: call.tool, args: call.args, proposed_by: 'responsibility_attribution', status, idempotency_key: call.idempotency_key, ...extra });
}

/** Exposed for scoring: the risk level of a tool under the active authorization prompt. */
export function toolRiskLevel(ctx: PipelineContext, tool: string): string | undefined {
  return riskLevelOf(tool, ctx.prompt('tool_authorization').structured.toolRiskLevels ?? {});
}
