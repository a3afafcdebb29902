/**
 * The one form in which the reply guard reads a reply: whatever letters a
 * model chose (full-width, traditional script, look-alikes, zero-width
 * splits, spaced-out characters), the clause it reads is the same. Case is
 * kept (order references are upper case); the lexicon matches ignoring case.
 */
import { plainLetters } from '../untrusted-text-forms.js';

/** Zero-width spaces and joiners, soft hyphens, bidi controls, variation selectors: invisible, and able to split a word. */
// Enclosing marks too (the keycap of 1⃣): drawn around a character, they leave it what it was.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Me}]/gu;
/** Single characters joined by one mark (退-款-成-功, R-E-F-U-N-D-E-D, 退/款/成/功): a word split to slip past a word list. */
const MARKED_LETTERS = /(?<![\p{L}\p{N}])(?:[\p{L}\p{N}]([-/_|*~·])){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu;
/** Single letters or digits spaced out ("r e f u n d", "O 4 5 6"): a word or an order reference split to slip past a reader. */
const SPACED_LETTERS = /(?<![A-Za-z0-9])(?:[A-Za-z0-9][ \t]){1,}[A-Za-z0-9](?![A-Za-z0-9])/g;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

/** Marks on Latin letters dropped (effectué, Rückerstattung, kuǎn): the lexicon's words in other Latin-script languages are written plain. */
function withoutLatinAccents(text: string): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/(?<=[A-Za-z])\p{Mn}+/gu, '')
    .normalize('NFC');
}

export function readingForm(text: string): string {
  const plain = withoutLatinAccents(plainLetters(text.replace(INVISIBLE, '')))
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”„]/g, '"');
  return (
    plain
      .replace(MARKED_LETTERS, (run, mark: string) => (run.split(mark).every((c) => [...c].length === 1) ? run.split(mark).join('') : run))
      .replace(SPACED_LETTERS, (run) => run.replace(/[ \t]/g, ''))
      // A space stays only between two Latin words or numbers: 退 款 已 成 功 is 退款已成功.
      .replace(/\s+/g, (gap, at: number, all: string) =>
        gap.includes('\n') ? '\n' : LATIN_OR_DIGIT.test(all[at - 1] ?? '') && LATIN_OR_DIGIT.test(all[at + gap.length] ?? '') ? ' ' : '',
      )
  );
}
