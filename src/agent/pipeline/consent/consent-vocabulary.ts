/**
 * The words a confirmation answer is read with, on the answer form
 * (consent-text.ts: simplified, lower case, NFKC). Two kinds of table:
 * markers that make an answer something other than a yes (a question, a
 * deferral, a condition, a part, a hedge, a stop), and the closed vocabulary
 * a yes may be made of. An answer with a word outside that vocabulary is not
 * plainly a yes, so an unforeseen way of saying "not yet" cannot pass as one.
 * Every pattern is a flat alternation: reading stays linear in the answer.
 */

/**
 * "先别处理了", "stop": the conversation stops until the user asks again explicitly.
 * A stop word is read as a stop only aimed at the processing, or as the whole message:
 * "物流停止更新了" is a complaint about the parcel, not a stop.
 */
export const STOP =
  /先别(?:处理|办|弄|搞|动|操作|执行|提交|退)|别(?:处理|办|弄|搞|动|操作|执行)了|不要(?:处理|办|弄|操作|执行)了|先不(?:处理|办|弄|搞|操作|执行)|不(?:处理|弄|搞)了|(?:停止|暂停|停下|先停)(?:处理|办理|操作|执行|申请|提交|退款|一切|所有)|^(?:请|先)?(?:停|停止|暂停|停下|打住|停一下|先停一下)(?:吧|了|一下)?[!.~～。]*$|打住|先放着|\bstop\b|\bhalt\b|\bpause\b|\bhold off\b|\bfreeze\b|\bdon'?t do anything\b|\bdo not do anything\b|\bdon'?t (?:process|proceed|touch)\b|\bdo not (?:process|proceed|touch)\b|\bcancel everything\b/;

/** An explicit no to the proposal. */
export const DECLINE =
  /(?<!要)不要|(?<!用)不用|(?<!需)不需要|不同意|不确认|(?<!行)不行|不了|先不|别办|别退|别弄|拒绝|取消申请|不退|不办|不想|不必|没必要|免了|甭|没门|不干|不成|不中|别了|免谈|唔要|唔使|唔好|唔系|唔得|唔需要|冇需要|要不得|^不$|^不是|^no\b|\bno\b|\bnope\b|\bnah\b|\bdon'?t\b|\bdo not\b|\bnot\b|\bnever\b|\bforget it\b|\bpass\b|\bscratch that\b|\bcancel that\b|\bnay\b|\bnever ?mind\b|\bno thanks?\b/;

/**
 * Words that close the topic or only acknowledge it ("算了", "就这样吧", "知道了",
 * "got it"): they end the exchange without answering the question, and are as
 * likely to mean "leave it" as "do it", so they are never a yes.
 */
export const CLOSING =
  /算了|罢了|拉倒|就这样|先这样|那这样|这样吧|这样就行|这样就好|这样就可以|到此为止|就到这|就这些|知道|晓得|明白|了解|懂了|清楚了|收到|好了好了|行了|得了|够了|没事了|没事|没关系|不说了|再见|拜拜|回见|告辞|就酱|\bgot it\b|\bnoted\b|\bunderstood\b|\bi see\b|\bi understand\b|\bthat'?s all\b|\bthat'?s it\b|\bleave it\b|\blet it be\b|\bdrop it\b|\ball good\b|\bno worries\b|\bbye\b|\bgoodbye\b|\bsee you\b|\bfair enough\b|\bcool\b|\bfine then\b|\bok then\b|\bokay then\b|\bcopy that\b|\broger\b/;

/** Why an answer that is neither yes nor no is not a yes, in the order they are named. */
export const NOT_YET: readonly { why: NotConsent; pattern: RegExp }[] = [
  {
    why: 'conditional',
    pattern:
      /如果|要是|假如|假设|万一|只要|除非|的话|前提|条件|否则|不然|若是|倘若|一旦|等到|到时候|看能不能|\bif\b|\bunless\b|\bprovided\b|\bas long as\b|\bin case\b|\bassuming\b|\bonce\b|\bas soon as\b|\botherwise\b|\bdepends?\b|\bdepending\b/,
  },
  {
    why: 'deferral',
    pattern:
      /考虑|想想|先这样|别急|想一想|想一下|再说|回头|晚点|晚些|迟些|稍后|稍等|以后|改天|过几天|过两天|过段时间|等等|等一下|等一等|等会|先等|再等|等我|再看|看看再|看情况|明天|下次|暂时|先放|放一放|决定|犹豫|不急|\blater\b|\bthink\b|\bthinking\b|\bconsider|\bwait\b|\bhold on\b|\bnot now\b|\bnot yet\b|\bget back\b|\bsleep on\b|\banother time\b|\bdecide\b|\btomorrow\b|\bfor now\b|\bfirst let me\b/,
  },
  {
    why: 'partial',
    pattern:
      /一半|部分|只|仅|少退|减|差价|运费|邮费|折|%|\bhalf\b|\bpart\b|\bpartial|\bportion\b|\bonly\b|\bsome of\b|\bshipping\b|\bfee\b|\bpercent\b|\bexcept\b/,
  },
  {
    why: 'hedged',
    pattern:
      /应该|可能|大概|也许|或许|估计|似乎|好像|随便|无所谓|爱咋|说了算|反正|呵呵|拉倒|凑合|勉强|不太|不确定|说不定|(?:好|行|对|是)(?:好|行|对|是)(?:好|行|对|是)|\b(ok|okay|yes|sure|fine|yeah)\W+\1\W+\1\b|\.\.\.|…|🙄|😒|🙃|\bi guess\b|\bi suppose\b|\bprobably\b|\bmaybe\b|\bperhaps\b|\bwhatever\b|\byeah,? right\b|\bsure,? sure\b|\bas if\b|\bi don'?t care\b|\bkind of\b|\bsort of\b|\bif you say so\b|\bnot sure\b|\bunsure\b|\blol\b/,
  },
  {
    why: 'question',
    pattern:
      /\?|吗|嘛|呢|(?<![那这])么|难道|是否|能否|可否|何时|怎么|为什么|为何|哪|多久|多少|啥|咋|要不|对吧|是吧|(?:你|您)(?:先|再|帮我|给我|去)?(?:确认|核实|核对|查|看)一?下|(\p{Script=Han})不\1|\b(?:what|when|why|how|where|which|who|whose)\b|\b(?:can|could|may|should|shall|is|are|will|would)\s(?:i|we|it|that|this|they)\b/u,
  },
];

export type NotConsent = 'closing' | 'no_words' | 'deferral' | 'conditional' | 'partial' | 'hedged' | 'question' | 'not_affirmative';

/** A plain yes. */
const AFFIRM_ZH = [
  '确认无误',
  '是的',
  '是啊',
  '是',
  '对的',
  '对啊',
  '对',
  '嗯嗯',
  '嗯',
  '好的',
  '好啊',
  '好呀',
  '好嘞',
  '好滴',
  '好吧',
  '好',
  '行的',
  '行啊',
  '行吧',
  '行',
  '可以的',
  '可以啊',
  '可以呀',
  '可以',
  '确认',
  '确定',
  '同意',
  '没问题',
  '没错',
  '当然',
  '就这么办',
  // colloquial and regional: 成/要得/对头 (north, Sichuan), 系/好嘅/冇问题 (Cantonese, after the traditional form is folded)
  '成',
  '要得',
  '对头',
  '没毛病',
  '妥妥的',
  '妥',
  '安排',
  '嗯呐',
  '嗯哪',
  '系呀',
  '系啊',
  '系',
  '好嘅',
  '冇问题',
  '照办',
  '请继续',
  '继续',
];
const AFFIRM_EN = [
  'yes',
  'yeah',
  'yep',
  'yup',
  'ya',
  'sure',
  'ok',
  'okay',
  'confirm',
  'confirmed',
  'agree',
  'agreed',
  'correct',
  'right',
  'absolutely',
  'definitely',
  'certainly',
  'alright',
  'fine',
  'proceed',
  'ahead',
  'k',
  'kk',
  'okk',
  'yea',
  'aye',
  'affirmative',
  'course',
  'good',
  'great',
  'perfect',
];

/** Asking for the action: with a word for it, "退吧" / "请退款" / "refund it please" / "要退" / "I want a refund" is a yes. */
const IMPERATIVE_ZH = ['吧', '请您', '请你', '请', '麻烦您', '麻烦你', '麻烦', '帮我', '给我', '要'];
const IMPERATIVE_EN = ['please', 'pls', 'want'];

/** Courtesy and glue that neither add nor take away a yes. */
/** Words that contain a yes-word without being a yes: read whole, so that "好" in "你好" is not found. */
const NOT_YES_ZH = ['你好', '您好', '大家好', '早上好', '上午好', '中午好', '下午好', '晚上好', '对了', '行了', '是吗', '好像', '还好', '好久'];
const NOT_YES_EN = ['hi', 'hello', 'hey'];
/** A correction of the user's own earlier answer, which the yes then follows. */
const CORRECTION_ZH = ['看错了', '搞错了', '说错了', '打错了', '弄错了'];

const FILLER_ZH = [
  ...CORRECTION_ZH,
  '啊',
  '呀',
  '哦',
  '噢',
  '喔',
  '啦',
  '了',
  '的',
  '就是',
  '就',
  '那就',
  '那',
  '麻烦了',
  '帮忙',
  '我的',
  '我',
  '您',
  '你们',
  '你',
  '谢谢您',
  '谢谢你',
  '谢谢',
  '谢了',
  '感谢',
  '多谢',
  '辛苦了',
  '辛苦',
  '一下',
  '按照',
  '按',
  '照',
  '这个',
  '这样',
  '这么',
  '那个',
  '这笔',
  '这单',
  '那笔',
  '那单',
  '订单',
  '单子',
  '金额',
  '全额',
  '元',
  '块',
  '钱',
  '马上',
  '尽快',
  '立即',
  '立刻',
  '现在',
  '直接',
  '也',
  '都',
  '一起',
  '赶紧',
  '快',
  '刚才',
  '你说的',
  '说的',
];
const FILLER_EN = [
  'thanks',
  'thank',
  'thx',
  'you',
  'the',
  'a',
  'an',
  'it',
  'this',
  'that',
  's',
  'my',
  'me',
  'for',
  'to',
  'of',
  'with',
  'and',
  'now',
  'away',
  'just',
  'as',
  'said',
  'proposed',
  'suggested',
  'asap',
  'immediately',
  'order',
  'amount',
  'full',
  'yuan',
  'rmb',
  'i',
  'm',
  'am',
  'd',
  'would',
  'like',
  'go',
  'do',
  'is',
  'so',
  'then',
  'sounds',
  'looks',
  'us',
  'we',
  'let',
  'lets',
  'll',
];

/** Words for the action itself, per tool: a yes may name what it agrees to. */
const ACTION_ZH: Record<string, string[]> = {
  create_refund: ['退款', '退钱', '退货款', '退回', '退'],
  create_compensation: ['补偿', '赔付', '赔偿', '赔', '补'],
  cancel_order: ['取消订单', '取消', '撤单'],
  modify_address: ['收货地址', '修改地址', '改地址', '换地址', '地址', '修改', '改成', '改到', '改为', '改', '换成', '换'],
  modify_order: ['修改订单', '修改', '改'],
  create_ticket: ['工单', '投诉', '登记'],
  send_sms: ['短信', '发送', '发到', '发给', '发'],
  send_email: ['邮件', '发送', '发到', '发给', '发'],
  send_enterprise_wechat_message: ['消息', '企业微信', '发送', '发到', '发给', '发'],
};
const ACTION_EN: Record<string, string[]> = {
  create_refund: ['refund', 'refunds', 'money', 'back'],
  create_compensation: ['compensation', 'compensate', 'compensated'],
  cancel_order: ['cancel', 'cancellation', 'cancelled'],
  modify_address: ['address', 'change', 'update', 'shipping'],
  modify_order: ['change', 'update'],
  create_ticket: ['ticket', 'complaint'],
  send_sms: ['send', 'sms', 'text', 'message'],
  send_email: ['send', 'email', 'mail', 'message'],
  send_enterprise_wechat_message: ['send', 'wechat', 'message'],
};
const ACTION_ANY_ZH = ['申请', '提交', '办理', '办', '处理', '执行', '操作', '进行', '弄', '搞'];
const ACTION_ANY_EN = ['submit', 'apply', 'process', 'handle', 'it'];

/** Words that name an action: a "yes" that names another action is a yes to something else. */
export const ACTION_NAMES: Record<string, RegExp> = {
  create_refund: /退款|退钱|退货|\brefund/,
  create_compensation: /补偿|赔付|赔偿|\bcompensat/,
  cancel_order: /取消订单|取消这个订单|把订单取消|\bcancel/,
  modify_address: /改地址|修改地址|换地址|收货地址|\baddress\b/,
};

/** `other`: a word that holds a yes-word but is not one ("你好", "对了" as "by the way"), read as outside the vocabulary. */
export type WordClass = 'affirm' | 'filler' | 'action' | 'imperative' | 'other';

export interface YesVocabulary {
  /** Sticky: the longest Chinese word of the vocabulary at lastIndex. */
  zh: RegExp;
  zhClass: Map<string, WordClass>;
  en: Map<string, WordClass>;
}

const VOCABULARIES = new Map<string, YesVocabulary>();

/** The closed vocabulary of a yes to `tool`, longest word first so that "好的" is read before "好". */
export function yesVocabulary(tool: string): YesVocabulary {
  let vocabulary = VOCABULARIES.get(tool);
  if (!vocabulary) VOCABULARIES.set(tool, (vocabulary = buildVocabulary(tool)));
  return vocabulary;
}

function buildVocabulary(tool: string): YesVocabulary {
  // Later lists win: a word that is both glue and a yes ("好") reads as a yes, one that holds a yes-word ("你好") as neither.
  const zhClass = classes([FILLER_ZH, ACTION_ANY_ZH, IMPERATIVE_ZH, ACTION_ZH[tool] ?? [], AFFIRM_ZH, NOT_YES_ZH]);
  const en = classes([FILLER_EN, ACTION_ANY_EN, IMPERATIVE_EN, ACTION_EN[tool] ?? [], AFFIRM_EN, NOT_YES_EN]);
  const words = [...zhClass.keys()].sort((a, b) => b.length - a.length);
  return { zh: new RegExp(words.join('|'), 'y'), zhClass, en };
}

const LIST_CLASSES: WordClass[] = ['filler', 'filler', 'imperative', 'action', 'affirm', 'other'];

function classes(lists: string[][]): Map<string, WordClass> {
  const out = new Map<string, WordClass>();
  lists.forEach((words, i) => {
    for (const w of words) out.set(w, LIST_CLASSES[i]!);
  });
  return out;
}
