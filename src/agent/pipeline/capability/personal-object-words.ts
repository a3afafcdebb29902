/**
 * The customer's own words that name a personal object (docs/spec/capability-routing.md#binding-the-refund-object): a closed
 * table, not a model's judgement, so that what earns a personal read does not
 * depend on what the entry model says. Read in the consent reader's form
 * (full-width folded, traditional as simplified, invisible characters
 * dropped), with spaces between Chinese characters removed, so that "我 的
 * 退款" or "我的退款" split by zero-width characters is the same reference.
 * Lines of a conversation the customer pasted are left out: their words are
 * not a reference the customer makes in this turn.
 */
import { answerForm } from '../consent/consent-text.js';
import { escapeRegExp } from '../../../harness/base/escape-regexp.js';

/** A possessive reference to the customer's own refund, order or ticket. */
const POSSESSIVE_REFERENCES: readonly string[] = [
  '我的退款',
  '我那笔',
  '我这笔',
  '我的那笔',
  '我的这笔',
  '这笔退款',
  '那笔退款',
  '我的另一笔',
  '我还有一笔',
  '我另一笔',
  '我申请的退款',
  '我退的款',
  '我的退货',
  '我的售后',
  '我的订单',
  '我那个订单',
  '我这个订单',
  '我的工单',
  'my refund',
  'my refunds',
  'my order',
  'my orders',
  'my return',
  'my ticket',
  'this refund of mine',
  // Colloquial: the money itself is the refund ("我退的钱咋还没到").
  '我的钱',
  '我退的钱',
  '退我的钱',
  '退给我的钱',
  'my money',
];

/** The customer corrects which of their objects they meant: with one confirmed, this turn names another of theirs. */
const SWITCH_PHRASES: readonly string[] = [
  '另一笔',
  '另外一笔',
  '另外那笔',
  '不是这笔',
  '不是那笔',
  '不是这个',
  '不是那个',
  '不是这单',
  '另一单',
  '另外一单',
  '另外那单',
  '不是那单',
  '我说的是',
  '我指的是',
  'the other one',
  'not that one',
  'not this one',
  'i meant the other',
  'i meant another',
  'another one',
  'the wrong one',
  'wrong order',
];

/** A follow-up of the object already confirmed in this branch: it names none, it asks after the one in hand. */
const FOLLOW_UP_PHRASES: readonly string[] = [
  '有人跟进',
  '跟进了吗',
  '处理了吗',
  '怎么样了',
  '进展',
  '进度',
  '还要多久',
  '到账了吗',
  '还没到账',
  '催一下',
  'any update',
  'anyone on it',
  'is it done',
  'still not arrived',
  'still waiting',
  // Colloquial and English follow-ups of a refund that has not arrived.
  '咋样了',
  '好了没',
  '有消息吗',
  '有结果了吗',
  '到了没',
  '到账没',
  '还没到',
  '还没退',
  '怎么还没',
  '咋还没',
  '钱呢',
  'any news',
  'any progress',
  'not arrived',
  "hasn't arrived",
  'has not arrived',
  'not received',
  "haven't received",
  "haven't got",
  'where is it',
  'not here yet',
  // Still not arrived, and when, in the words customers use ("还是没到账", "到底啥时候到", "has it arrived yet?").
  '没到账',
  '还是没',
  '没收到',
  '没动静',
  '啥时候到',
  '什么时候到',
  '什么时候能到',
  '等多久',
  '多久能到',
  "what's going on",
  'whats going on',
  "what's happening",
  'has it arrived',
  'did it arrive',
  'arrived yet',
  'still nothing',
];

const HAN = String.raw`\p{Script=Han}`;
const SPACE_BY_HAN = new RegExp(String.raw`(?<=${HAN})\s+|\s+(?=${HAN})`, 'gu');

/**
 * A line of a conversation pasted into the turn ("客服：…", "User: …"): text the
 * customer copied from elsewhere, so its "我的订单" is someone's words in that
 * chat, not a reference the customer makes now.
 */
const SPEAKER_LINE = /^\s*(?:用户|顾客|客户|买家|卖家|商家|客服|人工客服|人工|机器人|助手|系统|user|customer|agent|support|assistant|bot|system)\s*:/u;

/** The form in which a turn is matched against the tables: the customer's own lines, folded. */
export function referenceForm(text: string): string {
  const own = answerForm(text)
    .split(/\r?\n/)
    .filter((line) => !SPEAKER_LINE.test(line));
  return own.join(' ').replace(/\s+/g, ' ').replace(SPACE_BY_HAN, '');
}

/** A closed table of phrases, read as the first one a form holds. Latin phrases match as words: "army refund" is not "my refund". */
export function phraseTable(phrases: readonly string[]): (form: string) => string | undefined {
  const patterns = phrases.map((phrase) => new RegExp(/^[a-z]/.test(phrase) ? String.raw`\b${escapeRegExp(phrase)}\b` : escapeRegExp(phrase), 'u'));
  return (form) => phrases.find((_, i) => patterns[i]!.test(form));
}

export const possessiveReference = phraseTable(POSSESSIVE_REFERENCES);
export const followUpPhrase = phraseTable(FOLLOW_UP_PHRASES);
export const switchPhrase = phraseTable(SWITCH_PHRASES);

/** Id-like tokens of the turn (order and refund ids), upper case. */
export function idsIn(form: string): string[] {
  return [...new Set(form.toUpperCase().match(/(?<![A-Z0-9])[A-Z]{1,3}-?\d{3,12}(?![0-9])/g) ?? [])];
}
