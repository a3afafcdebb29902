/** The CI gate: thresholds on overall metrics, and no case that passed in the baseline may fail now. */
import type { Config } from '../config/config.js';
import type { Metrics } from '../scoring/metric-accumulator.js';
import type { BaselineDiff } from './baseline.js';

export interface GateFailure {
  metric: string;
  value: number | null;
  threshold: { min?: number; max?: number };
  message: string;
}

export interface GateVerdict {
  passed: boolean;
  failures: GateFailure[];
  /** Thresholds that had nothing to measure in this run (denominator 0). */
  not_applicable: string[];
}

export function evaluateGate(config: Pick<Config, 'gate' | 'max_new_failures'>, metrics: Metrics, baseline: BaselineDiff | null): GateVerdict {
  const failures: GateFailure[] = [];
  const notApplicable: string[] = [];
  for (const [metric, threshold] of Object.entries(config.gate)) {
    if (!threshold) continue;
    const value = (metrics as Record<string, { value: number | null } | undefined>)[metric]?.value ?? null;
    if (value === null) {
      notApplicable.push(metric);
      continue;
    }
    if (threshold.min !== undefined && value < threshold.min) {
      failures.push({ metric, value, threshold, message: `${metric} ${value} is below the minimum ${threshold.min}` });
    }
    if (threshold.max !== undefined && value > threshold.max) {
      failures.push({ metric, value, threshold, message: `${metric} ${value} is above the maximum ${threshold.max}` });
    }
  }
  if (baseline && config.max_new_failures !== null) {
    const count = baseline.newly_failing_count;
    if (count > config.max_new_failures) {
      failures.push({
        metric: 'new_failures',
        value: count,
        threshold: { max: config.max_new_failures },
        message: `${count} case(s) passed in the baseline and fail now (at most ${config.max_new_failures} allowed)`,
      });
    }
  }
  return { passed: failures.length === 0, failures, not_applicable: notApplicable };
}
