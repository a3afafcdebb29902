/**
 * The form in which the program reads a user's answer to a confirmation
 * question: full-width and compatibility forms folded (NFKC), lower case,
 * traditional characters as simplified, invisible format characters dropped.
 * Punctuation stays: a question mark or an ellipsis changes what a "好" means.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
let converter: ((text: string) => string) | undefined;
// The dictionary takes a moment to load: only an answer with Chinese characters pays for it.
const toSimplified = (text: string) => (converter ??= (load('opencc-js/t2cn') as typeof import('opencc-js/t2cn')).Converter({ from: 'tw', to: 'cn' }))(text);

const HAN = /\p{Script=Han}/u;
const FORMAT = /\p{Cf}/gu;

export function answerForm(text: string): string {
  // A typographic apostrophe is the plain one: "don’t" is "don't".
  const folded = text.normalize('NFKC').replace(FORMAT, '').replace(/[‘’ʼ]/gu, "'").toLowerCase().trim();
  return HAN.test(folded) ? toSimplified(folded) : folded;
}

/** Letters that only look Latin (Cyrillic, Greek): an answer written with them is not plainly anything. */
export const LOOKALIKE_LETTERS = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
