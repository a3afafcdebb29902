/** Responsibility attribution for one task (an intent of the request), on the shared facts and evidence. */
import type { Output, PipelineContext } from '../pipeline-context.js';
import { recover } from './recover.js';
import { untrustedForDeciders } from '../untrusted-quarantine.js';
import { evidenceForDeciders } from '../evidence-projection.js';
import { intentResult } from './understand.js';

export async function decide(ctx: PipelineContext, intent: Output): Promise<Output | null> {
  const selected = Array.isArray(ctx.evidence?.selected_evidence) ? (ctx.evidence!.selected_evidence as Output[]) : [];
  const result = await ctx.caller.call('responsibility_attribution', {
    intent_result: intentResult(intent),
    verified_tool_facts: ctx.facts!,
    tool_fact_conflicts: ctx.conflicts,
    selected_evidence: evidenceForDeciders(ctx, selected),
    evidence_sufficiency: (ctx.evidence?.evidence_sufficiency as 'sufficient' | 'partial' | 'insufficient' | undefined) ?? 'insufficient',
    safety_risk_tags: ctx.safetyRiskTags(),
    untrusted_tool_text: untrustedForDeciders(ctx),
  });
  if (!result.ok) {
    await recover(ctx, { stage: 'responsibility_attribution', type: result.failure, detail: result.reason, involvesWrite: true });
    return null;
  }
  return result.output;
}
