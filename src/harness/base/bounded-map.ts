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
