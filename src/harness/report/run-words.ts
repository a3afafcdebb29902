/**
 * Figures said the same way in every report, so that one report never
 * contradicts another: the run's size as cases × trials, the cost as a total
 * and per result, and whether the per-case comparison with the baseline is
 * judged at all.
 */
import type { ReportHead } from './report-types.js';

/** "355 case(s)" (or "355 results", `single`) for one trial a case; "355 cases × 3 trials (1065 results)" for more; "372 results (repeat auto)" for uneven trials. */
export function runSize(results: number, repeat: number | 'auto', single: 'case(s)' | 'results' = 'case(s)'): string {
  if (repeat === 'auto') return `${results} ${single} (repeat auto)`;
  if (repeat <= 1) return `${results} ${single}`;
  return `${Math.round(results / repeat)} cases × ${repeat} trials (${results} results)`;
}

/** What runSize says of a run: its trials per case, or `auto` when they differ from case to case. */
export function trialsOfRun(run: { repeat: number; repeat_mode?: 'auto' }): number | 'auto' {
  return run.repeat_mode === 'auto' ? 'auto' : run.repeat;
}

/** "$0.1234 total · $0.000347 per case (355)"; null when no price is known for some result. */
export function costWords(m: { numerator: number; denominator: number; value: number | null; unknown_cost_results?: number }, repeat = 1): string | null {
  if (m.unknown_cost_results || m.value === null) return null;
  const per = repeat > 1 ? 'per case trial' : 'per case';
  return `$${m.numerator.toFixed(4)} total · $${(m.denominator ? m.numerator / m.denominator : 0).toFixed(6)} ${per} (${m.denominator})`;
}

/** Per-case flips are judged only against a trusted, comparable baseline: elsewhere they make no headline. */
export function flipsJudged(head: Pick<ReportHead, 'baseline'>): boolean {
  const b = head.baseline;
  return !!b && !b.untrusted && b.not_comparable.length === 0;
}

/** Why the flips are not judged, for the line that replaces their figures. */
export function whyNotJudged(head: Pick<ReportHead, 'baseline'>): string {
  const b = head.baseline!;
  return b.untrusted ? `the baseline is not trusted (${b.untrusted})` : `the baseline is not comparable (${b.not_comparable.join('; ')})`;
}
