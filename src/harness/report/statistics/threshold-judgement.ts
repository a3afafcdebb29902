/**
 * One gate threshold against one metric. In exact mode, and for a threshold
 * marked `strict`, the measured value decides. In statistical mode a threshold
 * fails only when the whole confidence interval lies on the wrong side of it:
 * a point estimate that crosses it by chance is reported as "within noise".
 */
import type { MetricValue } from '../../scoring/metric-value.js';
import { formatInterval, intervalOf } from './metric-intervals.js';
import type { GateModeName } from './gate-mode.js';

export interface ThresholdBound {
  min?: number;
  max?: number;
  strict?: boolean;
}

export type ThresholdJudgement =
  | { verdict: 'not_applicable' }
  | { verdict: 'passed' }
  | { verdict: 'within_noise'; message: string }
  | { verdict: 'failed'; value: number; message: string };

export function judgeThreshold(metric: string, m: MetricValue | undefined, threshold: ThresholdBound, mode: GateModeName): ThresholdJudgement {
  const value = m?.value ?? null;
  if (value === null) return { verdict: 'not_applicable' };
  const ci = intervalOf(m);
  const exact = mode === 'exact' || threshold.strict === true || ci === null;
  const failures: string[] = [];
  const noise: string[] = [];
  const shown = exact ? String(value) : `${value} ${formatInterval(ci)}`;
  if (threshold.min !== undefined && value < threshold.min) {
    if (exact || ci!.high < threshold.min)
      failures.push(`${metric} ${shown} is below the minimum ${threshold.min}${exact ? strictNote(threshold, mode) : ' (the whole interval)'}`);
    else noise.push(`${metric} ${shown} is below the minimum ${threshold.min}, but the interval reaches it: within noise`);
  }
  if (threshold.max !== undefined && value > threshold.max) {
    if (exact || ci!.low > threshold.max)
      failures.push(`${metric} ${shown} is above the maximum ${threshold.max}${exact ? strictNote(threshold, mode) : ' (the whole interval)'}`);
    else noise.push(`${metric} ${shown} is above the maximum ${threshold.max}, but the interval reaches it: within noise`);
  }
  if (failures.length) return { verdict: 'failed', value, message: failures.join('; ') };
  if (noise.length) return { verdict: 'within_noise', message: noise.join('; ') };
  return { verdict: 'passed' };
}

function strictNote(threshold: ThresholdBound, mode: GateModeName): string {
  return mode === 'statistical' && threshold.strict ? ' (strict)' : '';
}
