/**
 * The paired comparison with the baseline: cases are paired by id, and each
 * pair counts as worse, better or tied by its pass rate (one trial: McNemar's
 * discordant pairs; k trials: the sign test on per-case pass rates). A drop is
 * significant when the one-sided exact test says so at alpha, Holm-adjusted
 * over the family "overall + each module", so that checking every module does
 * not multiply false alarms.
 *
 * Cases of one cluster (a source case and its renumbered copies, a scenario
 * with its variants and twin) are not independent pairs: the test counts a
 * cluster as worse or better by the net change of its cases' pass rates, so a
 * change that moves one source's ten copies counts once (a cluster-level sign
 * test). Where every cluster is one case this is the per-case test unchanged.
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
  /** What worse / better / tied count: cases, or clusters of cases when some cluster holds several. */
  unit?: 'case' | 'cluster';
}

export interface PairedTest {
  test: 'mcnemar_exact' | 'sign_test';
  description: string;
  alpha: number;
  /** Most trials of a case in the baseline, now, and compared (the smaller of the two when outcomes per trial are known). */
  trials: { baseline: number; current: number };
  /** Paired units: clusters, and the cases in them. */
  clusters: { count: number; cases: number };
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

/** One cluster's net change in pass rate (summed over its cases) and how many cases it holds. */
interface ClusterChange {
  net: number;
  cases: number;
}

export class PairedComparison {
  /** module → cluster → net change; overall is the union (a cluster never spans modules). */
  private readonly modules = new Map<string, Map<string, ClusterChange>>();
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
  /** `cluster`: the case's cluster (cluster-key.ts); its own id when it has none. */
  add(id: string, current: CaseTrials, paired = true, cluster = id): void {
    const before = paired ? this.baseline.get(id) : undefined;
    this.maxCurrent = Math.max(this.maxCurrent, current.n);
    if (before) this.maxBaseline = Math.max(this.maxBaseline, before.n);
    if (isMixed(current) || (before && isMixed(before))) {
      this.flakyCount += 1;
      if (this.flaky.length < LIST_CAP) {
        this.flaky.push({
          id,
          module: current.module,
          baseline: before ? { n: before.n, passed: before.passed } : null,
          current: { n: current.n, passed: current.passed },
        });
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
    let clusters = this.modules.get(current.module);
    if (!clusters) this.modules.set(current.module, (clusters = new Map()));
    const change = clusters.get(cluster) ?? { net: 0, cases: 0 };
    change.net += a.passed / a.n - b.passed / b.n;
    change.cases += 1;
    clusters.set(cluster, change);
  }

  finish(): PairedOutcome {
    const names = [...this.modules.keys()].sort();
    const perModule = names.map((n) => [...this.modules.get(n)!.values()]);
    const all = perModule.flat();
    const tallies = [tally(all), ...perModule.map(tally)];
    const raw = tallies.map((t) => exactPairedPValue(t.worse, t.better));
    const adjusted = holmAdjust(raw);
    const cases = all.reduce((t, c) => t + c.cases, 0);
    const unit = all.length < cases ? 'cluster' : 'case';
    const group = (i: number): PairedGroup => ({
      ...tallies[i]!,
      p_value: round(raw[i]!),
      p_adjusted: round(adjusted[i]!),
      significant: adjusted[i]! < this.alpha,
      unit,
    });
    const oneTrial = this.maxBaseline <= 1 && this.maxCurrent <= 1;
    return {
      paired: {
        test: oneTrial && unit === 'case' ? 'mcnemar_exact' : 'sign_test',
        description:
          unit === 'cluster'
            ? `exact sign test on the net change of ${all.length} clusters of ${cases} cases (a source case with its copies, a scenario with its variants and twin), one-sided, Holm over ${tallies.length} groups`
            : `${oneTrial ? "McNemar's exact test on discordant pairs" : 'exact sign test on per-case pass rates'}, one-sided, Holm over ${tallies.length} groups`,
        alpha: this.alpha,
        trials: { baseline: this.maxBaseline, current: this.maxCurrent },
        clusters: { count: all.length, cases },
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

/** Net changes smaller than this are float noise from summing rates: a tie. */
const TIE = 1e-9;

function tally(changes: ClusterChange[]): Tally {
  const t: Tally = { worse: 0, better: 0, tied: 0 };
  for (const c of changes) t[c.net < -TIE ? 'worse' : c.net > TIE ? 'better' : 'tied'] += 1;
  return t;
}

function round(p: number): number {
  return p < 1e-6 ? Number(p.toPrecision(3)) : Math.round(p * 1e6) / 1e6;
}
