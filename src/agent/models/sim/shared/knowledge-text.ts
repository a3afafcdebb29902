/**
 * Text helpers the retrieval and memory sims share: what a passage is about
 * (character bigrams and words, without function words), and the orders that
 * untrusted data carries and the reference profile never follows.
 */

/** Orders planted in a question, a document or a message: the reference profile reads them as data. */
export const EMBEDDED_ORDER =
  /忽略(?:之前|以上|上面|前面)?的?(?:所有)?(?:规则|指令|要求|指示)|ignore (?:all |the )?(?:previous |above |prior )?(?:instructions|rules)|(?:标记|判定|视为|认定)(?:为|成)?(?:证据)?(?:充分|sufficient)|mark (?:it|this|the evidence) (?:as )?sufficient|(?:只|直接|请)?(?:回答|回复|输出|答)\s*(?:ALLOW|BLOCK)|(?:reply|answer|respond|output)(?: only)?(?: with)? (?:ALLOW|BLOCK)|system prompt|系统提示词|(?:返回|输出|return|use|选择|选)\s*(?:文档|document)?\s*(?:id|ID)?\s*[:：=]?\s*(?:doc|mem)[-_][\w-]+|duplicate_of/i;

/** The sentence (or clause) of `text` holding an embedded order, for the gullible profile to obey. */
export function embeddedOrder(text: string): string | null {
  return sentences(text).find((s) => EMBEDDED_ORDER.test(s)) ?? null;
}

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;\n])|(?<=\.)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const FUNCTION_CHARS =
  /[的了吗呢吧啊么是在我你他她它们这那哪些什怎如何多少能否可以请问一下还有和与及并且或者就都也要对把被给让从为个谁几，。！？、；：“”‘’（）()《》\s,.!?;:'"-]/g;
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'is',
  'are',
  'of',
  'to',
  'in',
  'on',
  'and',
  'or',
  'for',
  'what',
  'how',
  'can',
  'i',
  'my',
  'do',
  'does',
  'it',
  'be',
  'with',
  'this',
  'that',
  'long',
  'much',
  'many',
  'when',
  'where',
  'why',
  'who',
  'which',
  'will',
  'would',
  'should',
  'there',
  'any',
]);

/** refunds → refund, takes → take: enough stemming for a question and its evidence to meet. */
const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?<=[a-z]{3})(?:es|s|ed|ing)$/, '');

/** What a text is about: CJK character bigrams (function characters removed) and Latin words. */
export function termsOf(text: string): Set<string> {
  const lower = text.toLowerCase();
  const out = new Set<string>();
  for (const w of lower.match(/[a-z0-9]{2,}/g) ?? []) if (!STOP_WORDS.has(w)) out.add(stem(w));
  for (const run of lower
    .replace(/[a-z0-9]+/g, ' ')
    .replace(FUNCTION_CHARS, ' ')
    .split(/\s+/)) {
    const chars = [...run];
    if (chars.length === 1) out.add(run);
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** The share of `about`'s terms that `text` contains: 1 when every term is there. */
export function coverage(about: string, text: string): number {
  const wanted = termsOf(about);
  if (wanted.size === 0) return 0;
  const have = termsOf(text);
  let n = 0;
  for (const t of wanted) if (have.has(t)) n += 1;
  return n / wanted.size;
}

/** A question's separate parts: "A？B？" or "A，以及 B" are two things to find evidence for. */
export function questionParts(question: string): string[] {
  return question
    .split(/[？?；;]|(?:，|,)?\s*(?:以及|还有|另外|并且|同时|and also|also)\s*/)
    .map((p) => p.trim())
    .filter((p) => termsOf(p).size > 0);
}

export function clip(text: string, max: number): string {
  return [...text].slice(0, max).join('');
}
