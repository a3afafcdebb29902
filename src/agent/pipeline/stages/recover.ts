/**
 * failure_recovery: asked whenever a stage, a tool or a gate fails. Its
 * recovery_action steers what happens next; if the module itself fails, the
 * program falls back to the safest choice, a hand-off.
 */
import type { ModuleOutput } from '../../../harness/registry/module-outputs.generated.js';
import type { RecoveryAction } from '../../prompt-vocabulary/recovery-action.js';
import type { PipelineContext } from '../pipeline-context.js';

type FailureType =
  | 'schema_invalid'
  | 'model_error'
  | 'tool_error'
  | 'insufficient_evidence'
  | 'missing_facts'
  | 'verification_failed'
  | 'gate_blocked'
  | 'low_confidence'
  | 'sensitive_request';

export interface Failure {
  stage: string;
  type: FailureType;
  detail: string;
  involvesWrite?: boolean;
  retryCount?: number;
  confidence?: number;
}

export const MAX_RETRIES = 1;

export async function recover(ctx: PipelineContext, failure: Failure): Promise<RecoveryAction> {
  const riskTags = [...ctx.trace.injection_risk.model_tags, ...(ctx.injectionRisk ? ['possible_prompt_injection'] : [])];
  // A failed module's reason quotes its raw output, and a reader's output (the evidence filter's, a screen's)
  // can quote the untrusted text it read: with the guards on, the decider gets the program's own sentence.
  const quoted = failure.type === 'schema_invalid' || failure.type === 'model_error';
  const detail =
    ctx.options.guards && quoted
      ? `${failure.stage}: ${failure.type === 'schema_invalid' ? 'output did not match its schema' : 'the model call failed'}`
      : failure.detail;
  const result = await ctx.caller.call('failure_recovery', {
    failed_stage: failure.stage,
    failure_type: failure.type,
    failure_detail: detail,
    retry_count: failure.retryCount ?? 0,
    max_retries: MAX_RETRIES,
    involves_write_action: failure.involvesWrite ?? false,
    risk_tags: [...new Set(riskTags)],
    // A failure with no model confidence behind it (schema, transport) is reported as zero confidence.
    confidence: failure.confidence ?? 0,
  });
  const action: RecoveryAction = result.ok ? (result.output as ModuleOutput<'failure_recovery'>).recovery_action : 'human_handoff';
  ctx.note(`${failure.stage} ${failure.type}: recovery ${action}${result.ok ? '' : ' (failure_recovery itself failed)'}`);
  if (action === 'human_handoff') ctx.handOff(`${failure.stage}: ${failure.detail}`);
  return action;
}
