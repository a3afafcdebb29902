/**
 * One metric of report.json (docs/spec/metrics.md) as a unit: its id, which
 * way is better, and a tally that takes each case result and gives the
 * value. The accumulator (metric-accumulator.ts) makes a fresh tally of every
 * registered metric (registered-metrics.ts) per grouping and feeds it every
 * result that ran.
 */
import type { CaseType } from '../../cases/case-schema.js';
import type { Usage } from '../../providers/provider.js';
import type { MetricValue } from '../metric-value.js';
import type { ScoreFacts } from '../score-facts.js';

/** What the metrics read of one result; the runner's CaseResult has all of it. */
export interface ScoredResult {
  status: 'passed' | 'failed' | 'error' | 'skipped';
  case_type: CaseType;
  cost_usd: number | null;
  usage: Usage;
  cached_calls: number;
  call_latencies_ms: number[];
  latency_ms: number;
  facts: ScoreFacts;
}

export interface MetricTally {
  /** A result that ran (skipped ones never reach a tally). */
  add(r: ScoredResult): void;
  value(): MetricValue;
}

/** What one result adds to a rate: [numerator, denominator], or null when the rate does not count it. */
export type Count = readonly [number, number] | null;

interface MetricBase {
  /** The published name in report.json and the gate's thresholds. */
  id: string;
  /** A rise is bad (error and unsafe rates, latency, cost). */
  lowerIsBetter: boolean;
  tally(): MetricTally;
}

/** A numerator over a denominator, summed per case cluster for its interval: `share` is one result's part of both. */
export interface RateMetric extends MetricBase {
  kind: 'rate';
  share(r: ScoredResult): Count;
}

/** A mean (latency, cost): no interval over clusters. */
interface MeanMetric extends MetricBase {
  kind: 'mean';
}

export type Metric = RateMetric | MeanMetric;
