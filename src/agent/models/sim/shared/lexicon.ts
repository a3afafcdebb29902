/**
 * What Chinese (and a little English) customer text asks for: intent cues,
 * the action requested, and emotion. The prompt's taxonomy decides which
 * intents exist; this lexicon only recognises how customers word them.
 */

/** Cues per intent of the seed taxonomy. Order inside a list does not matter. */
export const INTENT_CUES: Record<string, RegExp> = {
  refund_request: /退款|退钱|把钱退|钱退给我|退货|仅退款|退回货款|赶紧退|给我退|\brefund\b/i,
  cancel_order: /取消(?:这个|这笔|该|我的)?订单|取消掉|不想要了|不要了|撤单|撤销订单|取消购买|\bcancel\b/i,
  compensation_request: /补偿|赔偿|赔付|赔钱|赔我|差价|价保|优惠券|\bcompensat/i,
  modify_order:
    /改(?:一下)?(?:收货)?地址|修改(?:收货)?地址|地址(?:要)?(?:改|修改|更改|变更|换)(?:成|为|到)|换(?:个|一个)?地址|地址(?:写|填)错|改(?:一下)?(?:订单|规格|尺码|颜色|型号|电话|手机号|收件人)|换(?:个|一下)?(?:尺码|颜色|规格|型号)|修改订单|帮我改|改一下|change (?:the )?address/i,
  // Explicit complaints, escalation to the platform or an authority, a claim of being deceived, challenging a refusal.
  // Name-calling ("骗子", "scam") is emotion, not a request: attack texts are full of it.
  complaint:
    /投诉|举报|12315|维权|曝光|差评|申诉|(?:平台|淘宝|天猫|京东|客服|官方)(?:来)?介入|消协|工商局|骗人|欺骗|虚假宣传|凭什么(?:不|要|让|非)|\bcomplain/i,
  human_service_request: /转人工|人工客服|人工服务|找人工|真人客服|要人工|human agent/i,
  // Plain words of shipping and delivery, then how customers ask when: "几天能到", "今天能发吗", "要多久", "还没寄", "where is my parcel".
  logistics_query:
    /物流|快递|发货|配送|派送|运单|到哪|什么时候到|还没到|都没到|没收到|没到货|签收|丢件|在路上|催一下|催发|揽收|到货|送货|送到|送达|什么时候送|几天(?:能|可以|才能|就能|才)?到|(?:能|可以|会)(?:送)?到(?:吗|么|嘛|不|呢)|(?:能|可以|会)(?:不能)?(?:早点|快点|尽快)?发(?:出来|出去|走|出)?(?:吗|么|嘛|呢|不)|能不能(?:早点|快点|尽快)?发|发(?:快|早)(?:一)?点|还没寄|没寄|寄出|寄了吗|什么时候寄|(?:要|需要|得)多久|能多久|\btracking\b|\bshipping\b|\bship(?:ped)?\b|\bdeliver|\b(?:when will|when does|when can|hasn'?t|has not|not yet|still not|never)\b.{0,20}\barriv|\bparcel\b|\bpackage\b|where is my order/i,
  order_status_query:
    /订单(?:现在)?(?:什么|啥)?状态|什么状态|订单进度|订单(?:怎么样|情况)|(?:现在|目前)?(?:是)?(?:什么|啥)情况|处理到哪|查(?:一?下)?(?:我的)?订单|order status/i,
};

/**
 * Primary-intent precedence: the outcome the customer ultimately wants beats
 * the complaint or question that motivates it (prompt rule 9).
 */
const INTENT_PRECEDENCE = [
  'cancel_order',
  'refund_request',
  'compensation_request',
  'modify_order',
  'complaint',
  'human_service_request',
  'logistics_query',
  'order_status_query',
];

/** Cues of the action explicitly asked for; null when the customer asks for nothing. */
const ACTION_CUES: [string, RegExp][] = [
  ['return_refund', /退货/],
  ['refund', /退款|退钱|把钱退|钱退给我|赶紧退|给我退|仅退款|\brefund\b/i],
  ['compensation', /补偿|赔偿|赔付|赔钱|赔我|差价/],
  ['cancel_order', /取消|撤单|不想要了|不要了/],
  ['modify_order', /改|修改|换(?:个|一下)?(?:地址|尺码|颜色|规格|型号)/],
  ['human_service', /转人工|人工客服|人工服务|找人工|真人/],
  ['query_status', /查|到哪|进度|状态|什么时候|多久|进展|怎么还没|看看|\bwhere\b/i],
];

const NEGATION_BEFORE = /(?:不|不想|不要|不用|不需要|别|无需|没想)$/;

/** Whether `cue` occurs in `text` other than right after a negation ("我不要退款"). */
function mentions(text: string, cue: RegExp): boolean {
  const re = globalCopy(cue);
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!NEGATION_BEFORE.test(text.slice(Math.max(0, m.index - 3), m.index))) return true;
    if (m[0].length === 0) re.lastIndex += 1;
  }
  return false;
}

/** One global-flag copy per cue, compiled once (a fresh RegExp per text was a hot spot at scale). */
const globalCopies = new WeakMap<RegExp, RegExp>();
function globalCopy(cue: RegExp): RegExp {
  let re = globalCopies.get(cue);
  if (!re) globalCopies.set(cue, (re = new RegExp(cue.source, cue.flags.includes('g') ? cue.flags : `${cue.flags}g`)));
  return re;
}

/** Intents that name a state rather than a demand: "不发货" is the complaint, not its negation. */
const STATE_INTENTS = new Set(['logistics_query', 'order_status_query']);

/**
 * "不想要了" is a motive, not a demand: beside an explicit refund request
 * ("我不想要了，申请退款", "不想要了，能退款吗") the outcome wanted is the refund
 * (intent_v2 rule 9), and a cancellation is only cued by asking to cancel.
 */
const CHANGED_MIND = /不想要了|不要了/g;
const ASKS_TO_CANCEL = /取消|撤单|撤销订单|\bcancel\b/i;

/** Intents whose cues occur in the text, in INTENT_PRECEDENCE order. */
export function cuedIntents(text: string, cues: Record<string, RegExp> = INTENT_CUES): string[] {
  const order = [...INTENT_PRECEDENCE, ...Object.keys(cues).filter((k) => !INTENT_PRECEDENCE.includes(k))];
  const found = order.filter((intent) => cues[intent] && (STATE_INTENTS.has(intent) ? cues[intent]!.test(text) : mentions(text, cues[intent]!)));
  const motiveOnly =
    found.includes('cancel_order') &&
    found.includes('refund_request') &&
    !mentions(text, ASKS_TO_CANCEL) &&
    !(cues.cancel_order && mentions(text.replace(CHANGED_MIND, ''), cues.cancel_order));
  return motiveOnly ? found.filter((intent) => intent !== 'cancel_order') : found;
}

/** The action the customer asks for, preferring the one that belongs to the primary intent. */
export function requestedAction(text: string, intent: string): string | null {
  const found = ACTION_CUES.filter(([, cue]) => mentions(text, cue)).map(([action]) => action);
  const preferred: Record<string, string[]> = {
    refund_request: ['return_refund', 'refund'],
    compensation_request: ['compensation'],
    cancel_order: ['cancel_order'],
    modify_order: ['modify_order'],
    human_service_request: ['human_service'],
    logistics_query: ['query_status'],
    order_status_query: ['query_status'],
  };
  return found.find((a) => preferred[intent]?.includes(a)) ?? (intent === 'complaint' || intent === 'unknown' ? null : (found[0] ?? null));
}

const ANGRY = /气死|太过分|过分了|垃圾|破平台|什么破|骗子|恶心|他妈|tmd|坑人|坑爹|火大|愤怒|受够|滚|投诉你们|无法忍受|忍无可忍|[！!]{2,}/i;
const DISSATISFIED = /不满|失望|太慢|怎么还|还没|还不|都.{0,4}了|无语|差劲|离谱|不满意|太差|根本没|怎么回事|搞什么/;
const ANXIOUS = /急|赶紧|尽快|快点|马上要用|担心|焦虑|怎么办|等着用|来不及/;

export type Emotion = 'neutral' | 'anxious' | 'angry' | 'dissatisfied';

export function emotionOf(text: string): Emotion {
  if (ANGRY.test(text)) return 'angry';
  if (DISSATISFIED.test(text)) return 'dissatisfied';
  if (ANXIOUS.test(text)) return 'anxious';
  return 'neutral';
}

/** Whether the text still carries a business request after attack text was removed. */
export function hasBusinessRequest(text: string, orderIdFound: boolean): boolean {
  return orderIdFound || cuedIntents(text).length > 0 || /订单|商品|东西|货|包裹|order/i.test(text);
}
