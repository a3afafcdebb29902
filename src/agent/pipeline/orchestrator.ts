/**
 * One scenario through OrderFlow-Agent, in the seed's order: safety precheck →
 * intent → clarification → fact-query plan → read tools → policy rewrite →
 * retrieval → evidence filter → responsibility → tool authorization → write
 * → state verification → response; failure recovery whenever something fails.
 * A multi-intent request is split into tasks handled on shared facts and
 * answered once.
 */
import { authorizeAndExecute, type ActionOutcome } from './actions/action-flow.js';
import { readConfirmationReply } from './consent/confirmation-reply.js';
import { confirmationQuestion } from './consent/confirmation-question.js';
import { namesAction } from './consent/action-named.js';
import { asksExplicitly, asksToStop, liftStop, setStop, stopInForce } from './stop-state.js';
import { buildHandoffSummary } from './actions/handoff-summary.js';
import { capabilityTurn } from './capability/capability-turn.js';
import { PipelineContext, Session, type Output, type PendingAction, type PipelineOptions } from './pipeline-context.js';
import { userTurns, type Scenario } from '../scenarios/scenario-schema.js';
import { policyEvidenceStage, selectedDocIds } from './stages/policy-evidence.js';
import { isWriteTool } from '../vocabulary/tool-catalog.js';
import { answerRequest, askUser } from './consent/user-confirmation.js';
import { actStage } from './stages/act.js';
import { decideStage } from './stages/decide.js';
import { gatherFactsStage } from './stages/gather-facts.js';
import { respondStage } from './stages/respond.js';
import { safetyPrecheck, stringList, understandStage } from './stages/understand.js';
import type { ResponseScenario, Stage, StageInput, StageOutcome } from './stages/stage.js';

/** The stages of a turn, in the order they run. */
export interface StageTable {
  /** Once per new request, in order, until one ends the turn. */
  turn: readonly Stage[];
  /** For each task of the request (splitTasks), in order, until one ends the task; again from the top when recovery asks. */
  task: readonly Stage[];
  /** Writes the reply that ends every turn, however it ended. */
  reply: Stage;
}

export const PIPELINE_STAGES: StageTable = {
  turn: [understandStage, gatherFactsStage],
  task: [policyEvidenceStage, decideStage, actStage],
  reply: respondStage,
};

/** Intents that may end in a write; the others are answered from facts. */
const ACTION_INTENTS = new Set(['refund_request', 'compensation_request', 'cancel_order', 'complaint', 'modify_order']);

/**
 * The whole conversation: each user turn through the pipeline over one world.
 * A turn that ends with a question (confirmation, clarification) is answered
 * by the next; a hand-off ends the conversation (a human has it now).
 */
export async function runPipeline(scenario: Scenario, options: PipelineOptions, stages: StageTable = PIPELINE_STAGES): Promise<Session> {
  const session = new Session(scenario, options);
  const turns = userTurns(scenario);
  for (let n = 1; n <= turns.length; n++) {
    session.turn = n;
    const ctx = new PipelineContext(scenario, options, session);
    // A scenario with a capability catalog goes through capability routing (docs/spec/capability-routing.md) instead of the OrderFlow stages.
    if (scenario.capability_catalog) await capabilityTurn(ctx);
    // A stop inside text that carries an attack goes the attack's way (the safety precheck, human review), not the stop's.
    else if (asksToStop(ctx.userTurn) && !ctx.injectionRisk) await stopProcessing(ctx, stages);
    else if (stopInForce(session.trace) && !asksExplicitly(ctx.userTurn)) await stayStopped(ctx, stages);
    else {
      if (stopInForce(session.trace)) {
        liftStop(session.trace, n);
        ctx.note(`turn ${n} asks again explicitly: the stop is lifted`);
      }
      if (session.pending) await answerPending(ctx, stages);
      else await runTurn(ctx, stages);
    }
    const t = session.trace;
    t.turns.push({
      turn: n,
      user: ctx.userTurn,
      reply: t.reply,
      response_scenario: t.response_scenario,
      pending: session.pending ? { tool: session.pending.call.tool, args: session.pending.call.args } : null,
      world_after: structuredClone(session.world.state),
    });
    session.history.push({ role: 'user', content: ctx.userTurn }, { role: 'assistant', content: t.reply ?? '' });
    session.taskSummary = taskSummary(ctx);
    keepOutputs(ctx);
    if (t.handoff && n < turns.length) {
      ctx.note(`conversation handed to a human after turn ${n}; ${turns.length - n} later turn(s) not run`);
      break;
    }
  }
  session.trace.world_after = structuredClone(session.world.state);
  session.trace.outputs = session.outputs;
  return session;
}

/** The next turn answers the pending confirmation: bound to that action, or it confirms nothing. */
async function answerPending(ctx: PipelineContext, stages: StageTable): Promise<void> {
  const pending = ctx.session.pending!;
  ctx.session.pending = null;
  const stop = await safetyPrecheck(ctx);
  if (stop) {
    await finish(ctx, stages, stop.scenario, stop.clarification ?? null);
    return;
  }
  resumeFrom(ctx, pending);
  if (ctx.injectionRisk) {
    // An answer to a money question that carries an attack: a human looks before anything runs.
    answerRequest(ctx, pending.call, 'no_answer');
    ctx.recordTool(pending.call, 'not_authorized', { authorization: 'handed_off' });
    ctx.handOff('the answer to the confirmation carries a prompt-injection risk');
    await finish(ctx, stages, 'human_handoff');
    return;
  }
  const answer = readConfirmationReply(ctx.userTurn, pending.call);
  if (answer.reading === 'other_topic') {
    // Not an answer: a new request, handled from the start; then the program's question is asked again (once), since it was never answered.
    answerRequest(ctx, pending.call, 'no_answer', 'other_topic');
    await runTurn(ctx, stages);
    const answered = ctx.trace.response_scenario !== 'need_clarification' && !ctx.handoffReasons.length;
    if (answered && !pending.askedAgain && !ctx.session.pending) askAgainAfterReply(ctx, pending);
    return;
  }
  if (answer.reading === 'declined' || answer.reading === 'stop') {
    declinePending(ctx, pending);
    await finish(ctx, stages, 'decision_only');
    return;
  }
  if (answer.reading !== 'confirmed') {
    await noConsent(ctx, stages, pending, answer.reading === 'mismatch' ? 'mismatch' : 'no_answer', answer.why);
    return;
  }
  // A yes to an action the user never named is a yes to the model's wording: the answer must name it then.
  if (!ctx.userWords.some((text) => namesAction(text, pending.call.tool))) {
    await noConsent(ctx, stages, pending, 'no_answer', 'action_not_named');
    return;
  }
  answerRequest(ctx, pending.call, 'confirmed');
  const outcome = await authorizeAndExecute(ctx, pending.call, pending.decision, pending.intent);
  if (outcome === 'verified') ctx.completed.push(String(pending.intent.intent));
  await finish(ctx, stages, responseScenarioFor(ctx, [outcome]));
}

/**
 * "先别处理了": the action awaiting an answer is dropped and nothing new runs
 * until the user asks again explicitly. What was already done stays done.
 */
async function stopProcessing(ctx: PipelineContext, stages: StageTable): Promise<void> {
  const pending = ctx.session.pending;
  ctx.session.pending = null;
  if (pending) {
    resumeFrom(ctx, pending);
    declinePending(ctx, pending);
  } else nothingNewFor(ctx);
  setStop(ctx.trace, ctx.session.turn);
  ctx.note(`the user asked to stop in turn ${ctx.session.turn}: nothing new runs until they ask again explicitly; nothing already done is withdrawn`);
  await finish(ctx, stages, 'decision_only');
}

/** The facts, intent and decision the pending action was decided on, for this turn's reply and execution. */
function resumeFrom(ctx: PipelineContext, pending: PendingAction): void {
  Object.assign(ctx, pending.carried);
  ctx.intent = pending.intent;
  ctx.decision = pending.decision;
}

function declinePending(ctx: PipelineContext, pending: PendingAction): void {
  answerRequest(ctx, pending.call, 'declined');
  ctx.recordTool(pending.call, 'declined');
  ctx.declined.push(String(pending.intent.intent));
}

/** The reply of a stopped turn is about the conversation's last request: nothing new is submitted for it (what was done stays done). */
function nothingNewFor(ctx: PipelineContext): void {
  const intent = ctx.session.outputs.intent;
  if (!intent) return;
  ctx.intent = intent;
  const done = ctx.trace.tools.some((t) => t.status === 'executed' && isWriteTool(t.tool));
  if (!done) ctx.declined.push(String(intent.intent));
}

/** A turn while the stop is in force that asks for nothing explicitly (a greeting, "好的"): nothing runs. */
async function stayStopped(ctx: PipelineContext, stages: StageTable): Promise<void> {
  const stop = stopInForce(ctx.trace)!;
  ctx.note(`stopped since turn ${stop.set_in_turn}: turn ${ctx.session.turn} asks for nothing explicitly, so nothing runs`);
  nothingNewFor(ctx);
  await finish(ctx, stages, 'decision_only');
}

/**
 * An answer that is no yes: asked again once, unless it defers (then the
 * question ends); a second answer that is still no yes ends it too. Nothing runs.
 */
async function noConsent(ctx: PipelineContext, stages: StageTable, pending: PendingAction, answer: 'mismatch' | 'no_answer', why: string): Promise<void> {
  const action = `${pending.call.tool} ${JSON.stringify(pending.call.args)}`;
  answerRequest(ctx, pending.call, answer, why);
  if (why !== 'deferral' && !pending.askedAgain) {
    ctx.note(`the answer (${why}) is no consent to ${action}: asking again, once`);
    askUser(ctx, pending.call);
    ctx.recordTool(pending.call, 'awaiting_confirmation');
    ctx.session.pending = { ...pending, askedAgain: true };
    await finish(ctx, stages, 'need_confirmation');
    return;
  }
  ctx.note(`the answer (${why}) is no consent to ${action}: nothing runs, and the question is not asked again; the user can ask again`);
  ctx.declined.push(String(pending.intent.intent));
  await finish(ctx, stages, 'decision_only');
}

/** The program's question, asked again at the end of a reply to something else: the pending action waits for a real answer. */
function askAgainAfterReply(ctx: PipelineContext, pending: PendingAction): void {
  askUser(ctx, pending.call);
  ctx.recordTool(pending.call, 'awaiting_confirmation');
  ctx.session.pending = { ...pending, askedAgain: true };
  const question = confirmationQuestion(pending.call);
  ctx.trace.reply = `${ctx.trace.reply ?? ''}${question}`;
  ctx.trace.confirmation.requests.at(-1)!.question = question;
  ctx.note(`the answer asked about something else: answered, then the question about ${pending.call.tool} asked again`);
}

/** Runs stages in order until one does not say continue: how the turn or the task ended, or undefined when all went on. */
async function runInOrder(stages: readonly Stage[], input: StageInput): Promise<StageOutcome | undefined> {
  for (const stage of stages) {
    const outcome = await stage.run(input);
    if (outcome.next !== 'continue') return outcome;
  }
  return undefined;
}

/** One user turn from the start: the turn's stages, then each task's, then the reply. */
async function runTurn(ctx: PipelineContext, stages: StageTable): Promise<PipelineContext> {
  const ended = await runInOrder(stages.turn, { ctx });
  if (ended?.next === 'respond') return finish(ctx, stages, ended.scenario, ended.clarification ?? null);
  const tasks = splitTasks(ctx.intent!);
  if (tasks.length === 0) return finish(ctx, stages, 'general_info');

  const outcomes: ActionOutcome[] = [];
  for (const [index, intent] of tasks.entries()) {
    const outcome = await runTask(ctx, stages, intent, index);
    outcomes.push(outcome);
    if (outcome === 'verified') ctx.completed.push(String(intent.intent));
    if (outcome === 'declined') ctx.declined.push(String(intent.intent));
  }
  if (outcomes.includes('clarify')) return finish(ctx, stages, 'need_clarification', ctx.objectQuestion);
  return finish(ctx, stages, responseScenarioFor(ctx, outcomes));
}

/** One task: its stages in order, from the top again each time recovery asks for the facts or the policy again. */
async function runTask(ctx: PipelineContext, stages: StageTable, intent: Output, index: number): Promise<ActionOutcome> {
  const task = { intent, index, attempt: 0, needsEvidence: index === 0 || !ctx.evidence };
  for (;;) {
    const ended = await runInOrder(stages.task, { ctx, task });
    if (ended?.next === 'task_done') return ended.outcome;
    if (ended?.next !== 'retry_task') throw new Error(`the task stages of ${String(intent.intent)} ended without an outcome`);
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

/** memory_context.recent_task_summary for the next turn: what this one left open or done. */
function taskSummary(ctx: PipelineContext): string | null {
  const pending = ctx.session.pending;
  const parts = [
    ctx.intent ? `intent ${String(ctx.intent.intent)}${ctx.orderId ? ` on order ${ctx.orderId}` : ''}` : null,
    pending
      ? `awaiting the user's confirmation of ${pending.call.tool} ${JSON.stringify({ order_id: pending.call.args.order_id, amount: pending.call.args.amount })}`
      : null,
    ctx.actionsTaken.length ? `done: ${ctx.actionsTaken.join('; ')}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : ctx.session.taskSummary;
}

/** The outputs the judge reads: the latest of each, across turns. */
function keepOutputs(ctx: PipelineContext): void {
  const out = ctx.session.outputs;
  if (ctx.intent) out.intent = ctx.intent;
  if (ctx.decision) out.decision = ctx.decision;
  if (ctx.evidence) out.selected_doc_ids = selectedDocIds(ctx.evidence);
  if (ctx.verification) out.verification = ctx.verification;
}

async function finish(ctx: PipelineContext, stages: StageTable, scenario: ResponseScenario, clarification: string | null = null): Promise<PipelineContext> {
  const final = ctx.handoffReasons.length ? 'human_handoff' : scenario;
  await stages.reply.run({ ctx, ending: { scenario: final, clarification } });
  if (ctx.handoffReasons.length) ctx.trace.handoff = buildHandoffSummary(ctx);
  return ctx;
}
