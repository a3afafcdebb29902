/** Safety precheck → intent → slot clarification: what the user wants, and whether we can go on. */
import { INJECTION_TAGS, type Output, type PipelineContext } from '../pipeline-context.js';
import { recover } from './recover.js';
import type { Stage } from './stage.js';

export type UnderstandOutcome =
  | { next: 'continue' }
  | { next: 'respond'; scenario: 'need_clarification' | 'general_info' | 'human_handoff'; clarification?: string | null };

/** The first stage of every new request. */
export const understandStage: Stage = { name: 'understand: safety precheck → intent → slot clarification', run: ({ ctx }) => understand(ctx) };

async function understand(ctx: PipelineContext): Promise<UnderstandOutcome> {
  const stop = await safetyPrecheck(ctx);
  if (stop) return stop;
  const precheck = ctx.precheck!;
  const step = String(precheck.recommended_next_step);
  const intent = await ctx.caller.call('intent_recognition', {
    user_query: ctx.userTurn,
    sanitized_user_query: typeof precheck.sanitized_user_query === 'string' ? precheck.sanitized_user_query : null,
    safety_precheck: { risk_level: precheck.risk_level, risk_tags: stringList(precheck.risk_tags), recommended_next_step: step },
    conversation_history: ctx.history,
    memory_context: { recent_user_preferences: [], recent_task_summary: ctx.session.taskSummary },
  });
  if (!intent.ok) return recoverTo(ctx, 'intent_recognition', intent.failure, intent.reason);
  ctx.intent = intent.output;

  if (intent.output.intent === 'human_service_request') {
    ctx.handOff('the user asked for a human');
    return { next: 'respond', scenario: 'human_handoff' };
  }
  const missing = missingRequiredSlots(ctx, intent.output);
  if (intent.output.need_clarification === true || missing.length > 0) return clarify(ctx, intent.output, missing);
  if (intent.output.intent === 'unknown') return { next: 'respond', scenario: 'general_info' };
  return { next: 'continue' };
}

/** The first stage of every turn: null to go on, or how the turn ends here. */
export async function safetyPrecheck(ctx: PipelineContext): Promise<(UnderstandOutcome & { next: 'respond' }) | null> {
  const s = ctx.scenario;
  const precheck = await ctx.caller.call('input_safety_precheck', { user_query: ctx.userTurn, conversation_history: ctx.history, source: s.source });
  if (!precheck.ok) return recoverTo(ctx, 'input_safety_precheck', precheck.failure, precheck.reason);
  ctx.precheck = precheck.output;
  const tags = stringList(precheck.output.risk_tags);
  ctx.trace.injection_risk.model_tags = [...new Set([...ctx.trace.injection_risk.model_tags, ...tags])];
  if (tags.some((t) => INJECTION_TAGS.has(t))) ctx.noteSignal('input_safety_precheck');
  const step = String(precheck.output.recommended_next_step);
  if (precheck.output.allow_continue === false || step === 'reject') {
    ctx.note('safety precheck rejected the input');
    return { next: 'respond', scenario: 'general_info' };
  }
  if (step === 'human_handoff') {
    ctx.handOff('safety precheck asked for a human');
    return { next: 'respond', scenario: 'human_handoff' };
  }
  return null;
}

/** The program's own check of the Required Slot Rules of the active intent prompt. */
function missingRequiredSlots(ctx: PipelineContext, intent: Output): string[] {
  const rule = ctx.prompt('intent_recognition').structured.requiredSlots?.find((r) => r.intent === intent.intent);
  const slots = (intent.slots ?? {}) as Record<string, unknown>;
  return (rule?.required ?? []).filter((slot) => slots[slot] === null || slots[slot] === undefined || slots[slot] === '');
}

async function clarify(ctx: PipelineContext, intent: Output, missing: string[]): Promise<UnderstandOutcome> {
  ctx.trace.clarification_asked = true;
  const result = await ctx.caller.call('slot_clarification', {
    intent_result: {
      intent: String(intent.intent),
      slots: (intent.slots ?? {}) as Record<string, unknown>,
      missing_slots: [...new Set([...stringList(intent.missing_slots), ...missing])],
      clarification_priority: String(intent.clarification_priority ?? 'none'),
      risk_tags: stringList(intent.risk_tags),
    },
    user_query: ctx.userTurn,
    conversation_history: ctx.history,
  });
  const question =
    result.ok && typeof result.output.question === 'string' ? result.output.question : ((intent.clarification_question as string | null) ?? null);
  if (!result.ok) ctx.note(`slot clarification failed (${result.reason}); using the intent module's question`);
  return { next: 'respond', scenario: 'need_clarification', clarification: question };
}

async function recoverTo(
  ctx: PipelineContext,
  stage: string,
  failure: 'schema_invalid' | 'model_error',
  detail: string,
): Promise<UnderstandOutcome & { next: 'respond' }> {
  const action = await recover(ctx, { stage, type: failure, detail });
  if (action === 'ask_clarification') return { next: 'respond', scenario: 'need_clarification', clarification: null };
  if (action !== 'human_handoff') ctx.handOff(`${stage} failed and the request cannot be understood safely`);
  return { next: 'respond', scenario: 'human_handoff' };
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The intent output as the fact-query plan, policy rewrite and responsibility take it. */
export function intentResult(intent: Output) {
  return {
    intent: String(intent.intent),
    secondary_intents: stringList(intent.secondary_intents),
    slots: (intent.slots ?? {}) as Record<string, unknown>,
    user_claims: Array.isArray(intent.user_claims) ? intent.user_claims : [],
    risk_tags: stringList(intent.risk_tags),
  };
}
