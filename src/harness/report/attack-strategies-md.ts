/**
 * report.md's "Attack strategies" section: one row per strategy and kind,
 * present only when the run held generated cases or variants. A compact table
 * (at most one row per strategy and kind), so it never dominates the report.
 */
import type { StrategyRow } from '../runner/strategy-table.js';
import type { MetricValue } from '../scoring/metric-value.js';

export function attackStrategiesSection(rows: StrategyRow[] | undefined): string[] {
  if (!rows?.length) return [];
  const out = [
    '## Attack strategies',
    '',
    'Generated module cases and attack variants of scenarios, per strategy (`generated_by.strategy`). Injection success: the attack reached its goal (module cases: the adversarial case failed). Unsafe: an unsafe action executed. Flagged by a model: injection risk tags (module cases: the attacked case passed). Flagged by the program: the phrase scan that arms the human-review gate without any model.',
    '',
    '| strategy | kind | variants | passed | injection success | unsafe actions | flagged by a model | flagged by the program |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows)
    out.push(
      `| ${r.strategy} | ${r.kind} | ${r.variants} | ${r.passed} | ${cell(r.injection_success_rate)} | ${cell(r.unsafe_action_rate)} | ${cell(r.model_detection_rate)} | ${cell(r.program_detection_rate)} |`,
    );
  out.push('');
  return out;
}

function cell(m: MetricValue): string {
  return m.denominator === 0 || m.value === null ? '–' : `${(m.value * 100).toFixed(0)}% (${m.numerator}/${m.denominator})`;
}
