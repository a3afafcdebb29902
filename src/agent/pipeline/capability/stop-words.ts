/**
 * The customer's words that stop a look-up on the capability path ("先不用了",
 * "不用查了", "no need to look now", "never mind"): a closed table read in the
 * reference form (traditional as simplified, full-width folded). They stop
 * what is not yet done, like "先别处理了"; a turn that goes on to ask for
 * something ("不用查了，帮我转人工", "never mind that, check RF310") is a
 * request, not a stop.
 */
import { phraseTable, referenceForm } from './personal-object-words.js';

const STOP_PHRASES: readonly string[] = [
  '先不用了',
  '不用了',
  '不用查了',
  '不用看了',
  '不用麻烦了',
  '不需要了',
  '不必了',
  '先不查了',
  '不查了',
  // The look-up named as what stops ("先不用查进度了", "暂时不需要查退款进度").
  '不用查',
  '不需要查',
  '不用跟进',
  '先别查',
  '别查了',
  '不用帮我查',
  '不用帮我看',
  '别帮我查',
  '不用管了',
  '算了',
  '回头再说',
  '以后再说',
  '晚点再说',
  '先这样吧',
  '没事了',
  'never mind',
  'nevermind',
  'no need',
  'forget it',
  "don't bother",
  'not now',
  'leave it',
  'skip it',
];

/** What turns a stop into a request: it asks for something after all, or names an object to look at. */
const ASKS_AFTER =
  /(?<!不用|不必|不需要|别再|别)帮我|请你|请帮|给我查|还是查|改查|转人工|\bplease\b|\binstead\b|\bbut\b|(?<!no need to |don't |dont |not )\b(?:check|look up)\b|(?<![a-z])[a-z]{1,3}-?\d{3,}/u;

const stopPhrase = phraseTable(STOP_PHRASES);

/** The stop phrase the turn uses, or undefined when it uses none or asks for something besides. */
export function stopsLooking(text: string): string | undefined {
  const form = referenceForm(text);
  const phrase = stopPhrase(form);
  return phrase && !ASKS_AFTER.test(form) ? phrase : undefined;
}
