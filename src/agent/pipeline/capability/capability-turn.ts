/**
 * One user turn through capability routing (docs/spec/capability-routing.md#the-entry-model): the stop state first
 * (a greeting does not lift it), then the entry model's candidate, checked by
 * the server (an id counts only when this turn names it), bound to an
 * explicit scenario version, then the bound capability's own path. Every
 * turn records which capability, binding and version it used, and why.
 */
import type { PipelineContext, Session } from '../pipeline-context.js';
import { userTurns } from '../../scenarios/scenario-schema.js';
import { asksExplicitly, asksToStop, liftStop, setStop, stopInForce } from '../stop-state.js';
import type { CapabilityTurnTrace } from '../trace.js';
import { bindCapability } from './bind-capability.js';
import { entryModelView } from './capability-catalog.js';
import { catalogAt } from './capability-scenario.js';
import { initialState, nextState, type ConversationState } from './conversation-state.js';
import { answerPolicy } from './policy-consult-turn.js';
import { personalReadGuard } from './personal-read-guard.js';
import { followUpRefund } from './refund-followup-turn.js';
import { idsIn, referenceForm, switchPhrase } from './personal-object-words.js';
import { stopsLooking } from './stop-words.js';
import { answerForm } from '../consent/consent-text.js';
import { guardedReply, type ReplyCheck } from '../guards/reply-guard.js';

/** An id as the customer may type it: full-width, split by zero-width or ordinary spaces, or by punctuation. */
const idForm = (text: string) => answerForm(text).replace(/[\s\p{P}]/gu, '');

const REPLIES = {
  stopped: '好的，已为您暂停，不会再为您发起新的处理。',
  stopped_with_ticket: '好的，已为您暂停，不会再为您发起新的处理；已经创建的工单仍会保留，如需撤回工单请明确告诉我。',
  still_stopped: '您好，当前处理仍为暂停状态，如需继续请明确告诉我要办理的事项。',
  none: '您好，请问有什么可以帮您？可以咨询售后政策，或查询您的退款进度。',
  binding_error: '您好，该业务的处理配置暂不可用，请稍后再试或联系人工客服。',
  router_failed: '您好，暂时没能理解您的问题，请换个说法或补充退款单号。',
  personal_read_unnamed: '您好，请问您是想了解一般的售后规则，还是查询您本人的某一笔退款？如是后者，请告诉我退款单号。',
  personal_read_foreign_object: '您好，未在您的账户下找到该退款，请核对退款单号，或告诉我您要查询的是哪一笔。',
  /** In place of a reply the guard stopped: it claims nothing and passes nothing on. */
  withheld: '您好，这个问题我需要进一步核实，结果以系统通知为准，您也可以联系人工客服。',
} as const;

const states = new WeakMap<Session, ConversationState>();

type Entry = Omit<CapabilityTurnTrace, 'turn' | 'branch'>;

export async function capabilityTurn(ctx: PipelineContext): Promise<void> {
  const session = ctx.session;
  const n = session.turn;
  let state = states.get(session) ?? initialState();
  const edited = userTurns(ctx.scenario)[n - 1]?.edited_history;
  if (edited) {
    // A new branch: it inherits no capability, object or stop; tickets already created stay in the world.
    state = nextState(state, { kind: 'edited_history' });
    session.history.splice(0, session.history.length, ...edited);
    liftStop(ctx.trace, n);
    ctx.note(`turn ${n} arrives on an edited history: branch ${state.branch} starts with no selection; actions already taken stay`);
  }
  // Every reply of this path is the program's own, and passes the same guard as a model's.
  const finish = (entry: Entry, reply: string, next: ConversationState = state, check: ReplyCheck = {}) => {
    (ctx.trace.capability ??= []).push({ turn: n, branch: next.branch, ...entry });
    ctx.trace.reply = guardedReply(ctx, reply, REPLIES.withheld, check);
    ctx.trace.response_scenario = entry.action === 'create_exception_ticket' ? 'execution_success' : 'decision_only';
    states.set(session, next);
  };
  const keep = { candidate: null, binding: state.binding, refund_id: state.confirmed_refund };
  if (asksToStop(ctx.userTurn) || stopsLooking(ctx.userTurn)) {
    setStop(ctx.trace, n);
    // Stopping is not withdrawing: a ticket already created stays, and the reply says so only when there is one.
    const ticketed = ctx.trace.tools.some((t) => t.tool === 'create_ticket' && t.effect === true);
    return finish(
      { ...keep, action: 'stopped', reason: 'the customer asked to stop: nothing new runs, nothing already done is withdrawn' },
      ticketed ? REPLIES.stopped_with_ticket : REPLIES.stopped,
      nextState(state, { kind: 'stop' }),
    );
  }
  if (stopInForce(ctx.trace)) {
    if (!asksExplicitly(ctx.userTurn))
      return finish(
        { ...keep, action: 'stopped', reason: `stopped since turn ${stopInForce(ctx.trace)!.set_in_turn}: this turn asks for nothing explicitly` },
        REPLIES.still_stopped,
      );
    liftStop(ctx.trace, n);
    state = nextState(state, { kind: 'explicit_request' });
    ctx.note(`turn ${n} asks again explicitly: the stop is lifted`);
  }
  const spec = ctx.scenario.capability_catalog!;
  const catalog = catalogAt(spec, n);
  const routed = await ctx.caller.call('capability_router', {
    user_message: ctx.userTurn,
    conversation_history: ctx.history,
    capabilities: entryModelView(catalog),
    conversation_state: { capability: state.binding?.capability ?? null, confirmed_refund_id: state.confirmed_refund, stopped: false },
  });
  if (!routed.ok) return finish({ ...keep, action: 'none', reason: `the entry model failed: ${routed.reason}` }, REPLIES.router_failed);
  const out = routed.output;
  const capability = String(out.capability);
  let refundId = typeof out.refund_id === 'string' && out.refund_id ? out.refund_id : null;
  if (refundId && !idForm(ctx.userTurn).includes(idForm(refundId)) && ctx.options.guards) {
    ctx.note(`the entry model named ${refundId}, which this turn does not: an id from the chat history earns nothing`);
    refundId = null;
  }
  const operation = out.operation === 'continue' ? 'continue' : 'new';
  const candidate = { capability, operation, refund_id: refundId };
  if (capability === 'none') return finish({ ...keep, candidate, action: 'none', reason: 'no capability of the catalog is asked for' }, REPLIES.none);
  const bound = bindCapability({ capability, operation }, state.binding, catalog);
  if (!bound.ok) {
    ctx.note(`binding failed: ${bound.error}`);
    return finish({ ...keep, candidate, binding_error: bound.error, action: 'binding_error', reason: bound.error }, REPLIES.binding_error);
  }
  state = { ...state, binding: bound.binding };
  const binding = bound.binding;
  if (binding.capability === 'policy.consult') {
    const answer = answerPolicy(ctx, spec);
    return finish({ candidate, binding, refund_id: null, action: 'policy_answer', reason: answer.reason, retrieved: answer.retrieved }, answer.reply, state, {
      ruleQuotes: answer.quotes,
      untrusted: answer.untrusted,
    });
  }
  if (ctx.options.guards) {
    // The entry model chose the refund path; only the customer's own words earn the read it needs.
    const guard = personalReadGuard(ctx, state);
    if (!guard.allowed) {
      ctx.note(`turn ${n}: refund.followup proposed, nothing read (${guard.rule}): ${guard.reason}`);
      const action = guard.rule === 'personal_read_foreign_object' ? 'refuse_object' : 'clarify_object';
      return finish({ candidate, binding, refund_id: null, action, reason: guard.reason, guard: guard.rule }, REPLIES[guard.rule], state);
    }
    ctx.note(`turn ${n}: personal read allowed: ${guard.why}`);
  }
  const followed = followUpRefund(ctx, state, refundId, objectCorrection(ctx, state, refundId));
  const d = followed.decision;
  return finish({ candidate, binding, refund_id: 'refund_id' in d ? d.refund_id : null, action: d.action, reason: d.reason }, followed.reply, followed.state);
}

/**
 * What the customer now means when they correct the object ("不是这笔，是 O502", "I meant the other one"):
 * an order of theirs this turn names, or — naming none — any refund but the one confirmed.
 */
function objectCorrection(ctx: PipelineContext, state: ConversationState, refundId: string | null): { order?: string; exclude?: string } {
  if (refundId) return {};
  const form = referenceForm(ctx.userTurn);
  const own = new Set(ctx.world.orderIdsOf(ctx.scenario.user.id).map((id) => id.toUpperCase()));
  const order = idsIn(form).find((id) => own.has(id));
  if (order) return { order: ctx.world.orderIdsOf(ctx.scenario.user.id).find((id) => id.toUpperCase() === order)! };
  return state.confirmed_refund && switchPhrase(form) ? { exclude: state.confirmed_refund } : {};
}
