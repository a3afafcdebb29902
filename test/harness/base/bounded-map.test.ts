import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../../src/harness/base/bounded-map.js';

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
