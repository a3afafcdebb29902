/**
 * One scenario through OrderFlow-Agent, in the seed's order: safety precheck →
 * intent → clarification → fact-query plan → read tools → policy rewrite →
 * retrieval → evidence filter → responsibility → tool authorization → write
 * → state verification → response; failure recovery whenever something fails.
 * A multi-intent request is split into tasks handled on shared facts and
 * answered once.
 */
import { runAction, type ActionOutcome } from './action-flow.js';
import { buildHandoffSummary } from './handoff-summary.js';
import { PipelineContext, type Output, type PipelineOptions } from './pipeline-context.js';
import type { Scenario } from './scenario-schema.js';
import { decide } from './stages/decide.js';
import { gatherFacts } from './stages/gather-facts.js';
import { collectEvidence } from './stages/policy-evidence.js';
import { respond, type ResponseScenario } from './stages/respond.js';
import { stringList, understand } from './stages/understand.js';

/** Intents that may end in a write; the others are answered from facts. */
const ACTION_INTENTS = new Set(['refund_request', 'compensation_request', 'cancel_order', 'complaint', 'modify_order']);

export async function runPipeline(scenario: Scenario, options: PipelineOptions): Promise<PipelineContext> {
  const ctx = new PipelineContext(scenario, options);
  const understood = await understand(ctx);
  if (understood.next === 'respond') return finish(ctx, understood.scenario, understood.clarification ?? null);

  const gathered = await gatherFacts(ctx);
  if (gathered === 'handoff') return finish(ctx, 'human_handoff');
  if (gathered === 'rejected') return finish(ctx, 'decision_only');
  const tasks = splitTasks(ctx.intent!);
  if (tasks.length === 0) return finish(ctx, 'general_info');

  const outcomes: ActionOutcome[] = [];
  for (const [index, task] of tasks.entries()) {
    const outcome = await runTask(ctx, task, index);
    outcomes.push(outcome);
    if (outcome === 'verified') ctx.completed.push(String(task.intent));
    if (outcome === 'declined') ctx.declined.push(String(task.intent));
  }
  if (outcomes.includes('clarify')) return finish(ctx, 'need_clarification');
  return finish(ctx, responseScenarioFor(ctx, outcomes));
}

/** One task: evidence → decision → action, retrying reads or retrieval once when recovery asks for it. */
async function runTask(ctx: PipelineContext, task: Output, index: number): Promise<ActionOutcome> {
  if (task.intent === 'modify_order') {
    // No decision table covers order changes: a human confirms them.
    ctx.handOff('order modification needs a human');
    return 'handoff';
  }
  let needEvidence = index === 0 || !ctx.evidence;
  for (let attempt = 0; ; attempt++) {
    if (needEvidence && (await collectEvidence(ctx, task)) === 'failed') {
      ctx.handOff('policy evidence could not be collected');
      return 'handoff';
    }
    const decision = await decide(ctx, task);
    if (!decision) {
      ctx.handOff('no responsibility decision');
      return 'handoff';
    }
    if (index === 0) ctx.decision = decision;
    const outcome = await runAction(ctx, task, decision, attempt);
    if (outcome === 'retry_facts') {
      ctx.note('recovery: reading the facts again');
      const again = await gatherFacts(ctx);
      if (again === 'handoff') return 'handoff';
      if (again === 'rejected') return 'none';
      needEvidence = true;
      continue;
    }
    if (outcome === 'retry_evidence') {
      ctx.note('recovery: retrieving the policy again');
      needEvidence = true;
      continue;
    }
    return outcome;
  }
}

/** The primary intent, then each secondary intent that may need an action of its own. */
function splitTasks(intent: Output): Output[] {
  const primary = String(intent.intent);
  const secondary = stringList(intent.secondary_intents).filter((i) => ACTION_INTENTS.has(i) && i !== primary);
  return [primary, ...secondary].filter((i) => ACTION_INTENTS.has(i)).map((i) => ({ ...intent, intent: i }));
}

function responseScenarioFor(ctx: PipelineContext, outcomes: ActionOutcome[]): ResponseScenario {
  if (ctx.handoffReasons.length) return 'human_handoff';
  if (outcomes.includes('awaiting_confirmation')) return 'need_confirmation';
  if (outcomes.includes('failed') || outcomes.includes('unverified')) return 'execution_failed';
  if (outcomes.includes('verified')) return 'execution_success';
  return 'decision_only';
}

async function finish(ctx: PipelineContext, scenario: ResponseScenario, clarification: string | null = null): Promise<PipelineContext> {
  const final = ctx.handoffReasons.length ? 'human_handoff' : scenario;
  await respond(ctx, final, clarification);
  if (ctx.handoffReasons.length) ctx.trace.handoff = buildHandoffSummary(ctx);
  return ctx;
}
