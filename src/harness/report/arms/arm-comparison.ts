/**
 * Arm B against arm A on the same cases of one run: the paired test case by
 * case (clusters counted once, as the gate does), two-sided because either
 * arm may be the better one; a verdict per metric — better, worse, or no
 * detectable difference with the smallest difference the run could have
 * detected; and the cases whose verdicts differ, with both outputs.
 */
import { LOWER_IS_BETTER, type MetricId } from '../../config/metric-ids.js';
import type { Metrics } from '../../scoring/metric-accumulator.js';
import { exactPairedPValue, normalQuantile } from '../../scoring/proportion-statistics.js';
import type { CaseEntry } from '../case-entries.js';
import { intervalOf } from '../statistics/metric-intervals.js';
import { PairedComparison } from '../statistics/paired-comparison.js';
import { trialsOf, type CaseTrials } from '../statistics/case-trials.js';

type ArmVerdict = 'better' | 'worse' | 'no detectable difference';

export interface MetricVerdict {
  metric: string;
  a: number | null;
  b: number | null;
  delta: number;
  verdict: ArmVerdict;
  /** The smallest difference this run would detect 80% of the time (a planning figure). */
  detectable: number;
  method: 'paired' | 'intervals';
}

export interface ArmOutput {
  status: string;
  /** Passed / trials when repeated. */
  trials?: string;
  output?: string;
}

interface DifferingCase {
  id: string;
  module: string;
  a: ArmOutput;
  b: ArmOutput;
}

export interface ArmComparison {
  a: string;
  b: string;
  paired: { description: string; unit: 'case' | 'cluster'; worse: number; better: number; tied: number; p_value: number };
  verdicts: MetricVerdict[];
  /** Capped at DIFFERING_CAP; the count is exact. */
  differing: DifferingCase[];
  differing_count: number;
  /**
   * Cases that ran on one arm only (a run stopped by --max-cost between the arms of a case, say): paired with
   * nothing, so the test above says nothing of them; counted here so that a comparison of fewer cases says so.
   */
  unpaired: { a_only: number; b_only: number };
}

const DIFFERING_CAP = 200;
/** Enough of an output to see the difference; report.json of each arm has the whole text. */
const OUTPUT_CHARS = 2000;
const POWER = 0.8;
/** Means, not rates: no verdict from an interval. */
const MEANS = new Set(['latency_ms', 'cost_usd', 'pass_hat_k']);

/** Per arm: its case entries by id and its metrics with intervals. */
export interface ArmData {
  name: string;
  entries: Map<string, CaseEntry>;
  metrics: Metrics;
}

export function compareArms(a: ArmData, b: ArmData, alpha: number): ArmComparison {
  const baseline = new Map<string, CaseTrials>();
  for (const [id, e] of a.entries) {
    const t = trialsOf(e);
    if (t) baseline.set(id, t);
  }
  const pairing = new PairedComparison(baseline, alpha);
  const differing: DifferingCase[] = [];
  let differingCount = 0;
  const unpaired = { a_only: 0, b_only: 0 };
  for (const id of a.entries.keys()) if (!b.entries.has(id)) unpaired.a_only += 1;
  for (const [id, eb] of b.entries) {
    if (!a.entries.has(id)) unpaired.b_only += 1;
    const tb = trialsOf(eb);
    if (tb) pairing.add(id, tb, true, eb.cluster ?? id);
    const ea = a.entries.get(id);
    if (!ea || !tb || sameVerdicts(ea, eb)) continue;
    differingCount += 1;
    if (differing.length < DIFFERING_CAP) differing.push({ id, module: eb.module, a: outputOf(ea), b: outputOf(eb) });
  }
  differing.sort((x, y) => x.module.localeCompare(y.module) || x.id.localeCompare(y.id));
  const overall = pairing.finish().paired.overall;
  // Two-sided: the chance of a split at least this lopsided either way if the arms were alike.
  const p = Math.min(1, 2 * Math.min(exactPairedPValue(overall.worse, overall.better), exactPairedPValue(overall.better, overall.worse)));
  const unit = overall.unit ?? 'case';
  const paired = {
    description: `exact sign test over ${unit === 'cluster' ? 'clusters' : 'cases'} (McNemar's with one trial), two-sided, α ${alpha}`,
    unit,
    worse: overall.worse,
    better: overall.better,
    tied: overall.tied,
    p_value: Number(p.toPrecision(6)),
  };
  const cases = overall.worse + overall.better + overall.tied;
  return { a: a.name, b: b.name, paired, verdicts: verdicts(a.metrics, b.metrics, paired, cases, alpha), differing, differing_count: differingCount, unpaired };
}

function verdicts(a: Metrics, b: Metrics, paired: ArmComparison['paired'], cases: number, alpha: number): MetricVerdict[] {
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(POWER);
  const out: MetricVerdict[] = [];
  for (const [id, mb] of Object.entries(b)) {
    const ma = a[id as MetricId];
    if (MEANS.has(id) || !ma || !mb || ma.value === null || mb.value === null) continue;
    const delta = round(mb.value - ma.value);
    if (id === 'case_pass_rate' && cases > 0) {
      // Paired: only discordant units carry information; the planning figure uses their share (at least one unit).
      const discordant = Math.max(paired.worse + paired.better, 1) / cases;
      const detectable = round(z * Math.sqrt(discordant / cases));
      const decided = paired.p_value < alpha;
      out.push({
        metric: id,
        a: ma.value,
        b: mb.value,
        delta,
        verdict: decided ? (paired.better > paired.worse ? 'better' : 'worse') : 'no detectable difference',
        detectable,
        method: 'paired',
      });
      continue;
    }
    const sa = standardError(ma, alpha);
    const sb = standardError(mb, alpha);
    if (sa === null || sb === null) continue;
    // Unpaired from the two (cluster-robust) intervals: conservative, since arms on the same cases move together.
    const se = Math.sqrt(sa * sa + sb * sb);
    const decided = Math.abs(delta) > normalQuantile(1 - alpha / 2) * se && delta !== 0;
    const improved = LOWER_IS_BETTER.has(id as MetricId) ? delta < 0 : delta > 0;
    out.push({
      metric: id,
      a: ma.value,
      b: mb.value,
      delta,
      verdict: decided ? (improved ? 'better' : 'worse') : 'no detectable difference',
      detectable: round(z * se),
      method: 'intervals',
    });
  }
  return out;
}

/** The half-width of the interval (two-sided at 1 − α) over its z: the standard error the interval stands for. */
function standardError(m: Metrics[MetricId], alpha: number): number | null {
  const ci = intervalOf(m);
  if (!ci) return null;
  return (ci.high - ci.low) / (2 * normalQuantile(1 - alpha / 2));
}

function sameVerdicts(a: CaseEntry, b: CaseEntry): boolean {
  return a.status === b.status && (a.trials?.outcomes ?? '') === (b.trials?.outcomes ?? '');
}

function outputOf(e: CaseEntry): ArmOutput {
  const reply = (e.trace as { reply?: unknown } | undefined)?.reply;
  const text = e.raw_output ?? (typeof reply === 'string' ? reply : undefined);
  return {
    status: e.status,
    ...(e.trials ? { trials: `${e.trials.passed}/${e.trials.n}` } : {}),
    ...(text !== undefined ? { output: text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}…` : text } : {}),
  };
}

function round(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
