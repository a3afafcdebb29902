/** Policy rewrite → retrieval over the scenario's documents → evidence filter. */
import type { Output, PipelineContext } from '../pipeline-context.js';
import { searchPolicies } from '../retrieval.js';
import { recover } from './recover.js';
import { CONTINUE, endTask, taskOf, type Stage } from './stage.js';
import { intentResult, stringList } from './understand.js';
import { documentsForModels, isUntrustedDocument, screenUntrusted } from '../guards/untrusted-quarantine.js';

/**
 * Evidence for a task: collected for the first task, a task with none yet and
 * after recovery asked again; shared otherwise. An order change is decided by
 * the program, on no policy evidence.
 */
export const policyEvidenceStage: Stage = {
  name: 'policy evidence: rewrite → retrieval → evidence filter',
  run: async (input) => {
    const task = taskOf(input, 'policy evidence');
    if (task.intent.intent === 'modify_order' || !task.needsEvidence) return CONTINUE;
    if ((await collectEvidence(input.ctx, task.intent)) === 'failed') {
      input.ctx.handOff('policy evidence could not be collected');
      return endTask('handoff');
    }
    return CONTINUE;
  },
};

async function collectEvidence(ctx: PipelineContext, intent: Output): Promise<'ok' | 'failed'> {
  const rewrite = await ctx.caller.call('policy_query_rewrite', {
    user_query: ctx.userTurn,
    intent_result: intentResult(intent),
    verified_tool_facts: ctx.facts!,
  });
  if (!rewrite.ok) {
    await recover(ctx, { stage: 'policy_query_rewrite', type: rewrite.failure, detail: rewrite.reason });
    return 'failed';
  }
  ctx.retrieved = searchPolicies(ctx.world.state.policies, {
    query: String(rewrite.output.primary_rewrite_query ?? ''),
    policy_types: stringList(rewrite.output.policy_types),
    keywords: stringList(rewrite.output.keywords),
  });
  ctx.recordRead({
    tool: 'search_policy',
    args: { query: String(rewrite.output.primary_rewrite_query ?? '') },
    proposed_by: 'program',
    status: 'executed',
    result: { success: true, data: { doc_ids: ctx.retrieved.map((d) => d.doc_id) }, error: null },
  });
  for (const doc of ctx.retrieved) {
    ctx.saw(`document:${doc.doc_id}`, doc);
    const phrases = ctx.scanner.scan(`${doc.title} ${doc.content}`);
    if (phrases.length === 0) continue;
    ctx.injectedDocIds.push(doc.doc_id);
    ctx.noteInjection(phrases);
  }
  for (const doc of ctx.retrieved) if (isUntrustedDocument(ctx, doc)) await screenUntrusted(ctx, `document:${doc.doc_id}`, `${doc.title} ${doc.content}`);

  const evidence = await ctx.caller.call('policy_evidence_filter', {
    policy_rewrite_result: {
      primary_rewrite_query: String(rewrite.output.primary_rewrite_query ?? ''),
      policy_types: stringList(rewrite.output.policy_types),
      must_include_conditions: stringList(rewrite.output.must_include_conditions),
      negative_filters: stringList(rewrite.output.negative_filters),
      evidence_requirements: stringList(rewrite.output.evidence_requirements),
    },
    retrieved_documents: documentsForModels(ctx, ctx.retrieved),
    verified_tool_facts: ctx.facts! as unknown as Record<string, unknown>,
  });
  if (!evidence.ok) {
    await recover(ctx, { stage: 'policy_evidence_filter', type: evidence.failure, detail: evidence.reason });
    return 'failed';
  }
  ctx.evidence = evidence.output;
  return 'ok';
}

export function selectedDocIds(evidence: Output | undefined): string[] {
  const selected = Array.isArray(evidence?.selected_evidence) ? (evidence!.selected_evidence as Output[]) : [];
  return selected.map((e) => String(e.doc_id));
}
