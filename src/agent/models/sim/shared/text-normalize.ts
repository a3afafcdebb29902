/**
 * Matching form of customer text for the sim provider: attackers defeat exact
 * phrase lists with full-width letters, inserted spaces or symbols, case and
 * traditional characters, so every detector matches on this form instead.
 * Each character of the matching form remembers where it came from, so that a
 * match can be cut out of the original text without touching anything else.
 */

import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
let converter: ((text: string) => string) | undefined;
const convert = (text: string) => (converter ??= (load('opencc-js/t2cn') as typeof import('opencc-js/t2cn')).Converter({ from: 'tw', to: 'cn' }))(text);
/** Per character: whether conversion changes it. Bounded like FOLDED below. */
const TRADITIONAL_CHAR = new Map<string, boolean>();

/**
 * Customer text with traditional characters read as simplified ("幾天能到", "退款進度"), everything else as
 * written: the intent and issue tables are written once, in simplified Chinese. Converting costs tens of
 * microseconds a text, so a text is converted only when one of its characters is traditional (known per
 * character after its first sight).
 */
export function simplifiedChinese(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // The CJK blocks where traditional forms live (unified ideographs, extension A, compatibility ideographs).
    if (code < 0x3400 || (code > 0x9fff && (code < 0xf900 || code > 0xfaff))) continue;
    const char = text[i]!;
    let traditional = TRADITIONAL_CHAR.get(char);
    if (traditional === undefined) {
      traditional = convert(char) !== char;
      if (TRADITIONAL_CHAR.size < MAX_TRADITIONAL) TRADITIONAL_CHAR.set(char, traditional);
    }
    if (traditional) return convert(text);
  }
  return text;
}
const MAX_TRADITIONAL = 1 << 16;

/** Traditional → simplified for the characters of attack phrases and common order talk. */
const TRADITIONAL_PAIRS =
  '規规則则統统記记錄录繞绕過过驗验臺台調调員员發发詞词給给們们從从現现這这認认權权輸输隱隐誌志務务訂订單单貨货還还沒没說说請请讓让開开關关後后為为麼么與与對对錢钱賠赔償偿號号碼码買买賣卖東东氣气時时間间個个經经處处執执樣样應应該该種种視视導导選选擇择條条啟启換换壞坏質质態态體体際际戶户帳账額额補补僅仅實实題题問问於于聯联繫系層层級级歷历據据誤误護护網网絡络異异傳传準准審审確确並并顯显動动幫帮寫写斷断誰谁錯错領领內内風风險险邏逻輯辑幣币銀银證证嗎吗議议';
const TRADITIONAL = new Map<string, string>();
for (let i = 0; i < TRADITIONAL_PAIRS.length; i += 2) TRADITIONAL.set(TRADITIONAL_PAIRS[i]!, TRADITIONAL_PAIRS[i + 1]!);

/** Characters dropped from the matching form: separators attackers insert between characters. */
const SKIPPED = /[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/u;

export interface MatchingText {
  /** Lower-case, NFKC-folded, simplified, without spaces, punctuation or symbols (except `_`). */
  text: string;
  /** origin[i] is the index in the source string of matching character i. */
  origin: number[];
}

/**
 * Folding is a pure function of one character, so each distinct character is
 * folded once per process; customer text repeats a small alphabet, and the
 * Unicode work (NFKC, case, the skip test) dominated the sim's time otherwise.
 * Bounded, so that text made of endless distinct characters cannot grow it.
 */
const FOLDED = new Map<string, string>();
const MAX_FOLDED = 1 << 16;

function fold(char: string): string {
  let folded = FOLDED.get(char);
  if (folded !== undefined) return folded;
  folded = '';
  for (const c of char.normalize('NFKC').toLowerCase()) {
    if (c !== '_' && SKIPPED.test(c)) continue;
    folded += TRADITIONAL.get(c) ?? c;
  }
  if (FOLDED.size < MAX_FOLDED) FOLDED.set(char, folded);
  return folded;
}

export function toMatchingText(source: string): MatchingText {
  let text = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of source) {
    const folded = fold(char);
    // One origin per UTF-16 unit of the matching text, as regex indices count them;
    // NFKC may turn one character into several (㎏ → kg), each mapping back to it.
    for (let i = 0; i < folded.length; i++) origin.push(index);
    text += folded;
    index += char.length;
  }
  return { text, origin };
}

let last: { source: string; matching: MatchingText } | undefined;

/**
 * toMatchingText of the text asked about last, kept: each untrusted text is scanned for anchored attacks and then
 * for unanchored ones, one after the other, and folding it is a good part of either scan.
 */
export function lastMatchingText(source: string): MatchingText {
  if (last?.source !== source) last = { source, matching: toMatchingText(source) };
  return last.matching;
}

/** The matching form alone, for comparisons that need no way back. */
export function matchingForm(source: string): string {
  return toMatchingText(source).text;
}

/** A [start, end) range of the matching text mapped back to the source string. */
export function sourceSpan(m: MatchingText, start: number, end: number, source: string): [number, number] {
  if (end <= start) return [0, 0];
  const from = m.origin[start]!;
  const lastOrigin = m.origin[end - 1]!;
  // include the whole code point (surrogate pairs) of the last character
  const lastLength = (source.codePointAt(lastOrigin) ?? 0) > 0xffff ? 2 : 1;
  return [from, lastOrigin + lastLength];
}
