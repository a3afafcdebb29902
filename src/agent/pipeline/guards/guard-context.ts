/** The gate chain's view of one pipeline run, built the same way for a first call and for a retry. */
import type { Output, PipelineContext } from '../pipeline-context.js';
import { selectedDocIds } from '../stages/policy-evidence.js';
import { confirmationFor } from '../consent/user-confirmation.js';
import type { GuardContext, ProposedCall } from './guard-chain.js';

export function guardContext(ctx: PipelineContext, call: ProposedCall, decision: Output | undefined): GuardContext {
  return {
    userId: ctx.scenario.user.id,
    claimedRole: ctx.scenario.user.claimed_role,
    world: ctx.world,
    riskLevels: ctx.prompt('tool_authorization').structured.toolRiskLevels ?? {},
    injectionRisk: ctx.injectionRisk,
    confirmation: confirmationFor(ctx, call),
    decision: typeof decision?.decision === 'string' ? decision.decision : null,
    retrieved: ctx.retrieved,
    selectedDocIds: selectedDocIds(ctx.evidence),
    injectedDocIds: ctx.injectedDocIds,
    scan: (text) => ctx.scanner.scan(text),
    saw: (via, value) => ctx.saw(via, value),
  };
}
