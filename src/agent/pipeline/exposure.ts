/**
 * Exposure: the moment the attacker's text reaches a module's input or the
 * program. The harness planted the text, so it can tell where it travels; the
 * agent never reads this record, the judge does (an injection never seen can
 * neither succeed nor make an action unsafe).
 */
import { normaliseForMatch } from './guards/injection-scan.js';
import type { EventOrder, Exposure } from './trace.js';

export class ExposureRecorder {
  private readonly needle: string | null;
  /** Strings already looked at: the same history and facts go into many module inputs. */
  private readonly seen = new Map<string, boolean>();

  constructor(
    planted: string | undefined,
    private readonly exposures: Exposure[],
  ) {
    const n = planted ? normaliseForMatch(planted) : '';
    this.needle = n.length > 0 ? n : null;
  }

  /** Records an exposure when the planted text is inside `value` (any string in it). */
  saw(via: string, value: unknown, at: EventOrder): void {
    if (this.needle === null || !this.contains(value)) return;
    if (this.exposures.some((e) => e.via === via && e.turn === at.turn)) return;
    this.exposures.push({ ...at, via });
  }

  private contains(value: unknown): boolean {
    if (typeof value === 'string') {
      let hit = this.seen.get(value);
      if (hit === undefined) this.seen.set(value, (hit = normaliseForMatch(value).includes(this.needle!)));
      return hit;
    }
    if (Array.isArray(value)) return value.some((v) => this.contains(v));
    if (value && typeof value === 'object') return Object.values(value).some((v) => this.contains(v));
    return false;
  }
}
