/** The running totals of a run: metrics overall, per module, per case type; trials for pass^k; failures per stage. */
import { MetricAccumulator, type Metrics } from '../scoring/metric-accumulator.js';
import { ratio } from '../scoring/metric-value.js';
import { passHatK } from '../scoring/pass-hat-k.js';
import { attackLine, line } from '../scoring/finding-lines.js';
import type { CaseResult } from './case-result.js';
import { ClusterSums, type ClusterClosing, type ClusterTable } from './cluster-sums.js';
import { StrategyTable, type StrategyRow } from './strategy-table.js';

export interface AggregateSnapshot {
  counts: { total: number; passed: number; failed: number; error: number /** Cases the provider cannot answer (absent in older runs). */; skipped?: number };
  metrics: Metrics;
  by_module: Record<string, Metrics>;
  by_case_type: Record<string, Metrics>;
  /** Failed pipeline scenarios per first failing stage. */
  stage_failures: Record<string, number>;
  /** Tool calls the program-enforced guards stopped, per guard. */
  guard_blocks: Record<string, number>;
  /** Generated cases and attack variants per strategy; empty when the run has none. */
  attack_strategies: StrategyRow[];
  /**
   * Each unsafe action and each successful attack in one line (effect, rule or
   * goal, the stage that proposed it, the gate that let it through); scenario
   * counts for the outcome judgement and for the generic-rule backstop apart.
   */
  unsafe_actions: { outcome_scenarios: number; backstop_scenarios: number; lines: ExplainedLine[]; lines_total: number };
  successful_attacks: { lines: ExplainedLine[]; lines_total: number };
  /** Per-cluster sums of every rate, for the cluster-robust intervals. */
  clusters: ClusterTable;
  /**
   * What each scenario's outcome rests on: the scenarios whose trace holds a
   * schema-invalid stage output (and the stages), and the expectations
   * scenarios leave out, which are not judged. Absent when there are none.
   */
  judging?: JudgingNotes;
  /** Modules whose cases the provider could not answer: how many results, and the reason (it names what runs them). */
  skipped_modules?: Record<string, { results: number; reason: string }>;
}

export interface JudgingNotes {
  invalid_output: { case_id: string; trial: number; status: string; stages: string[] }[];
  invalid_output_total: number;
  /** Per expectation left out: how many scenario results, and the first ids. */
  not_judged: Record<string, { results: number; case_ids: string[] }>;
}

export interface ExplainedLine {
  case_id: string;
  trial: number;
  /** outcome | backstop | attack */
  kind: string;
  line: string;
}

/** Enough lines to act on; memory stays flat however many cases fail. */
const MAX_LINES = 500;
/** Scenario ids named per expectation left out; the count covers them all. */
const NOT_JUDGED_IDS = 20;

export class Aggregates {
  private readonly overall = new MetricAccumulator();
  private readonly byModule = new Map<string, MetricAccumulator>();
  private readonly byType = new Map<string, MetricAccumulator>();
  private readonly trials = new Map<string, { n: number; c: number }>();
  private readonly stages = new Map<string, number>();
  private readonly guardBlocks = new Map<string, number>();
  private readonly strategies = new StrategyTable();
  private readonly clusters: ClusterSums;
  private readonly unsafe = { outcome_scenarios: 0, backstop_scenarios: 0, lines: [] as ExplainedLine[], lines_total: 0 };
  private readonly attacks = { lines: [] as ExplainedLine[], lines_total: 0 };
  readonly counts = { total: 0, passed: 0, failed: 0, error: 0, skipped: 0 };
  private readonly judging: JudgingNotes = { invalid_output: [], invalid_output_total: 0, not_judged: {} };

  /**
   * `adaptive` (--repeat auto): trials differ from case to case, `repeat` being only the most a case may get.
   * `closing`: when a cluster's sums are complete (cluster-sums.ts); without it they are kept to the end.
   */
  constructor(
    private readonly repeat: number,
    private readonly adaptive = false,
    closing: ClusterClosing | null = null,
  ) {
    this.clusters = new ClusterSums(closing);
  }

  private readonly skipped = new Map<string, { results: number; reason: string }>();

  add(r: CaseResult): void {
    this.counts.total += 1;
    if (r.status === 'skipped') {
      this.counts.skipped += 1;
      const s = this.skipped.get(r.module) ?? { results: 0, reason: r.skipped_reason ?? 'skipped' };
      s.results += 1;
      this.skipped.set(r.module, s);
      return;
    }
    this.counts[r.status] += 1;
    this.overall.add(r);
    group(this.byModule, r.module).add(r);
    group(this.byType, r.case_type).add(r);
    // Trials are only tracked when repeating: with one trial pass^1 is the pass rate.
    if (this.repeat > 1) {
      const t = this.trials.get(r.case_id) ?? { n: 0, c: 0 };
      t.n += 1;
      if (r.status === 'passed') t.c += 1;
      this.trials.set(r.case_id, t);
    }
    if (r.first_failing_stage) this.stages.set(r.first_failing_stage, (this.stages.get(r.first_failing_stage) ?? 0) + 1);
    for (const gate of r.gate_blocks ?? []) this.guardBlocks.set(gate, (this.guardBlocks.get(gate) ?? 0) + 1);
    this.strategies.add(r);
    this.clusters.add(r);
    if (r.status !== 'error') this.explain(r);
    this.noteJudging(r);
  }

  private noteJudging(r: CaseResult): void {
    const invalid = r.facts.invalid_output;
    if (invalid?.length) {
      this.judging.invalid_output_total += 1;
      if (this.judging.invalid_output.length < MAX_LINES)
        this.judging.invalid_output.push({ case_id: r.case_id, trial: r.trial, status: r.status, stages: [...new Set(invalid.map((x) => x.stage))] });
    }
    for (const field of r.facts.not_judged ?? []) {
      const n = (this.judging.not_judged[field] ??= { results: 0, case_ids: [] });
      n.results += 1;
      if (n.case_ids.length < NOT_JUDGED_IDS && !n.case_ids.includes(r.case_id)) n.case_ids.push(r.case_id);
    }
  }

  private explain(r: CaseResult): void {
    const u = r.facts.unsafe;
    const keep = (into: { lines: ExplainedLine[]; lines_total: number }, kind: string, lines: string[]) => {
      for (const text of new Set(lines)) {
        into.lines_total += 1;
        if (into.lines.length < MAX_LINES) into.lines.push({ case_id: r.case_id, trial: r.trial, kind, line: text });
      }
    };
    if (u?.outcome?.length) this.unsafe.outcome_scenarios += 1;
    if (u?.backstop?.length) this.unsafe.backstop_scenarios += 1;
    keep(this.unsafe, 'outcome', (u?.outcome ?? []).map(line));
    keep(this.unsafe, 'backstop', (u?.backstop ?? []).map(line));
    keep(this.attacks, 'attack', (r.facts.attack?.items ?? []).map(attackLine));
  }

  snapshot(): AggregateSnapshot {
    const metrics = this.overall.finish();
    if (this.repeat > 1) {
      // With uneven trials pass^k over only the cases that ran k times would favour the repeated (doubtful) ones: k stops at the fewest trials any case got.
      const top = this.adaptive ? fewestTrials(this.trials.values(), this.repeat) : this.repeat;
      const { sum, cases } = passHatK(this.trials.values(), top);
      const byK: Record<string, number | null> = {};
      for (let k = 1; k <= top; k++) {
        const r = passHatK(this.trials.values(), k);
        byK[String(k)] = r.cases ? Math.round((r.sum / r.cases) * 10_000) / 10_000 : null;
      }
      metrics.pass_hat_k = ratio(sum, cases, { k: top, by_k: byK });
    }
    return {
      counts: { ...this.counts },
      metrics,
      by_module: finishAll(this.byModule),
      by_case_type: finishAll(this.byType),
      stage_failures: Object.fromEntries([...this.stages.entries()].sort((a, b) => b[1] - a[1])),
      guard_blocks: Object.fromEntries([...this.guardBlocks.entries()].sort((a, b) => b[1] - a[1])),
      attack_strategies: this.strategies.snapshot(),
      unsafe_actions: { ...this.unsafe, lines: [...this.unsafe.lines] },
      successful_attacks: { ...this.attacks, lines: [...this.attacks.lines] },
      clusters: this.clusters.snapshot(),
      ...(this.judging.invalid_output_total > 0 || Object.keys(this.judging.not_judged).length > 0 ? { judging: structuredClone(this.judging) } : {}),
      ...(this.skipped.size > 0
        ? { skipped_modules: Object.fromEntries([...this.skipped].sort(([a], [b]) => a.localeCompare(b)).map(([m, s]) => [m, { ...s }])) }
        : {}),
    };
  }
}

function fewestTrials(trials: Iterable<{ n: number }>, cap: number): number {
  let fewest = cap;
  for (const t of trials) fewest = Math.min(fewest, t.n);
  return fewest;
}

function group(map: Map<string, MetricAccumulator>, key: string): MetricAccumulator {
  let acc = map.get(key);
  if (!acc) map.set(key, (acc = new MetricAccumulator()));
  return acc;
}

function finishAll(map: Map<string, MetricAccumulator>): Record<string, Metrics> {
  return Object.fromEntries([...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.finish()]));
}
