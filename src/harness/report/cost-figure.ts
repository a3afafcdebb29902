/**
 * The cost figure of a report in words, the same in report.md, report.html
 * and the terminal: the total, the cached share of the input tokens, or why
 * it is unknown (no price, or cached input with no cached rate to price it at).
 */
import type { MetricValue } from '../scoring/metric-value.js';
import { costWords } from './run-words.js';

/** `repeat`: trials per case, so that the per-result figure is named per case trial. */
export function costFigure(m: MetricValue, repeat = 1): string {
  const unknown = Number(m.unknown_cost_results ?? 0);
  const cachedRateMissing = Number(m.unknown_cached_rate_results ?? 0);
  const cached = Number(m.cached_input_tokens ?? 0);
  const tokens = cached > 0 ? `; input ${Number(m.input_tokens ?? 0)} tokens, ${cached} of them from the prompt cache` : '';
  if (cachedRateMissing) return `unknown: ${cachedRateMissing} result(s) read cached input and the model's price has no \`cached_input_per_mtok\`${tokens}`;
  if (unknown) return `unknown: the model has no price in \`prices\` (${unknown} results)`;
  return `${costWords({ ...m, value: m.value ?? null }, repeat) ?? 'unknown'}${cached > 0 ? `${tokens} (at the cached rate)` : ''}`;
}
