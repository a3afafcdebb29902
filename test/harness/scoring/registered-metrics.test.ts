/**
 * The registered metrics and the published ids of config/metric-ids.ts (which
 * the config schema checks thresholds against, below scoring/ in the layers)
 * say the same: every published id but pass^k (computed over trials, not per
 * result) is a registered metric, and the same ones are lower-is-better.
 */
import { describe, expect, it } from 'vitest';
import { LOWER_IS_BETTER, METRIC_IDS } from '../../../src/harness/config/metric-ids.js';
import { METRICS } from '../../../src/harness/scoring/metrics/registered-metrics.js';
import { lowerIsBetter, METRIC_ORDER } from '../../../src/harness/scoring/metrics/metric-order.js';

describe('the registered metrics', () => {
  it('are the published ids but pass_hat_k, each once', () => {
    const ids = METRICS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(METRIC_IDS.filter((id) => id !== 'pass_hat_k').sort());
    expect(METRIC_ORDER).toEqual(METRIC_IDS);
  });

  it('are lower-is-better exactly where the published list says so', () => {
    expect(
      METRICS.filter((m) => m.lowerIsBetter)
        .map((m) => m.id)
        .sort(),
    ).toEqual([...LOWER_IS_BETTER].sort());
    expect(METRIC_IDS.filter((id) => lowerIsBetter(id))).toEqual(METRIC_IDS.filter((id) => LOWER_IS_BETTER.has(id)));
  });
});
