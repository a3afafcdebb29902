/**
 * Duplicates of a candidate among the suite, earlier generated files and the
 * batch itself. Exact: the same input. Near: the same normalised text (case,
 * width, spacing, punctuation, invisible characters and order numbers
 * ignored) made by the same strategy — two obfuscations of one phrase are two
 * tests, the same obfuscation with another order number is one.
 */
import { createHash } from 'node:crypto';

export type DuplicateKind = 'exact' | 'near';

export class DuplicateIndex {
  private readonly exact = new Map<string, string>();
  private readonly near = new Map<string, string>();
  readonly ids = new Set<string>();

  add(id: string, input: unknown, strategy: string | null): void {
    this.ids.add(id);
    this.exact.set(exactKey(input), id);
    this.near.set(nearKey(input, strategy), id);
  }

  /** The kind of duplicate and the id it duplicates, or null. */
  find(input: unknown, strategy: string | null): { kind: DuplicateKind; of: string } | null {
    const exact = this.exact.get(exactKey(input));
    if (exact) return { kind: 'exact', of: exact };
    const near = this.near.get(nearKey(input, strategy));
    return near ? { kind: 'near', of: near } : null;
  }
}

function exactKey(input: unknown): string {
  return createHash('sha1').update(JSON.stringify(input)).digest('hex');
}

function nearKey(input: unknown, strategy: string | null): string {
  return `${strategy ?? 'plain'}:${createHash('sha1').update(normalisedText(input)).digest('hex')}`;
}

/** Every string of the input, folded the way a reader would not notice. */
function normalisedText(input: unknown): string {
  const strings: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(input);
  return strings
    .join('\n')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff]/gu, '')
    .replace(/[a-z]{0,3}\d{3,}/g, '#');
}
