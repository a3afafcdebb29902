/**
 * Reproducible randomness for the strategies: one generator per candidate,
 * derived from the run's `--seed` and the candidate's own identity (strategy,
 * source case, index), so a case comes out the same whatever else the run
 * generated around it.
 */
import { createHash } from 'node:crypto';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Rng {
  /** An integer in [from, to]. */
  int(from: number, to: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRng(seed: number, ...salt: (string | number)[]): Rng {
  const digest = createHash('sha256')
    .update(JSON.stringify([seed, ...salt]))
    .digest();
  const generator = xoroshiro128plus(digest.readInt32LE(0));
  return rngFrom((from, to) => uniformInt(generator, from, to));
}

/** An Rng whose every draw goes through `int`: picks and chances are integer draws too (a recorded tape sees them all). */
export function rngFrom(int: (from: number, to: number) => number): Rng {
  return {
    int,
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
    chance: (p) => int(0, 9_999) < p * 10_000,
  };
}

/** A fresh seed for a run that was given none (printed, so the run can be repeated). */
export function newSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
