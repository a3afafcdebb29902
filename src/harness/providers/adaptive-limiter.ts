import { RateLimitWait } from '../base/errors.js';
/**
 * The pace of calls to one endpoint, adapted to its rate limit. Until the
 * first 429 nothing but max_connections holds calls back. A 429 means the
 * server's request rate was passed: every new attempt waits until its
 * Retry-After has passed, and from then on attempts are paced at 90% of the
 * rate the server was seen to accept over the last second (attempts sent and
 * not refused; a refusal comes back at once, an accepted call only after its
 * answer, so pending ones count as accepted) — multiplicative decrease. Each success raises the pace by 1/pace, about one request a
 * second more per second (additive increase: recover slowly). Only the first
 * 429 of a pace counts: the others were sent under the old pace and carry no
 * news, so a burst of 429s cannot collapse the pace. Callers that retry queue
 * here behind the pause and the pace, instead of each sleeping and firing on
 * its own, which is what turns back-off into a retry storm.
 *
 * Rate limits hold a call for at most `maxWaitMs` in all: a server's hint
 * pauses the others for no longer than that, and a waiter whose turn, under
 * the pause or the pace, would come later than its own budget allows is let
 * go at once with a RateLimitWait instead of queueing for it (the others'
 * 429s can keep extending a pause). A hint beyond that bound is a block, not
 * news about the rate, so it pauses but does not cut the pace. Waiting for a
 * free connection is not a rate-limit wait and has no bound here.
 */

export interface Slot {
  /** The pace generation the attempt was sent under. */
  readonly generation: number;
  /** Its entry in the log of attempts sent. */
  readonly sent: Sent;
  /** When the pause or the pace first held this call back; null when neither did. */
  readonly heldSince: number | null;
}

export interface AcquireOptions {
  /** When rate limits first held this call (an earlier 429 of its own): its budget started then. */
  heldSince?: number | null;
  /** Gives up the wait (the run is stopping). */
  signal?: AbortSignal;
}

export interface LimiterStats {
  /** 429 replies seen. */
  rateLimited: number;
  /** Times the pace was cut. */
  decreases: number;
  /** Requests a second allowed now; null while unpaced (no 429 yet). */
  pace: number | null;
  /** Lowest pace reached; null when never paced. */
  minPace: number | null;
}

const DECREASE = 0.9;
const MEASURE_MS = 1000;
/** Shortest window the accepted rate is measured over, early in a run. */
const MIN_MEASURE_MS = 250;
const MIN_PACE = 0.2;

interface Waiter {
  heldSince: number | null;
  grant(): void;
  reject(error: unknown): void;
}

interface Sent {
  at: number;
  /** When its reply came; null while pending. */
  done: number | null;
  refused: boolean;
}

export class AdaptiveLimiter {
  private inFlight = 0;
  private generation = 0;
  private pace = Infinity;
  private nextSend = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly waiting: Waiter[] = [];
  private readonly sent: Sent[] = [];
  private firstSent = 0;
  private readonly counters = { rateLimited: 0, decreases: 0, minPace: Infinity };

  constructor(
    readonly max: number,
    readonly maxWaitMs = Infinity,
  ) {}

  /** Waits for a free connection, the end of any rate-limit pause and the pace. */
  acquire(options: AcquireOptions = {}): Promise<Slot> {
    const { signal } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => this.drop(waiter, signal?.reason);
      const waiter: Waiter = {
        heldSince: options.heldSince ?? null,
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          const sent: Sent = { at: Date.now(), done: null, refused: false };
          this.firstSent ||= sent.at;
          this.sent.push(sent);
          resolve({ generation: this.generation, sent, heldSince: waiter.heldSince });
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
      this.dispatch();
    });
  }

  /** A reply arrived (or the attempt failed in some other way): the connection is free. */
  release(slot: Slot, outcome: 'ok' | 'rate_limited' | 'other', retryAfterMs = 0): void {
    this.inFlight -= 1;
    const now = Date.now();
    slot.sent.done = now;
    // Entries stay while pending and for a measuring window after their reply.
    if (this.sent.length > 8192 || (this.sent[0]?.done ?? now) < now - MEASURE_MS) {
      const keep = this.sent.filter((s) => s.done === null || s.done >= now - MEASURE_MS);
      this.sent.splice(0, this.sent.length, ...keep);
    }
    if (outcome === 'ok' && Number.isFinite(this.pace)) this.pace += 1 / this.pace;
    if (outcome === 'rate_limited') {
      slot.sent.refused = true;
      this.counters.rateLimited += 1;
      if (slot.generation === this.generation && retryAfterMs <= this.maxWaitMs) {
        const span = Math.min(MEASURE_MS, Math.max(MIN_MEASURE_MS, now - this.firstSent));
        const accepted = this.sent.filter((s) => !s.refused && (s.done === null || s.done > now - span)).length;
        this.pace = Math.max(MIN_PACE, Math.min(this.pace, (accepted * 1000) / span) * DECREASE);
        this.generation += 1;
        this.counters.decreases += 1;
        this.counters.minPace = Math.min(this.counters.minPace, this.pace);
      }
      this.pausedUntil = Math.max(this.pausedUntil, now + Math.min(retryAfterMs, this.maxWaitMs));
    }
    this.dispatch();
  }

  stats(): LimiterStats {
    const round = (v: number) => (Number.isFinite(v) ? Math.round(v * 10) / 10 : null);
    return { rateLimited: this.counters.rateLimited, decreases: this.counters.decreases, pace: round(this.pace), minPace: round(this.counters.minPace) };
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && this.inFlight < this.max) {
      const now = Date.now();
      const at = Math.max(this.pausedUntil, Number.isFinite(this.pace) ? this.nextSend : 0);
      if (at > now) {
        this.letGoOverBudget(now, at);
        if (this.waiting.length > 0) this.wake(at - now);
        return;
      }
      this.nextSend = Math.max(now, this.nextSend) + (Number.isFinite(this.pace) ? 1000 / this.pace : 0);
      this.inFlight += 1;
      this.waiting.shift()!.grant();
    }
  }

  /** No waiter gets its turn before `at` (the head's): those whose budget ends sooner stop waiting. */
  private letGoOverBudget(now: number, at: number): void {
    for (const waiter of [...this.waiting]) {
      waiter.heldSince ??= now;
      if (at - waiter.heldSince > this.maxWaitMs) this.drop(waiter, new RateLimitWait(at - waiter.heldSince));
    }
  }

  private drop(waiter: Waiter, error: unknown): void {
    const index = this.waiting.indexOf(waiter);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    waiter.reject(error);
  }

  private wake(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.dispatch();
    }, ms);
  }
}
