/** report.json's `arms`: the arms of the run, their metrics, and each arm compared with the first. */
import type { Metrics } from '../../scoring/metric-accumulator.js';
import type { ArmComparison } from './arm-comparison.js';

export interface ArmsReport {
  varied: string;
  /** The arm the gate judged against the baseline: the reports of the run folder are its own. */
  designated: string;
  /** The arm every other is compared with (the first given). */
  reference: string;
  arms: {
    name: string;
    provider: string;
    model: string;
    prompts: Record<string, string>;
    summary: { total: number; passed: number; failed: number; error: number };
    metrics: Metrics;
    /** This arm's own reports. */
    report_dir: string;
  }[];
  comparisons: ArmComparison[];
}
