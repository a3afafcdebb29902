/**
 * Execution with the program's idempotency key, then the second query and the
 * state verification module: a write counts as done only when the state shows
 * it. A failed or timed-out write is read back before anything else happens:
 * it may have applied, and a blind retry would then apply it twice.
 */
import type { ActionOutcome } from './action-outcome.js';
import { checkGuards, type ProposedCall } from '../guards/guard-chain.js';
import { guardContext } from '../guards/guard-context.js';
import { confidenceOf, type Output, type PipelineContext } from '../pipeline-context.js';
import { recover } from '../stages/recover.js';
import type { ReadTool } from '../../vocabulary/tool-catalog.js';
import type { ToolOutcome } from '../world/mock-world.js';
import { recordForModels } from '../guards/untrusted-quarantine.js';

const REQUERY: Record<string, { tool: ReadTool; change: string }> = {
  create_refund: { tool: 'query_after_sales', change: 'after_sales_status becomes refund_requested' },
  create_compensation: { tool: 'query_after_sales', change: 'after_sales_status becomes compensation_issued' },
  cancel_order: { tool: 'query_order', change: 'order status becomes cancelled' },
  create_ticket: { tool: 'query_ticket', change: 'an open ticket exists for the order' },
  modify_address: { tool: 'query_order', change: 'the order address is updated' },
  modify_order: { tool: 'query_order', change: 'the order is updated' },
};

export async function executeAndVerify(
  ctx: PipelineContext,
  call: ProposedCall,
  authorization: string,
  decision?: Output,
  proposedBy = 'responsibility_attribution',
): Promise<ActionOutcome> {
  const outcome = ctx.world.write(call.tool, call.args, call.idempotency_key ?? '');
  ctx.recordTool(call, outcome.success ? 'executed' : 'failed', {
    authorization,
    result: outcome,
    proposed_by: proposedBy,
    effect: ctx.world.writes.at(-1)?.changed_state ?? false,
  });
  ctx.actionsTaken.push(`${call.tool} ${outcome.success ? 'executed' : `failed: ${outcome.error}`}`);
  if (!outcome.success) ctx.note(`${call.tool} failed (${outcome.error ?? 'no detail'}); reading the state back before any claim or retry`);
  return verify(ctx, call, outcome, decision);
}

/** Re-checks until the state is verified, at most MAX_RECHECKS times; a write is retried only with its idempotency key, and only through the guards. */
const MAX_RECHECKS = 2;

async function verify(ctx: PipelineContext, call: ProposedCall, first: ToolOutcome, decision: Output | undefined): Promise<ActionOutcome> {
  const requery = REQUERY[call.tool];
  const orderId = String(call.args.order_id ?? '');
  let outcome = first;
  for (let retry = 0; ; retry++) {
    const second = requery ? ctx.world.read(requery.tool, { order_id: orderId }) : undefined;
    if (requery && second) {
      ctx.recordRead({
        tool: requery.tool,
        args: { order_id: orderId },
        proposed_by: 'program',
        status: second.success ? 'executed' : 'failed',
        result: second,
      });
      ctx.saw(`tool:${requery.tool}`, second.data);
    }
    const result = await ctx.caller.call('execution_state_verification', {
      executed_action: { tool_name: call.tool, args: call.args, idempotency_key: call.idempotency_key },
      tool_result: { success: outcome.success, data: recordForModels(ctx, outcome.data, Object.values(call.args)), error: outcome.error },
      requery_result: { tool_name: requery?.tool ?? 'none', data: requery && second ? recordForModels(ctx, second.data, Object.values(call.args)) : {} },
      expected_state_change: requery?.change ?? `${call.tool} accepted`,
      retry_count: retry,
    });
    if (!result.ok) {
      await recover(ctx, { stage: 'execution_state_verification', type: result.failure, detail: result.reason, involvesWrite: true, retryCount: retry });
      ctx.handOff('state could not be verified');
      return outcome.success ? 'unverified' : 'failed';
    }
    ctx.verification = result.output;
    const status = String(result.output.verification_status);
    const next = String(result.output.next_action);
    if (status === 'verified_success') return 'verified';
    if (retry < MAX_RECHECKS && next === 'retry_check') continue;
    if (retry < MAX_RECHECKS && next === 'retry_tool_with_idempotency' && call.idempotency_key) {
      if (ctx.options.guards) {
        // The retry is a new write: the guards see it too, and a write that already applied is a duplicate.
        const block = checkGuards(call, guardContext(ctx, call, decision));
        if (block) {
          ctx.recordTool(call, 'blocked', { authorization: 'retry_with_idempotency_key', block, proposed_by: 'execution_state_verification' });
          ctx.note(`retry of ${call.tool} stopped by the ${block.gate} guard: ${block.message}`);
          ctx.handOff(`retry of ${call.tool} stopped by the ${block.gate} guard`);
          return 'unverified';
        }
      }
      outcome = ctx.world.write(call.tool, call.args, call.idempotency_key);
      ctx.recordTool(call, outcome.success ? 'executed' : 'failed', {
        authorization: 'retry_with_idempotency_key',
        result: outcome,
        proposed_by: 'execution_state_verification',
        effect: ctx.world.writes.at(-1)?.changed_state ?? false,
      });
      continue;
    }
    if (status === 'human_handoff' || next === 'human_handoff') {
      ctx.handOff('state verification asked for a human');
      return outcome.success ? 'unverified' : 'failed';
    }
    if (!outcome.success) {
      const action = await recover(ctx, { stage: 'tool_execution', type: 'tool_error', detail: outcome.error ?? 'failed', involvesWrite: true, confidence: 1 });
      if (action !== 'human_handoff') ctx.note('write failed; not retried blindly');
      return 'failed';
    }
    const action = await recover(ctx, {
      stage: 'execution_state_verification',
      type: 'verification_failed',
      detail: String(result.output.reason_summary ?? 'state not verified'),
      involvesWrite: true,
      retryCount: retry,
      confidence: confidenceOf(result.output),
    });
    if (action !== 'human_handoff') ctx.note(`state not verified (${status}); recovery ${action}`);
    return 'unverified';
  }
}
