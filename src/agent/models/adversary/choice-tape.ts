/**
 * The adversary's choices as a tape: every draw it makes in a conversation is
 * recorded in order, and a tape given back replays them — draw i takes the
 * tape's i-th value (folded into the draw's range, so a mutated or shifted
 * tape still replays), and the seeded generator takes over where the tape
 * ends. Without a tape the draws are exactly the seeded ones, so recording
 * changes nothing. This is what lets a search keep a trajectory and mutate it.
 */
import { rngFrom, type Rng } from '../../../harness/base/seeded-random.js';

export class ChoiceTape {
  /** The draws so far, when recording (else only their count is kept). */
  readonly draws: number[] = [];
  private count = 0;

  constructor(
    private readonly replay: readonly number[] = [],
    private readonly record = true,
  ) {}

  get length(): number {
    return this.count;
  }

  /** `fallback` answers the draws past the end of the replayed tape. */
  wrap(fallback: Rng): Rng {
    const int = (from: number, to: number): number => {
      const span = to - from + 1;
      const taped = this.replay[this.count++];
      const raw = taped === undefined ? fallback.int(from, to) - from : ((taped % span) + span) % span;
      if (this.record) this.draws.push(raw);
      return from + raw;
    };
    return rngFrom(int);
  }
}
