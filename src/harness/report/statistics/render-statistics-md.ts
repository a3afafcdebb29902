/**
 * The lines report.md gives to chance: the gate mode, the paired test in one
 * line, stable regressions, flaky cases with their pass rates, and the power
 * note. Compact on purpose (report.md has a size budget); report.json has the
 * full lists.
 */
import { idLines } from '../report-md-review.js';
import type { GateVerdict } from '../gate.js';
import { describeCounts, formatP } from './paired-gate.js';
import type { RunStatistics } from './run-statistics.js';

export function modeLine(s: RunStatistics): string {
  const rules =
    s.mode === 'exact'
      ? 'every flip and every threshold crossing counts'
      : 'thresholds judged on their intervals, flips on the paired test and stable regressions';
  return `Gate mode: **${s.mode}** (${s.mode_reason}): ${rules}. Intervals: ${s.interval_method}.`;
}

export function withinNoiseLines(gate: GateVerdict): string[] {
  if (!gate.within_noise.length) return [];
  return ['**Within noise** (not failed):', '', ...gate.within_noise.map((m) => `- ${m}`), ''];
}

/** `judged`: the baseline is trusted and comparable, so the gate acts on the comparison. */
export function pairedLines(s: RunStatistics, judged: boolean): string[] {
  const out: string[] = [];
  const p = s.paired;
  if (p && judged && s.mode === 'statistical')
    out.push('On a stochastic model single flips are expected: the paired test and the stable regressions decide, not the lists of flips above.', '');
  if (p) {
    const o = p.overall;
    const drops = Object.entries(p.by_module).filter(([, g]) => g.significant);
    const verdict = o.significant ? '**significant drop**' : 'no significant drop';
    out.push(
      `Paired test (${p.description}, α ${p.alpha}): ${describeCounts(o)} → p = ${formatP(o.p_adjusted)}, ${verdict} overall` +
        (drops.length
          ? `; **significant drop** in ${drops.map(([m, g]) => `${m} (${g.worse} worse, ${g.better} better, p = ${formatP(g.p_adjusted)})`).join(', ')}`
          : '') +
        `${!judged ? ' (information only: the baseline is not judged)' : s.mode === 'exact' ? ' (information only in exact mode)' : ''}.`,
      '',
    );
  }
  if (s.stable_regression_count) {
    out.push(
      `**Stable regressions (${s.stable_regression_count})** (passed every baseline trial, fail every trial now)`,
      '',
      ...idLines(s.stable_regressions, s.stable_regression_count),
      '',
    );
  }
  if (s.flaky_count) {
    const rates = new Map(s.flaky.map((f) => [f.id, `${f.baseline ? `${f.baseline.passed}/${f.baseline.n} → ` : ''}${f.current.passed}/${f.current.n}`]));
    out.push(
      `**Flaky (${s.flaky_count})** (verdict differs between trials, pass rate baseline → now; their flips alone do not fail the gate)`,
      '',
      ...idLines(
        s.flaky.map((f) => f.id),
        s.flaky_count,
        rates,
      ),
      '',
    );
  }
  return out;
}

export function powerLines(s: RunStatistics): string[] {
  const note = s.power;
  if (!note) return [];
  const o = note.overall;
  const parts = [
    `Power: with ${note.repeat} trial(s) per case, a drop in pass rate smaller than ${o.detectable_drop} over the whole suite (${o.cases} cases) may go unnoticed (${note.power * 100}% power, α ${s.alpha}).`,
  ];
  const weak = note.underpowered.filter((g) => g.group !== 'overall').slice(0, 6);
  if (weak.length) {
    parts.push(
      `Too small to detect a ${note.target} drop: ${weak.map((g) => `${g.group} (${g.cases} cases, detects ${g.detectable_drop}; ${g.repeat_needed ? `--repeat ${g.repeat_needed} would` : 'needs more cases'})`).join(', ')}${note.underpowered.length > weak.length + 1 ? ', …' : ''}.`,
    );
  }
  if (note.single_trial)
    parts.push('With one trial a flip cannot be told from noise, so every passed → failed flip counts as a stable regression: use --repeat 3 or more.');
  return [parts.join(' '), ''];
}
