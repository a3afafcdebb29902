/**
 * The forms in which the program looks for planted instructions. An attacker
 * who knows the phrase list writes around it: full-width or Cyrillic letters,
 * look-alike or traditional characters, separators between characters,
 * pinyin, or the instruction encoded with a request to decode it. Each of these
 * is undone here before the phrases are matched, so the human-review gate does
 * not depend on a model noticing. A paraphrase in other words is beyond any
 * phrase list: the report's strategy table shows that blind spot.
 */
import { createRequire } from 'node:module';
import { decodeHTML } from 'entities';
import { memoizeText } from '../../../harness/base/bounded-map.js';
import { CYRILLIC_LOOKALIKES, HANZI_LOOKALIKES } from '../../../harness/cases/strategies/char-maps.js';

// Both dictionaries take a few hundred milliseconds to load: loaded on the first text that needs them,
// so a run that never scans (module cases only) or never meets Latin letters (pinyin) never pays.
const load = createRequire(import.meta.url);
let converter: ((text: string) => string) | undefined;
const toSimplified = (text: string) => (converter ??= (load('opencc-js/t2cn') as typeof import('opencc-js/t2cn')).Converter({ from: 'tw', to: 'cn' }))(text);
let pinyinModule: typeof import('pinyin-pro') | undefined;
const pinyin: typeof import('pinyin-pro')['pinyin'] = ((text: string, options: object) =>
  (pinyinModule ??= load('pinyin-pro') as typeof import('pinyin-pro')).pinyin(text, options as never)) as never;
/** Text that may spell Chinese in pinyin: several short Latin words in a row, or Latin syllables inside Chinese. */
const PINYIN_LIKE = /(?:\b[a-z]{1,6}[\s\p{P}]+){3,}[a-z]{1,6}\b|\p{Script=Han}[a-z]{2,12}(?:\p{Script=Han}|$)/iu;
const UNDO_LOOKALIKE = new Map<string, string>(
  [...Object.entries(CYRILLIC_LOOKALIKES), ...Object.entries(HANZI_LOOKALIKES)].map(([plain, lookalike]) => [lookalike, plain]),
);
const SEPARATORS = /[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu;
/**
 * Digits dressed up: in brackets or with a stop (⑴ ⒈, which NFKC writes as "(1)" and "1."), or in
 * circles NFKC leaves alone (❶ ➀ ➊ ⓵ ⓫ ⓿ 🄁). Each is read as its number, so a phone number
 * written in them is a run of digits.
 */
const DRESSED_DIGIT = new Map<string, string>(
  (
    [
      [0x2474, 20, 1],
      [0x2488, 20, 1],
      [0x24eb, 10, 11],
      [0x24f5, 10, 1],
      [0x24ff, 1, 0],
      [0x2776, 10, 1],
      [0x2780, 10, 1],
      [0x278a, 10, 1],
      [0x1f100, 1, 0],
      [0x1f101, 10, 0],
      [0x1f10b, 2, 0],
    ] as const
  ).flatMap(([first, count, value]) => Array.from({ length: count }, (_, i) => [String.fromCodePoint(first + i), String(value + i)] as [string, string])),
);
const DRESSED = new RegExp(`[${[...DRESSED_DIGIT.keys()].join('')}]`, 'gu');
const HAN = /\p{Script=Han}/u;
/** Shorter pinyin is too likely to occur by chance in ordinary text. */
const MIN_PINYIN = 8;

export interface PhraseForms {
  folded: string;
  /** The phrase in pinyin, one list of spellings per character: every reading of a polyphone allowed (调: diao or tiao). */
  pinyin: string[][] | null;
}

export function phraseForms(phrase: string): PhraseForms {
  const folded = fold(phrase);
  let compiled: string[][] | null | undefined;
  return {
    folded,
    get pinyin() {
      if (compiled !== undefined) return compiled;
      if (!HAN.test(folded) || spell(folded).length < MIN_PINYIN) return (compiled = null);
      return (compiled = [...folded].map((c) => (HAN.test(c) ? readings(c) : [c])));
    },
  };
}

/** Folded forms of a text and of any payload it carries encoded. */
export function textForms(text: string): { folded: string[]; pinyin: string[] } {
  const sources = [text, ...decodedPayloads(text)];
  return { folded: sources.map(fold), pinyin: sources.filter((s) => PINYIN_LIKE.test(s.normalize('NFKC'))).map((s) => spell(fold(s))) };
}

export function containsPhrase(forms: { folded: string[]; pinyin: string[] }, phrase: PhraseForms): boolean {
  if (!phrase.folded) return false;
  if (forms.folded.some((f) => f.includes(phrase.folded))) return true;
  if (forms.pinyin.length === 0) return false;
  const spelled = phrase.pinyin;
  return spelled !== null && forms.pinyin.some((p) => spelledIn(p, spelled));
}

/**
 * Whether `text` holds one spelling of each slot in a row. As a regular
 * expression of alternatives (`(?:na|nei|ne)(?:…)`) readings that are
 * prefixes of others backtrack; here the places each prefix of the phrase can
 * end at are carried forward, slot by slot, in time linear in the text.
 */
function spelledIn(text: string, slots: string[][]): boolean {
  let reach = new Uint8Array(text.length + 1).fill(1);
  for (const spellings of slots) {
    const next = new Uint8Array(text.length + 1);
    let any = false;
    for (let at = 0; at <= text.length; at++) {
      if (!reach[at]) continue;
      for (const spelling of spellings) {
        if (!text.startsWith(spelling, at)) continue;
        next[at + spelling.length] = 1;
        any = true;
      }
    }
    if (!any) return false;
    reach = next;
  }
  return true;
}

/**
 * Width, look-alikes and traditional forms undone; case, spacing and punctuation kept (the reply guard reads clauses).
 * The same text (a reply, a document) is read by several guards and stages of one turn: undone once.
 */
export const plainLetters = memoizeText((text) =>
  toSimplified(
    [
      ...rendered(text)
        .replace(DRESSED, (c) => DRESSED_DIGIT.get(c)!)
        .normalize('NFKC'),
    ]
      .map((c) => UNDO_LOOKALIKE.get(c) ?? c)
      .join(''),
  ),
);

/** HTML character references as a renderer shows them (&#36864;&#27454; is 退款 on a page or in Markdown). */
const rendered = (text: string): string => (text.includes('&') ? decodeHTML(text) : text);

/** Width, case, look-alikes, traditional forms and separators undone. */
export function fold(text: string): string {
  return plainLetters(text).toLowerCase().replace(SEPARATORS, '');
}

const SPELLING = new Map<string, string>();

/**
 * Chinese characters as toneless pinyin, letters kept: "忽lue之前" and "hu lue zhi qian" meet here.
 * Character by character, each with its one default reading, so a polyphone (调 diao/tiao) reads
 * the same in the phrase and in the text whatever stands next to it.
 */
function spell(folded: string): string {
  if (!HAN.test(folded)) return folded;
  let out = '';
  for (const c of folded) {
    if (!HAN.test(c)) {
      out += c;
      continue;
    }
    let syllable = SPELLING.get(c);
    if (syllable === undefined) SPELLING.set(c, (syllable = pinyin(c, { toneType: 'none' }).replace(/ü/g, 'v')));
    out += syllable;
  }
  return out;
}

function readings(c: string): string[] {
  return [...new Set(pinyin(c, { toneType: 'none', type: 'array', multiple: true }).map((r) => r.replace(/ü/g, 'v')))];
}

/** Base64 runs that decode to readable text, and \uXXXX sequences, decoded. */
function decodedPayloads(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/]{16,}={0,2}/g)) {
    const decoded = Buffer.from(m[0], 'base64').toString('utf8');
    if (!decoded.includes('\ufffd') && /^[\p{L}\p{N}\p{P}\p{S}\s]+$/u.test(decoded)) out.push(decoded);
  }
  const escapes = text.match(/(?:\\+u[0-9a-fA-F]{4}|[A-Za-z0-9 ]){2,}/g)?.filter((run) => /\\u[0-9a-fA-F]{4}/.test(run)) ?? [];
  for (const run of escapes) out.push(run.replace(/\\+u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  return out;
}
