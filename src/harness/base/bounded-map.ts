/**
 * A Map for values derived from their key (a parsed file, a normalised text)
 * that forgets every entry once it holds `limit` of them: a cache bounded
 * without bookkeeping, where a miss only costs the work again.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

/** Texts up to this long are kept: 4,096 of them take a few MB at worst. */
const KEPT_TEXT_LENGTH = 4096;

/**
 * `derive` computed once per text while kept: the same text (a reply, a
 * document) read by several readers of one turn is derived once. Longer texts
 * are derived each time, so memory stays bounded.
 */
export function memoizeText(derive: (text: string) => string, entries = 4096): (text: string) => string {
  const kept = new BoundedMap<string, string>(entries);
  return (text) => {
    if (text.length > KEPT_TEXT_LENGTH) return derive(text);
    let out = kept.get(text);
    if (out === undefined) kept.set(text, (out = derive(text)));
    return out;
  };
}
