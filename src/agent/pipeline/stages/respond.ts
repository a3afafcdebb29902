/**
 * The user-visible reply, from structured results only. If the response module
 * fails, a fixed template that promises nothing is sent instead (docs/spec/retrieval-memory-safety.md#failures-degrade-never-invent:
 * degrade without inventing facts).
 */
import type { Output, PipelineContext } from '../pipeline-context.js';
import { factSentences } from '../verified-facts.js';
import { guardedReply } from '../guards/reply-guard.js';
import { confirmationQuestion, withProgramQuestion } from '../consent/confirmation-question.js';
import { sameAction } from '../consent/user-confirmation.js';
import { CONTINUE, type ResponseScenario, type Stage } from './stage.js';

const FALLBACK: Record<ResponseScenario, string> = {
  need_clarification: '您好，为了继续帮您处理，请补充订单号等必要信息。',
  need_confirmation: '您好，当前信息支持进入处理流程，请确认是否继续。',
  decision_only: '您好，我们已根据当前信息完成核实，如需进一步处理请告诉我。',
  execution_success: '您好，您的申请已提交，请留意后续进度通知。',
  execution_failed: '您好，您的申请暂未处理成功，我们会继续跟进，您也可以稍后再试。',
  human_handoff: '您好，您的问题需要人工进一步核实，我们已为您转接人工客服，请稍候。',
  general_info: '您好，我们已收到您的问题，如需办理具体业务请提供订单号。',
};

/** Sent in place of a blocked reply: the fallback, except that nothing is claimed done or under way (the block may be about the claim). */
const SAFE: Record<ResponseScenario, string> = { ...FALLBACK, execution_success: '您好，处理结果以系统通知为准，如有疑问请随时告诉我。' };

/** A reply of the program's own: the question naming the pending action, else the scenario's line of `table`. */
function template(ctx: PipelineContext, scenario: ResponseScenario, table: Record<ResponseScenario, string>): string {
  return scenario === 'need_confirmation' && ctx.session.pending ? `您好，${confirmationQuestion(ctx.session.pending.call)}` : table[scenario];
}

/** The reply that ends every turn, for the ending the turn reached. */
export const respondStage: Stage = {
  name: 'respond: the reply to the customer',
  run: async (input) => {
    const { ending } = input;
    if (!ending) throw new Error('respond writes the reply of an ending: the orchestrator hands it the one the turn reached');
    await respond(input.ctx, ending.scenario, ending.clarification ?? null);
    return CONTINUE;
  },
};

async function respond(ctx: PipelineContext, scenario: ResponseScenario, clarification: string | null = null): Promise<void> {
  ctx.trace.response_scenario = scenario;
  const decision = ctx.decision;
  const verification = ctx.verification;
  const slots = (ctx.intent?.slots ?? {}) as Output;
  const emotion = ['neutral', 'anxious', 'angry', 'dissatisfied', 'unknown'].includes(String(slots.user_emotion)) ? String(slots.user_emotion) : 'unknown';
  const result = await ctx.caller.call('customer_response_generation', {
    response_scenario: scenario,
    user_query: ctx.userTurn,
    intent: String(ctx.intent?.intent ?? 'unknown'),
    verified_facts: ctx.facts ? factSentences(ctx.facts) : [],
    decision_result: {
      ...(decision
        ? {
            decision: decision.decision,
            responsible_party: decision.responsible_party,
            next_action: decision.next_action,
            reason_summary: decision.reason_summary,
          }
        : {}),
      ...(ctx.rejectedForOwnership ? { decision: 'request_rejected', reason_summary: 'the order does not belong to the current account' } : {}),
      ...(ctx.completed.length ? { completed_intents: ctx.completed } : {}),
      ...(ctx.declined.length ? { user_declined: ctx.declined } : {}),
      // The question names the exact action, so that the answer can bind to it.
      ...(scenario === 'need_confirmation' && ctx.session.pending
        ? {
            pending_action: {
              tool_name: ctx.session.pending.call.tool,
              order_id: ctx.session.pending.call.args.order_id ?? null,
              amount: ctx.session.pending.call.args.amount ?? null,
            },
          }
        : {}),
    },
    verification_result: verification
      ? { verification_status: verification.verification_status, should_tell_user_success: verification.should_tell_user_success === true }
      : { verification_status: 'not_executed', should_tell_user_success: false },
    clarification_question: clarification,
    user_emotion: emotion as 'neutral' | 'anxious' | 'angry' | 'dissatisfied' | 'unknown',
  });
  if (!result.ok) {
    // The program's own template passes the same guard: a confirmation question carries an address someone typed.
    ctx.trace.reply = guardedReply(ctx, template(ctx, scenario, FALLBACK), SAFE[scenario]);
    ctx.trace.reply_fallback = true;
    ctx.note(`response module failed (${result.reason}); sent the fallback template`);
    recordQuestion(ctx, scenario);
    return;
  }
  const reply = askingOwnQuestion(ctx, scenario, String(result.output.reply));
  const sent = guardedReply(ctx, reply, () => guardedReply(ctx, template(ctx, scenario, SAFE), SAFE[scenario]));
  ctx.trace.reply = sent;
  // The model's reply never reaches the customer when blocked: a template that claims nothing does.
  if (sent !== reply) ctx.trace.reply_fallback = true;
  recordQuestion(ctx, scenario);
}

/**
 * With the guards on, the question a yes answers is the program's: the
 * model's own sentences that ask, name a value or an action, or say what an
 * answer means are cut, and the program's question ends the reply.
 */
function askingOwnQuestion(ctx: PipelineContext, scenario: ResponseScenario, reply: string): string {
  const pending = ctx.session.pending;
  if (scenario !== 'need_confirmation' || !pending || !ctx.options.guards) return reply;
  const composed = withProgramQuestion(reply, confirmationQuestion(pending.call));
  if (composed.dropped) ctx.note(`${composed.dropped} sentence(s) of the model's confirmation reply cut: the question the user answers is the program's`);
  return composed.reply;
}

/** The question the user saw, on the request it asks: what a later yes is read against. */
function recordQuestion(ctx: PipelineContext, scenario: ResponseScenario): void {
  const pending = ctx.session.pending;
  if (scenario !== 'need_confirmation' || !pending) return;
  const request = ctx.trace.confirmation.requests.findLast((r) => r.answer === 'pending' && sameAction(r, pending.call));
  const question = confirmationQuestion(pending.call);
  if (request) request.question = ctx.trace.reply?.includes(question) ? question : (ctx.trace.reply ?? '');
}
