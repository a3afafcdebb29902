/**
 * Reads a user's answer to a confirmation question, bound to the one action
 * that was asked about. The program does this, not a model: whether money
 * moves must not depend on a probabilistic reading of "好的". Only a plain yes
 * to that action is consent: a question, a deferral, a condition, a part of
 * it, a hedge, or a yes naming another order, amount, address or recipient is
 * not, and neither is anything the program cannot account for word by word.
 */
import type { ProposedCall } from '../guards/guard-chain.js';
import { bindValues } from './consent-binding.js';
import { answerForm, LOOKALIKE_LETTERS } from './consent-text.js';
import { ACTION_NAMES, CLOSING, DECLINE, NOT_YET, STOP, yesVocabulary, type NotConsent, type WordClass } from './consent-vocabulary.js';

export type ConsentReading =
  | { reading: 'confirmed' }
  | { reading: 'declined' }
  /** "先别处理了": nothing more runs until the user asks again explicitly. */
  | { reading: 'stop' }
  | { reading: 'mismatch'; why: string }
  /** Not an answer to the proposal at all: a new message of its own. */
  | { reading: 'other_topic' }
  | { reading: 'not_consent'; why: NotConsent };

export function readConfirmationReply(text: string, call: ProposedCall): ConsentReading {
  const t = answerForm(text);
  const own = partAbout(t, call);
  return own === null ? readWhole(t, call) : own ? readWhole(own, call) : { reading: 'not_consent', why: 'not_affirmative' };
}

/** Clauses end at punctuation or a turn such as "but" (not at "and", which joins two orders into one request): a yes and a no for two orders sit in clauses of their own. */
const CLAUSE = /[,，;；。!！、\n]|(?<!\d)\.|\.(?!\d)|但是|不过|另外|至于|\bbut\b|\bwhile\b/u;
const ORDER_ID = /(?<![a-z0-9])[a-z]{1,3}-?\d{3,20}(?![0-9])/g;
const idKey = (id: string) => id.replace('-', '');
const idsOf = (text: string) => new Set([...text.matchAll(ORDER_ID)].map((m) => idKey(m[0])));

/**
 * An answer that names the pending order and another one ("O123 退吧，O456
 * 不用了") is read per order: the clauses about the pending order, with those
 * before any order is named, are its answer; a clause about the other order
 * neither confirms nor declines this one. null: the answer names no other
 * order (read whole). '': no clause is about this order alone (ask again).
 */
function partAbout(t: string, call: ProposedCall): string | null {
  const own = typeof call.args.order_id === 'string' ? idKey(call.args.order_id.toLowerCase()) : null;
  const named = idsOf(t);
  if (!own || !named.has(own) || named.size < 2) return null;
  const parts: string[] = [];
  let current: string | null = null;
  for (const clause of t.split(CLAUSE).flatMap(byLeadingIds)) {
    const ids = idsOf(clause);
    if (ids.size > 1) return '';
    if (ids.size === 1) current = [...ids][0]!;
    if (current === null || current === own) parts.push(clause);
  }
  return parts.join('，');
}

/** What may stand before the first order of a clause that is split at its orders: the word for an order, nothing else. */
const BEFORE_FIRST_ID = /^(?:订单|单号|order|no\.?|#|\s)*$/u;
/** An order followed only by a word that joins it to the next ("O123 和 O456 都退"): one answer for both. */
const JOINED = /^\s*(?:和|跟|与|及|以及|还有|加上|同|and|&|plus|订单|order|\s)*$/u;

/**
 * A clause that names several orders with no mark between them ("O123可以 O456不要"), split
 * before each order, but only when the clause begins with one: each order's answer then follows
 * it. A clause whose words come before its orders ("退O456 不退O123") stays whole, so no part of
 * it can be read as anyone's yes.
 */
function byLeadingIds(clause: string): string[] {
  const at = [...clause.matchAll(ORDER_ID)].map((m) => m.index);
  if (at.length < 2 || !BEFORE_FIRST_ID.test(clause.slice(0, at[0]))) return [clause];
  const parts = at.map((start, i) => clause.slice(start, at[i + 1] ?? clause.length));
  return parts.some((part) => JOINED.test(part.replace(ORDER_ID, ''))) ? [clause] : parts;
}

function readWhole(t: string, call: ProposedCall): ConsentReading {
  if (!t) return { reading: 'not_consent', why: 'not_affirmative' };
  if (STOP.test(t)) return { reading: 'stop' };
  if (DECLINE.test(t)) return { reading: 'declined' };
  if (CLOSING.test(t)) return { reading: 'not_consent', why: 'closing' };
  // An emoji, a mark or a sticker on its own says nothing about the action; a lone question mark is a question back.
  if (!WORDS.test(t)) return { reading: 'not_consent', why: /[?？]/u.test(t) ? 'question' : 'no_words' };
  const words = wordsOf(t, call.tool);
  // An answer with neither a yes nor a word for the action is about something else when it asks or names something else.
  const aboutIt = words.classes.has('affirm') || words.classes.has('action');
  const bound = bindValues(t, call);
  const notYet = NOT_YET.find((n) => n.pattern.test(t));
  if (!aboutIt && (bound.mismatch?.value === 'order' || notYet?.why === 'question')) return { reading: 'other_topic' };
  if (notYet) return { reading: 'not_consent', why: notYet.why };
  if (LOOKALIKE_LETTERS.test(t)) return { reading: 'not_consent', why: 'not_affirmative' };
  if (bound.mismatch) return { reading: 'mismatch', why: `names the ${bound.mismatch.value} ${bound.mismatch.named}` };
  const own = ACTION_NAMES[call.tool];
  const otherAction = Object.entries(ACTION_NAMES).find(([tool, pattern]) => tool !== call.tool && pattern.test(t) && !own?.test(t));
  if (otherAction) return { reading: 'mismatch', why: `names another action (${otherAction[0]})` };
  const rest = wordsOf(bound.rest, call.tool);
  const yes = rest.classes.has('affirm') || (rest.classes.has('action') && rest.classes.has('imperative'));
  if (rest.unknown > 0 || !yes) return aboutIt ? { reading: 'not_consent', why: 'not_affirmative' } : { reading: 'other_topic' };
  return { reading: 'confirmed' };
}

/** The answer read word by word against the vocabulary of a yes to `tool`: which classes it has, and how many words are outside it. */
function wordsOf(text: string, tool: string): { classes: Set<WordClass>; unknown: number } {
  const vocabulary = yesVocabulary(tool);
  const classes = new Set<WordClass>();
  let unknown = 0;
  for (let i = 0; i < text.length; ) {
    if (LATIN.test(text[i]!)) {
      let end = i + 1;
      while (end < text.length && LATIN.test(text[end]!)) end++;
      const cls = vocabulary.en.get(text.slice(i, end));
      if (cls && cls !== 'other') classes.add(cls);
      else unknown++;
      i = end;
      continue;
    }
    vocabulary.zh.lastIndex = i;
    const word = vocabulary.zh.exec(text)?.[0];
    if (word) {
      const cls = vocabulary.zhClass.get(word)!;
      if (cls === 'other') unknown++;
      else classes.add(cls);
      i += word.length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    if (!SEPARATOR.test(char)) unknown++;
    i += char.length;
  }
  return { classes, unknown };
}

const LATIN = /[a-z]/;
const WORDS = /[\p{L}\p{N}]/u;
/** Spacing, punctuation and pictographs carry no words (a question mark or a hedge was read before). */
const SEPARATOR = /^(?:[\s\p{P}\p{S}\p{Extended_Pictographic}]|\u{fe0f}|\u{200d})$/u;
