/**
 * What the baseline comparison fails the gate on in statistical mode: a
 * stable regression (passed every baseline trial, fails every trial now),
 * always named; and a drop the paired test finds significant, overall or in a
 * module. Flaky cases flipping fail nothing by themselves.
 */
import type { PairedGroup } from './paired-comparison.js';
import type { RunStatistics } from './run-statistics.js';

/** A gate check, in the shape gate.ts folds into its verdict. */
export interface PairedCheck {
  id: 'stable_regressions' | 'paired_drop' | 'paired_test';
  passed: boolean;
  reason: string;
  value: number;
  threshold: { max: number };
}

/** Enough ids in a one-line reason; report.json has the full list. */
const NAMED_IN_REASON = 20;

export function pairedChecks(
  statistics: Pick<RunStatistics, 'paired' | 'stable_regressions' | 'stable_regression_count'>,
  maxNewFailures: number,
): PairedCheck[] {
  const count = statistics.stable_regression_count;
  const named = statistics.stable_regressions.slice(0, NAMED_IN_REASON).join(', ');
  const more = count > NAMED_IN_REASON ? ` … and ${count - NAMED_IN_REASON} more` : '';
  const checks: PairedCheck[] = [
    {
      id: 'stable_regressions',
      passed: count <= maxNewFailures,
      reason: `${count} stable regression(s): passed every baseline trial, fail every trial now (at most ${maxNewFailures} allowed)${count ? `: ${named}${more}` : ''}`,
      value: count,
      threshold: { max: maxNewFailures },
    },
  ];
  const paired = statistics.paired;
  if (!paired) return checks;
  const groups: [string, PairedGroup][] = [['overall', paired.overall], ...Object.entries(paired.by_module)];
  const drops = groups.filter(([, g]) => g.significant);
  for (const [name, g] of drops) {
    checks.push({
      id: 'paired_drop',
      passed: false,
      reason: `significant drop ${name === 'overall' ? 'over the whole suite' : `in ${name}`}: ${describeCounts(g)}, p = ${formatP(g.p_adjusted)} < ${paired.alpha} (${paired.description})`,
      value: g.p_adjusted,
      threshold: { max: paired.alpha },
    });
  }
  if (!drops.length) {
    const o = paired.overall;
    checks.push({
      id: 'paired_test',
      passed: true,
      reason: `no significant drop overall or in any module: ${describeCounts(o)}, p = ${formatP(o.p_adjusted)} (${paired.description})`,
      value: o.p_adjusted,
      threshold: { max: paired.alpha },
    });
  }
  return checks;
}

export function describeCounts(g: PairedGroup): string {
  return `${g.worse} ${g.unit ?? 'case'}(s) worse, ${g.better} better, ${g.tied} tied`;
}

export function formatP(p: number): string {
  return p < 0.0001 ? p.toExponential(1) : String(Number(p.toPrecision(2)));
}
