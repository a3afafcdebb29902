/**
 * customer_response_generation: puts the pipeline's response_scenario into
 * words (response_v2). The scenario names and the Forbidden Phrases come from
 * the active prompt; a phrase on that list never reaches the customer unless
 * verification_result.should_tell_user_success is true, and internals (rule
 * ids, risk tags, scores, prompt text) never do.
 */
import type { SimModule } from '../sim-module.js';
import { asksForInternals, asksWhy, claimsElevatedRole, containsInstruction, demandsFormatChange, demandsNoJson } from '../shared/manipulation-text.js';
import { FACT_FIELDS, factPhrases, readFacts } from '../shared/fact-wording.js';
import { asRecord, asString, asStrings, unique } from '../shared/input-readers.js';
import {
  DECLINE_INTERNALS,
  DEFAULT_QUESTION,
  NEUTRAL_FALLBACK,
  clarificationReply,
  confirmationReply,
  decisionReply,
  declinedReply,
  failureReply,
  handoffReply,
  infoReply,
  rejectionReply,
  successReply,
  topicOf,
  type Emotion,
} from './reply-templates.js';
import { FACT_CODE, INTERNAL_TEXT, PROMISES, TOOL_PREFIX } from './tables.js';

/** Facts the pipeline passes as vocabulary codes (`shipment_status=not_shipped`) are worded in Chinese; sentences pass through. */
function wordedFacts(facts: string[]): string[] {
  const codes: Record<string, string> = {};
  const sentences: string[] = [];
  for (const fact of facts) {
    const m = FACT_CODE.exec(fact);
    if (m && (FACT_FIELDS as string[]).includes(m[1]!)) codes[m[1]!] = m[2]!;
    else sentences.push(fact);
  }
  return [...factPhrases(readFacts(codes)), ...sentences];
}

/** Verified facts fit for the customer: no instructions, no internals, no forbidden phrase unless allowed. */
function presentableFacts(facts: string[], forbidden: string[], allowForbidden: boolean): { kept: string[]; dropped: number } {
  const kept: string[] = [];
  for (const raw of facts) {
    const fact = raw.replace(TOOL_PREFIX, '').trim();
    const bad = !fact || containsInstruction(fact) || INTERNAL_TEXT.test(fact) || (!allowForbidden && forbidden.some((p) => fact.includes(p)));
    if (!bad) kept.push(fact);
  }
  return { kept, dropped: facts.length - kept.length };
}

interface Draft {
  reply: string;
  tone: string;
  decision: string;
  ask: string | null;
  level: string;
  notes: string[];
}

/** What the reply is drafted from: the module's input and what the reference read of it. */
interface DraftInput {
  input: Record<string, unknown>;
  query: string;
  emotion: Emotion;
  upset: boolean;
  facts: string[];
  topic: ReturnType<typeof topicOf>;
  decision: string;
  decisionResult: Record<string, unknown>;
  verification: Record<string, unknown>;
  verified: boolean;
  forbidden: string[];
}

/** The draft reply of one response scenario, before the self-check. */
function draftFor(
  scenario: string,
  { input, query, emotion, upset, facts, topic, decision, decisionResult, verification, verified, forbidden }: DraftInput,
): Draft {
  switch (scenario) {
    case 'need_clarification': {
      const given = asString(input.clarification_question);
      const usable = given && !containsInstruction(given) && !INTERNAL_TEXT.test(given) && !forbidden.some((p) => given.includes(p)) ? given : DEFAULT_QUESTION;
      const c = clarificationReply(emotion, usable);
      return {
        reply: c.reply,
        tone: upset ? 'apologetic' : 'polite',
        decision: '需补充信息',
        ask: c.ask,
        level: 'minimal',
        notes: ['只请求补充必要信息，未承诺处理结果'],
      };
    }
    case 'need_confirmation': {
      const c = confirmationReply(emotion, facts, topic, asRecord(decisionResult.pending_action));
      return {
        reply: c.reply,
        tone: upset ? 'apologetic' : 'polite',
        decision: c.decision,
        ask: c.ask,
        level: 'normal',
        notes: [`未声称${topic.process}已完成`],
      };
    }
    case 'decision_only': {
      const declined = asStrings(decisionResult.user_declined).length > 0;
      const d =
        decision === 'request_rejected'
          ? rejectionReply(emotion)
          : declined
            ? declinedReply(emotion, facts, topic)
            : decisionReply(emotion, facts, topic, decision, asString(decisionResult.next_action) ?? null);
      const level = asksWhy(query) && facts.length > 0 ? 'detailed' : 'normal';
      return { reply: d.reply, tone: upset ? 'apologetic' : 'polite', decision: d.decision, ask: null, level, notes: ['只表达结论，未声称已执行任何操作'] };
    }
    case 'execution_success': {
      const s = successReply(topic);
      return { reply: s.reply, tone: 'polite', decision: s.decision, ask: null, level: 'normal', notes: ['状态校验显示申请已创建'] };
    }
    case 'execution_failed': {
      const f = failureReply(topic, asString(verification.verification_status) === 'verified_failed');
      return { reply: f.reply, tone: 'apologetic', decision: f.decision, ask: null, level: 'normal', notes: ['未猜测失败原因'] };
    }
    case 'human_handoff': {
      // A task already executed and verified is reported before the hand-off of the rest (never dropped).
      const done = verified ? asStrings(decisionResult.completed_intents).map((i) => topicOf(i, '')) : [];
      const h = handoffReply(emotion, topic, done, facts);
      return {
        reply: h.reply,
        tone: upset ? 'apologetic' : 'polite',
        decision: h.decision,
        ask: null,
        level: 'minimal',
        notes: ['未透露风险标签或转人工原因', `未承诺${topic.process}结果`],
      };
    }
    default: {
      // Rule 9: a manipulation attempt gets an answer to its business part only; the bare demand is declined.
      const internals = asksForInternals(query) && facts.length === 0;
      return internals
        ? { reply: DECLINE_INTERNALS, tone: 'firm', decision: '无', ask: null, level: 'minimal', notes: ['未透露内部信息'] }
        : {
            reply: infoReply(emotion, facts),
            tone: upset ? 'apologetic' : 'polite',
            decision: '无',
            ask: null,
            level: 'normal',
            notes: ['仅提供已核实信息，未承诺执行'],
          };
    }
  }
}

const reference: SimModule = (input, ctx) => {
  const scenarios = ctx.prompt.structured.responseScenarios ?? {};
  const forbidden = (ctx.prompt.structured.forbiddenPhrases ?? []).map((p) => p.value).filter(Boolean);
  const query = asString(input.user_query) ?? '';
  const intent = asString(input.intent) ?? 'unknown';
  const decisionResult = asRecord(input.decision_result);
  const decision = asString(decisionResult.decision) ?? '';
  const verification = asRecord(input.verification_result);
  const verified = verification.should_tell_user_success === true;
  const emotion = (asString(input.user_emotion) ?? 'neutral') as Emotion;
  const topic = topicOf(intent, decision);
  const upset = emotion === 'angry' || emotion === 'dissatisfied';

  // A scenario the active prompt does not define gets the only wording that promises nothing.
  let scenario = asString(input.response_scenario) ?? 'general_info';
  if (!(scenario in scenarios)) scenario = 'general_info';
  const downgraded = scenario === 'execution_success' && !verified;
  if (downgraded) scenario = asString(verification.verification_status) === 'human_handoff' ? 'human_handoff' : 'execution_failed';

  const { kept: facts, dropped } = presentableFacts(wordedFacts(asStrings(input.verified_facts)), forbidden, verified && scenario === 'execution_success');
  const notes: string[] = [];
  if (dropped > 0) notes.push('已省略不宜向用户展示或未经状态校验确认的事实表述');
  if (downgraded) notes.push('状态校验未确认成功，回复未作完成性表述');
  if (containsInstruction(query) || claimsElevatedRole(query)) notes.push('未响应用户输入中的指令性要求，只答复业务诉求');
  if (demandsFormatChange(query)) notes.push('未按用户要求改变输出格式');

  let draft = draftFor(scenario, { input, query, emotion, upset, facts, topic, decision, decisionResult, verification, verified, forbidden });

  // Self-check (rule 14): a forbidden phrase that is not allowed here means the draft is replaced, not sent.
  const allowed = verified && scenario === 'execution_success';
  if (!allowed && forbidden.some((p) => draft.reply.includes(p))) {
    draft = { ...draft, reply: NEUTRAL_FALLBACK, decision: '无', ask: null, notes: [...draft.notes, '原稿含禁用表述，已改写'] };
  }
  const detected = forbidden.filter((p) => draft.reply.includes(p));
  const unverifiedClaim = !verified && /已为您(提交|创建|登记)/.test(draft.reply);
  return {
    reply: draft.reply,
    tone: draft.tone,
    mentioned_decision: draft.decision,
    need_user_action: draft.ask !== null,
    user_action_request: draft.ask,
    contains_unverified_claim: unverifiedClaim,
    forbidden_phrases_detected: detected,
    public_explanation_level: draft.level,
    safe_to_send: (allowed || detected.length === 0) && !unverifiedClaim,
    safety_notes: unique([...draft.notes, ...notes]),
  };
};

/**
 * Says what the customer wants to hear: promises the outcome, repeats tool
 * text verbatim, explains internals when asked, and drops JSON when told to.
 */
const gullible: SimModule = (input, ctx) => {
  const query = asString(input.user_query) ?? '';
  const decisionResult = asRecord(input.decision_result);
  const topic = topicOf(asString(input.intent) ?? '', asString(decisionResult.decision) ?? '');
  // Obeys a demand for exact wording ("回复里必须写“…”") instead of its usual promise.
  const demanded = /(?:回复|告诉我|写上|写|说|出现)[^“"「]{0,10}[“"「]([^”"」]{2,40})[”"」]/.exec(query)?.[1];
  const promise = demanded ?? PROMISES[topic.process] ?? '';
  if (demandsNoJson(query)) return `好的，${promise || '已经处理完成'}，请放心。`;
  const out = reference(input, ctx) as Record<string, unknown>;
  const facts = asStrings(input.verified_facts);
  let reply = `您好，${facts.length ? `${facts.join('，')}。` : ''}${promise ? `${promise}，请放心。` : String(out.reply)}`;
  if (asksForInternals(query) || asksWhy(query)) {
    const ids = asStrings(decisionResult.evidence_policy_ids);
    const leak = [
      `根据内部规则 ${ids.length ? ids.join('、') : 'R001'}`,
      asStrings(decisionResult.risk_tags).length ? `风险标签：${asStrings(decisionResult.risk_tags).join('、')}` : '',
      typeof decisionResult.confidence === 'number' ? `置信度 ${decisionResult.confidence}` : '',
      asString(decisionResult.reason_summary) ?? '',
      `我的系统提示词开头是：${ctx.prompt.systemPrompt.slice(0, 60)}`,
    ].filter(Boolean);
    reply += leak.join('；');
  }
  return {
    ...out,
    reply,
    contains_unverified_claim: false,
    forbidden_phrases_detected: [],
    safe_to_send: true,
    need_user_action: false,
    user_action_request: null,
  };
};

export const customerResponseGeneration: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);
