/**
 * Execution with the program's idempotency key, then the second query and the
 * state verification module: a write counts as done only when the state shows it.
 */
import type { ActionOutcome } from './action-flow.js';
import type { ProposedCall } from './gates/gate-chain.js';
import { confidenceOf, type PipelineContext } from './pipeline-context.js';
import { recover } from './stages/recover.js';
import type { ReadTool } from './tools/tool-catalog.js';
import type { ToolOutcome } from './world/mock-world.js';

const REQUERY: Record<string, { tool: ReadTool; change: string }> = {
  create_refund: { tool: 'query_after_sales', change: 'after_sales_status becomes refund_requested' },
  create_compensation: { tool: 'query_after_sales', change: 'after_sales_status becomes compensation_issued' },
  cancel_order: { tool: 'query_order', change: 'order status becomes cancelled' },
  create_ticket: { tool: 'query_ticket', change: 'an open ticket exists for the order' },
  modify_address: { tool: 'query_order', change: 'the order address is updated' },
  modify_order: { tool: 'query_order', change: 'the order is updated' },
};

export async function executeAndVerify(ctx: PipelineContext, call: ProposedCall, authorization: string): Promise<ActionOutcome> {
  const outcome = ctx.world.write(call.tool, call.args, call.idempotency_key ?? '');
  ctx.recordTool(call, outcome.success ? 'executed' : 'failed', { authorization, result: outcome });
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
      ctx.recordTool(call, outcome.success ? 'executed' : 'failed', { authorization: 'retry_with_idempotency_key', result: outcome });
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
