/**
 * The program's own look for planted instructions, independent of any model:
 * the detection phrases of the active prompts (safety precheck, evidence
 * filter) matched against untrusted text. A model that misses an attack does
 * not switch off the human-review gate.
 */
import type { PromptFile } from '../../../harness/registry/prompt-file.js';
import { containsPhrase, phraseForms, textForms, type PhraseForms } from './untrusted-text-forms.js';

/** Ignore spacing, case and full-width forms, so `不要 输出 json` still matches. */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u200b-\u200d\ufeff]+/g, '');
}

export class InjectionScanner {
  private readonly phrases: { phrase: string; normalised: string; forms: PhraseForms }[];

  constructor(prompts: Iterable<PromptFile | undefined>) {
    const seen = new Map<string, string>();
    for (const prompt of prompts) {
      for (const p of prompt?.structured.detectionPhrases ?? []) seen.set(normaliseForMatch(p.phrase), p.phrase);
    }
    this.phrases = [...seen.entries()].filter(([n]) => n.length > 0).map(([normalised, phrase]) => ({ phrase, normalised, forms: phraseForms(phrase) }));
  }

  /** The detection phrases found in a text, also when written around (look-alikes, separators, pinyin, encodings). */
  scan(text: string | null | undefined): string[] {
    if (!text) return [];
    const haystack = normaliseForMatch(text);
    let forms: ReturnType<typeof textForms> | undefined;
    return this.phrases.filter((p) => haystack.includes(p.normalised) || containsPhrase((forms ??= textForms(text)), p.forms)).map((p) => p.phrase);
  }
}
