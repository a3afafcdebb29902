/**
 * The adaptive part of bench:guards: an elite pool of the trajectories that
 * got furthest (by progress score), and mutations of their choice tapes. A
 * mutation changes a few draws (the rest replay as recorded), or cuts the
 * tape short so that the seeded choices take over from there; the result is
 * run and, if it got at least as far as the weakest of the pool, kept.
 * Deterministic for a given search seed: the same seed keeps and mutates the
 * same trajectories in the same order.
 */
import { seededRng, type Rng } from '../../src/harness/base/seeded-random.js';
import type { AdversaryMode } from '../../src/agent/models/adversary/adversary-provider.js';

export interface Trajectory {
  /** Index of the scenario in the bench's list. */
  scenario: number;
  mode: AdversaryMode;
  seed: number;
  /** The recorded draws: replaying them gives this trajectory again. */
  tape: readonly number[];
  score: number;
  /** The search step that made it by mutation, if it is a mutant. */
  parent?: number;
}

/** Draw values a mutation writes: any of them folds into any draw's range. */
const RAW_SPAN = 10_000;

export class ElitePool {
  readonly members: Trajectory[] = [];

  /**
   * `perScenario`: the most members one scenario may hold, so that one
   * scenario that broke through does not crowd out every other line of attack.
   */
  constructor(
    readonly capacity: number,
    readonly perScenario = Math.max(1, Math.ceil(capacity / 8)),
  ) {}

  /**
   * Keeps `t` if there is room, else if it scores at least the weakest member
   * it may replace: of its own scenario once that scenario holds its share,
   * else of the whole pool.
   */
  offer(t: Trajectory): boolean {
    if (t.tape.length === 0) return false;
    const own = this.members.filter((m) => m.scenario === t.scenario);
    const rivals = own.length >= this.perScenario ? own : this.members.length >= this.capacity ? this.members : null;
    if (!rivals) {
      this.members.push(t);
      return true;
    }
    const weakest = rivals.reduce((w, m) => (m.score < w.score ? m : w));
    if (t.score < weakest.score) return false;
    this.members[this.members.indexOf(weakest)] = t;
    return true;
  }

  /** A parent for the next mutation: the better half of the pool is twice as likely. */
  pick(rng: Rng): Trajectory {
    const sorted = [...this.members].sort((a, b) => b.score - a.score);
    const half = Math.max(1, Math.ceil(sorted.length / 2));
    return rng.chance(2 / 3) ? sorted[rng.int(0, half - 1)]! : rng.pick(sorted);
  }
}

/** A mutated copy of a tape: 1–3 draws changed, or the tape cut at a random point. */
export function mutateTape(tape: readonly number[], rng: Rng): number[] {
  const out = [...tape];
  if (out.length > 1 && rng.chance(0.2)) return out.slice(0, rng.int(1, out.length - 1));
  for (let n = rng.int(1, 3); n > 0; n--) out[rng.int(0, out.length - 1)] = rng.int(0, RAW_SPAN - 1);
  return out;
}

/** The search's own randomness: one generator per step, from the search seed. */
function searchRng(seed: number, step: number): Rng {
  return seededRng(seed, 'adaptive-search', step);
}

/** What a search step runs: one trajectory (scenario, mode, seed, tape to replay), scored, its own tape recorded. */
export type RunChild = (child: Omit<Trajectory, 'score' | 'parent'>) => Promise<{ score: number; tape: readonly number[] }>;

/**
 * One step of the search: a parent from the pool, its tape mutated, the child
 * run and offered to the pool. Returns the child as it ran and whether it was kept.
 */
export async function adaptiveStep(
  pool: ElitePool,
  searchSeed: number,
  step: number,
  run: RunChild,
): Promise<{ parent: Trajectory; child: Trajectory; kept: boolean }> {
  const rng = searchRng(searchSeed, step);
  const parent = pool.pick(rng);
  const tape = mutateTape(parent.tape, rng);
  const result = await run({ scenario: parent.scenario, mode: parent.mode, seed: parent.seed, tape });
  const child: Trajectory = { scenario: parent.scenario, mode: parent.mode, seed: parent.seed, tape: result.tape, score: result.score, parent: step };
  return { parent, child, kept: pool.offer(child) };
}
