/** Responsibility attribution for one task (an intent of the request), on the shared facts and evidence. */
import type { Output, PipelineContext } from '../pipeline-context.js';
import { recover } from './recover.js';
import { untrustedForDeciders } from '../guards/untrusted-quarantine.js';
import { evidenceForDeciders } from '../guards/evidence-projection.js';
import { intentResult } from './understand.js';
import { addressChangeDecision } from '../actions/address-change.js';
import { CONTINUE, endTask, taskOf, type Stage } from './stage.js';

/** The task's decision; the first task's is the turn's. */
export const decideStage: Stage = {
  name: 'decide: responsibility attribution',
  run: async (input) => {
    const { ctx } = input;
    const task = taskOf(input, 'decide');
    // No decision table covers order changes: the program proposes an unshipped order's address change; a human handles the rest.
    const change = task.intent.intent === 'modify_order';
    const decision = change ? addressChangeDecision(ctx) : await decide(ctx, task.intent);
    if (!decision) {
      ctx.handOff(change ? 'order modification needs a human' : 'no responsibility decision');
      return endTask('handoff');
    }
    task.decision = decision;
    if (task.index === 0) ctx.decision = decision;
    return CONTINUE;
  },
};

async function decide(ctx: PipelineContext, intent: Output): Promise<Output | null> {
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
