import { LatencyHistogram } from '../latency-histogram.js';
import type { Metric } from './metric.js';

/** Mean latency of a model call, with its quantiles, and the same per case; memory is a histogram, whatever the number of cases. */
export const latencyMs: Metric = {
  id: 'latency_ms',
  lowerIsBetter: true,
  kind: 'mean',
  tally: () => {
    const perCall = new LatencyHistogram();
    const perCase = new LatencyHistogram();
    return {
      add: (r) => {
        for (const ms of r.call_latencies_ms) perCall.add(ms);
        perCase.add(r.latency_ms);
      },
      value: () => ({
        value: perCall.mean(),
        numerator: Math.round(perCall.total * 100) / 100,
        denominator: perCall.count,
        p50: perCall.quantile(0.5),
        p95: perCall.quantile(0.95),
        per_case: { mean: perCase.mean(), p50: perCase.quantile(0.5), p95: perCase.quantile(0.95) },
      }),
    };
  },
};
