import { ratio } from '../metric-value.js';
import type { Count, RateMetric, ScoredResult } from './metric.js';

export type { Count } from './metric.js';

/** The results a rate of what the model did counts: an errored case did nothing, so only the pass rates and error_rate count it. */
export const judged = (r: ScoredResult): boolean => r.status !== 'error';

/**
 * A metric that sums a numerator and a denominator over the results; each
 * extra is a further sum reported beside them, over the results the rate counts.
 */
export function rate(
  id: string,
  lowerIsBetter: boolean,
  count: (r: ScoredResult) => Count,
  extras: Record<string, (r: ScoredResult) => number> = {},
): RateMetric {
  // One result is added to several groupings (overall, its module, its case type) and to the cluster sums in a row: counted once for them all.
  let last: ScoredResult | undefined;
  let lastCount: Count;
  const share = (r: ScoredResult): Count => {
    if (r !== last) {
      lastCount = count(r);
      last = r;
    }
    return lastCount;
  };
  const sumsOf = Object.entries(extras);
  return {
    id,
    lowerIsBetter,
    kind: 'rate',
    share,
    tally: () => {
      let numerator = 0;
      let denominator = 0;
      const sums: Record<string, number> = Object.fromEntries(Object.keys(extras).map((k) => [k, 0]));
      return {
        add: (r) => {
          const c = share(r);
          if (!c) return;
          numerator += c[0];
          denominator += c[1];
          for (const [k, of] of sumsOf) sums[k]! += of(r);
        },
        value: () => ratio(numerator, denominator, sums),
      };
    },
  };
}

/** 1 when the condition holds, else 0: one result's share of a numerator. */
export const one = (holds: boolean): number => (holds ? 1 : 0);
