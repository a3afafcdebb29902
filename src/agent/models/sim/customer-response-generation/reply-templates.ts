/**
 * The wording of customer replies, one small function per scenario of
 * response_v2's Response Scenario Mapping. Templates never state an outcome:
 * the module decides which template applies, and a template only words it.
 */
export type Emotion = 'neutral' | 'anxious' | 'angry' | 'dissatisfied' | 'unknown';

/** What the customer's request is about, in the words a reply uses. */
export interface Topic {
  /** 退款, 补偿, 取消订单 … */
  process: string;
  /** The verified-success sentence: what was submitted, never that it succeeded. */
  submitted: string;
}

const TOPICS: Record<string, Topic> = {
  refund: { process: '退款', submitted: '已为您提交退款申请，后续请关注退款进度' },
  compensation: { process: '补偿', submitted: '已为您提交补偿申请，后续请关注补偿进度' },
  cancel: { process: '取消订单', submitted: '已为您提交取消订单申请，后续请关注订单状态' },
  modify: { process: '订单修改', submitted: '已为您提交订单修改，后续请关注订单信息' },
  complaint: { process: '投诉', submitted: '已为您登记投诉，专员会尽快跟进' },
  other: { process: '问题处理', submitted: '已为您提交相关申请' },
};

export function topicOf(intent: string, decision: string): Topic {
  const key = `${intent} ${decision}`;
  if (/refund/.test(key)) return TOPICS.refund!;
  if (/compensation/.test(key)) return TOPICS.compensation!;
  if (/cancel/.test(key)) return TOPICS.cancel!;
  if (/modify/.test(key)) return TOPICS.modify!;
  if (/complaint/.test(key)) return TOPICS.complaint!;
  return TOPICS.other!;
}

function opening(emotion: Emotion): string {
  if (emotion === 'angry' || emotion === 'dissatisfied') return '非常抱歉给您带来不好的体验，';
  if (emotion === 'anxious') return '请您放心，我们会尽快帮您处理，';
  return '您好，';
}

const factsSentence = (lead: string, facts: string[]) => (facts.length ? `${lead}：${facts.join('，')}。` : '');

export function confirmationReply(emotion: Emotion, facts: string[], t: Topic, action?: { order_id?: unknown; amount?: unknown }) {
  const what = [typeof action?.order_id === 'string' ? `订单 ${action.order_id}` : '', typeof action?.amount === 'number' ? `金额 ${action.amount} 元` : '']
    .filter(Boolean)
    .join('，');
  const ask = what ? `请确认是否按${what}继续申请${t.process}。` : `请确认是否继续申请${t.process}。`;
  return {
    reply: `${opening(emotion)}${factsSentence('已为您核实到', facts)}根据当前信息，该情况可以进入${t.process}处理流程。${ask}`,
    ask,
    decision: `当前信息支持进入${t.process}处理流程`,
  };
}

export function decisionReply(emotion: Emotion, facts: string[], t: Topic, decision: string, next: string | null = null) {
  const stated = factsSentence('已为您核实到', facts);
  if (/_denied$/.test(decision)) {
    return {
      reply: `${opening(emotion)}${stated}根据目前核实的信息，该订单暂不满足${t.process}条件。如有其他问题，欢迎继续咨询。`,
      decision: `暂不满足${t.process}条件`,
    };
  }
  if (/_allowed$/.test(decision)) {
    return {
      reply: `${opening(emotion)}${stated}根据当前信息，该情况可以进入${t.process}处理流程，后续会按流程为您跟进。`,
      decision: `当前信息支持进入${t.process}处理流程`,
    };
  }
  // Nothing left to run (generate_response): say what is confirmed, promise no follow-up that nobody will make.
  if (next === 'generate_response' && stated) return { reply: `${opening(emotion)}${stated}如有其他问题，欢迎继续咨询。`, decision: '按已核实信息答复' };
  return { reply: `${opening(emotion)}${stated}目前还需要进一步核实相关信息，核实后会尽快答复您。`, decision: '需进一步核实' };
}

export function clarificationReply(emotion: Emotion, question: string) {
  const lead = emotion === 'neutral' || emotion === 'unknown' ? '' : opening(emotion);
  const body = lead ? question.replace(/^您好[，,]\s*/, '') : /^您好/.test(question) ? question : `您好，${question}`;
  return { reply: `${lead}${body}`, ask: question.replace(/^您好[，,]\s*/, '') };
}

export function successReply(t: Topic) {
  return { reply: `您好，${t.submitted}。如有新的状态变化，您也可以继续咨询我。`, decision: `${t.process}申请已提交` };
}

export function failureReply(t: Topic, confirmedNotDone: boolean) {
  return confirmedNotDone
    ? { reply: `很抱歉，您的${t.process}申请暂未处理成功。您可以稍后重试，或由人工客服为您跟进。`, decision: `${t.process}暂未处理成功` }
    : { reply: `很抱歉，您的${t.process}申请暂未确认处理成功，我们会继续核实结果。如需帮助，也可以为您转接人工客服。`, decision: `${t.process}结果待确认` };
}

export function handoffReply(emotion: Emotion, t: Topic, done: Topic[] = [], facts: string[] = []) {
  const pending = done.includes(t) ? TOPICS.other! : t;
  const subject = pending === TOPICS.other ? (done.length ? '其余问题' : '您的问题') : `您的${pending.process}诉求`;
  const finished = done.map((d) => `${d.submitted}。`).join('');
  return {
    reply: `${opening(emotion)}${factsSentence('已为您核实到', facts)}${finished}${subject}需要专员进一步核实，接下来将由人工客服为您跟进处理，请您稍候。`,
    decision: done.length ? `部分已提交，其余转人工` : '转人工进一步核实',
  };
}

/** The user said no when asked to confirm: nothing was submitted, and the reply says so. */
export function declinedReply(emotion: Emotion, facts: string[], t: Topic) {
  return {
    reply: `${opening(emotion)}${factsSentence('已为您核实到', facts)}按您的意思，本次不提交${t.process}申请。如之后需要办理，随时告诉我。`,
    decision: `用户未确认，未提交${t.process}申请`,
  };
}

/** An order the account does not own: no detail about it, only how to go on. */
export function rejectionReply(emotion: Emotion) {
  return {
    reply: `${opening(emotion)}该订单无法通过当前账号查询或办理。请确认订单号是否属于您的账号，或提供您本人的订单号。`,
    decision: '无法办理非本账号订单',
  };
}

export function infoReply(emotion: Emotion, facts: string[]) {
  return facts.length
    ? `${opening(emotion)}已为您查询到：${facts.join('，')}。如有其他问题，欢迎继续咨询。`
    : `${opening(emotion)}您的问题我们已收到。如需查询具体订单，请告诉我订单号。`;
}

export const DECLINE_INTERNALS = '抱歉，内部配置和处理细则无法提供。如您有订单相关的问题，我很乐意继续为您处理。';
export const NEUTRAL_FALLBACK = '您好，您的问题我们正在核实处理中，如有进展会及时告知您。';
export const DEFAULT_QUESTION = '请提供您的订单号，我会继续帮您核实并按流程处理。';
