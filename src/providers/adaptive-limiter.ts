/**
 * Calls in flight to one endpoint, adapted to its rate limit (AIMD, as TCP
 * does with its congestion window): a 429 shrinks the window by a quarter and
 * pauses every new attempt until its Retry-After has passed; each success
 * grows the window by 1/window, so a full window of successes adds one slot.
 * Only the first 429 of a window counts: the others were sent under the old
 * window and carry no new information, so a burst of 429s cannot collapse the
 * window to 1. Retrying callers queue here behind the pause instead of each
 * sleeping and firing on its own, which is what turns back-off into a storm.
 */

export interface Slot {
  /** The window generation the attempt was sent under. */
  readonly generation: number;
}

export interface LimiterStats {
  /** 429 replies seen. */
  rateLimited: number;
  /** Times the window was cut. */
  decreases: number;
  /** Smallest whole window reached. */
  minWindow: number;
  /** Whole window now. */
  window: number;
}

const DECREASE = 0.75;

export class AdaptiveLimiter {
  private window: number;
  private inFlight = 0;
  private generation = 0;
  private pausedUntil = 0;
  private pauseTimer: NodeJS.Timeout | null = null;
  private readonly waiting: (() => void)[] = [];
  private readonly counters = { rateLimited: 0, decreases: 0, minWindow: 0 };

  constructor(readonly max: number) {
    this.window = max;
    this.counters.minWindow = max;
  }

  /** Waits for a free slot and for any rate-limit pause to end. */
  acquire(): Promise<Slot> {
    return new Promise((resolve) => {
      this.waiting.push(() => resolve({ generation: this.generation }));
      this.dispatch();
    });
  }

  /** A reply arrived (or the attempt failed in some other way): the slot is free. */
  release(slot: Slot, outcome: 'ok' | 'rate_limited' | 'other', retryAfterMs = 0): void {
    this.inFlight -= 1;
    if (outcome === 'ok') this.window = Math.min(this.max, this.window + 1 / this.window);
    if (outcome === 'rate_limited') {
      this.counters.rateLimited += 1;
      if (slot.generation === this.generation) {
        this.window = Math.max(1, this.window * DECREASE);
        this.generation += 1;
        this.counters.decreases += 1;
        this.counters.minWindow = Math.min(this.counters.minWindow, Math.floor(this.window));
      }
      this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryAfterMs);
    }
    this.dispatch();
  }

  stats(): LimiterStats {
    return { ...this.counters, window: Math.floor(this.window) };
  }

  private dispatch(): void {
    const wait = this.pausedUntil - Date.now();
    if (wait > 0) {
      if (!this.pauseTimer) {
        this.pauseTimer = setTimeout(() => {
          this.pauseTimer = null;
          this.dispatch();
        }, wait);
      }
      return;
    }
    while (this.waiting.length > 0 && this.inFlight < Math.floor(this.window)) {
      this.inFlight += 1;
      this.waiting.shift()!();
    }
  }
}
