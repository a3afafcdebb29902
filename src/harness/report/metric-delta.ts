/**
 * Whether a metric's change against the baseline is better, worse, or within
 * noise. Rates move by whole cases, so any change counts; timings wobble from
 * run to run, so a latency change counts only when it is large both in
 * milliseconds and relative to the baseline value.
 */
import { lowerIsBetter } from '../scoring/metrics/metric-order.js';

export type DeltaDirection = 'better' | 'worse' | 'unchanged' | 'noise' | 'unknown';

/** A latency change smaller than this share of the baseline value is noise… */
const LATENCY_RELATIVE_NOISE = 0.25;
/** …and so is one smaller than this many milliseconds, whatever the share. */
const LATENCY_ABSOLUTE_NOISE_MS = 5;

export function deltaDirection(id: string, before: number | null, delta: number | null): DeltaDirection {
  if (delta === null || before === null) return 'unknown';
  if (delta === 0) return 'unchanged';
  if (id === 'latency_ms' && (Math.abs(delta) < LATENCY_ABSOLUTE_NOISE_MS || Math.abs(delta) < Math.abs(before) * LATENCY_RELATIVE_NOISE)) return 'noise';
  return (lowerIsBetter(id) ? delta < 0 : delta > 0) ? 'better' : 'worse';
}

/** "+0.05 (worse)", "+0.3 (within noise)", "0", "–". */
export function describeDelta(id: string, before: number | null, delta: number | null, format: (v: number) => string): string {
  const direction = deltaDirection(id, before, delta);
  if (direction === 'unknown') return '–';
  if (direction === 'unchanged') return '0';
  const signed = `${delta! > 0 ? '+' : ''}${format(delta!)}`;
  return `${signed} (${direction === 'noise' ? 'within noise' : direction})`;
}
