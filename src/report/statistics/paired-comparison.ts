/**
 * The paired comparison with the baseline: cases are paired by id, and each
 * pair counts as worse, better or tied by its pass rate (one trial: McNemar's
 * discordant pairs; k trials: the sign test on per-case pass rates). A drop is
 * significant when the one-sided exact test says so at alpha, Holm-adjusted
 * over the family "overall + each module", so that checking every module does
 * not multiply false alarms.
 *
 * The same pass names flaky cases (mixed verdicts across the trials of this
 * run or of the baseline run) and stable regressions (passed every baseline
 * trial, fail every trial now).
 */
import { exactPairedPValue, holmAdjust } from '../../scoring/proportion-statistics.js';
import { firstTrials, isMixed, type CaseTrials } from './case-trials.js';

export interface PairedGroup {
  worse: number;
  better: number;
  tied: number;
  p_value: number;
  /** Holm-adjusted over overall and every module. */
  p_adjusted: number;
  significant: boolean;
}

export interface PairedTest {
  test: 'mcnemar_exact' | 'sign_test';
  description: string;
  alpha: number;
  /** Most trials of a case in the baseline, now, and compared (the smaller of the two when outcomes per trial are known). */
  trials: { baseline: number; current: number };
  overall: PairedGroup;
  by_module: Record<string, PairedGroup>;
}

export interface FlakyCase {
  id: string;
  module: string;
  /** Passed / trials in the baseline run (null when the case is new). */
  baseline: { n: number; passed: number } | null;
  current: { n: number; passed: number };
}

export interface PairedOutcome {
  paired: PairedTest;
  /** Capped at LIST_CAP; the counts are exact. */
  flaky: FlakyCase[];
  flaky_count: number;
  stable_regressions: string[];
  stable_regression_count: number;
}

const LIST_CAP = 1000;

interface Tally {
  worse: number;
  better: number;
  tied: number;
}

export class PairedComparison {
  private readonly overall: Tally = { worse: 0, better: 0, tied: 0 };
  private readonly modules = new Map<string, Tally>();
  private readonly flaky: FlakyCase[] = [];
  private flakyCount = 0;
  private readonly stable: string[] = [];
  private stableCount = 0;
  private maxBaseline = 0;
  private maxCurrent = 0;

  constructor(
    private readonly baseline: Map<string, CaseTrials>,
    private readonly alpha: number,
  ) {}

  /** `paired: false` for a case that is not the same case as in the baseline (edited, or failing by an acknowledged change): flaky detection only. */
  add(id: string, current: CaseTrials, paired = true): void {
    const before = paired ? this.baseline.get(id) : undefined;
    this.maxCurrent = Math.max(this.maxCurrent, current.n);
    if (before) this.maxBaseline = Math.max(this.maxBaseline, before.n);
    if (isMixed(current) || (before && isMixed(before))) {
      this.flakyCount += 1;
      if (this.flaky.length < LIST_CAP) {
        this.flaky.push({ id, module: current.module, baseline: before ? { n: before.n, passed: before.passed } : null, current: { n: current.n, passed: current.passed } });
      }
    }
    if (!before) return;
    if (before.passed === before.n && current.passed === 0) {
      this.stableCount += 1;
      if (this.stable.length < LIST_CAP) this.stable.push(id);
    }
    const m = Math.min(before.n, current.n);
    let b = firstTrials(before, m);
    let a = firstTrials(current, m);
    if (b.n === 0 || a.n === 0) [b, a] = [before, current];
    const side = compare(b.passed / b.n, a.passed / a.n);
    this.overall[side] += 1;
    let tally = this.modules.get(current.module);
    if (!tally) this.modules.set(current.module, (tally = { worse: 0, better: 0, tied: 0 }));
    tally[side] += 1;
  }

  finish(): PairedOutcome {
    const names = [...this.modules.keys()].sort();
    const tallies = [this.overall, ...names.map((n) => this.modules.get(n)!)];
    const raw = tallies.map((t) => exactPairedPValue(t.worse, t.better));
    const adjusted = holmAdjust(raw);
    const group = (i: number): PairedGroup => ({ ...tallies[i]!, p_value: round(raw[i]!), p_adjusted: round(adjusted[i]!), significant: adjusted[i]! < this.alpha });
    const oneTrial = this.maxBaseline <= 1 && this.maxCurrent <= 1;
    return {
      paired: {
        test: oneTrial ? 'mcnemar_exact' : 'sign_test',
        description: `${oneTrial ? "McNemar's exact test on discordant pairs" : 'exact sign test on per-case pass rates'}, one-sided, Holm over ${tallies.length} groups`,
        alpha: this.alpha,
        trials: { baseline: this.maxBaseline, current: this.maxCurrent },
        overall: group(0),
        by_module: Object.fromEntries(names.map((n, i) => [n, group(i + 1)])),
      },
      flaky: this.flaky.sort((x, y) => x.module.localeCompare(y.module) || x.id.localeCompare(y.id)),
      flaky_count: this.flakyCount,
      stable_regressions: this.stable.sort(),
      stable_regression_count: this.stableCount,
    };
  }
}

function compare(before: number, after: number): keyof Tally {
  if (after < before) return 'worse';
  if (after > before) return 'better';
  return 'tied';
}

function round(p: number): number {
  return p < 1e-6 ? Number(p.toPrecision(3)) : Math.round(p * 1e6) / 1e6;
}
