import { describe, expect, it } from 'vitest';
import { BoundedMap, memoizeText } from '../../../src/harness/base/bounded-map.js';

describe('BoundedMap', () => {
  it('keeps up to its limit, then forgets everything before taking a new key', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect([...m.keys()]).toEqual(['a', 'b']);
    m.set('c', 3);
    expect([...m.entries()]).toEqual([['c', 3]]);
  });

  it('a key it holds is replaced in place, even when full', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 9);
    expect([...m.entries()]).toEqual([
      ['a', 9],
      ['b', 2],
    ]);
  });
});

describe('memoizeText', () => {
  it('derives a text once while it is kept, and a long text every time', () => {
    const seen: string[] = [];
    const upper = memoizeText((t) => {
      seen.push(t);
      return t.toUpperCase();
    }, 2);
    const long = 'x'.repeat(5000);
    expect([upper('a'), upper('a'), upper(long), upper(long)]).toEqual(['A', 'A', long.toUpperCase(), long.toUpperCase()]);
    expect(seen).toEqual(['a', long, long]);
    // Full at two: a third text forgets the first, which is derived again.
    upper('b');
    upper('c');
    upper('a');
    expect(seen.slice(3)).toEqual(['b', 'c', 'a']);
  });
});
