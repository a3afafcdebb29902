import { ratio } from '../metric-value.js';
import type { Metric } from './metric.js';

/** Mean cost of a result in US dollars, with the tokens it came from. */
export const costUsd: Metric = {
  id: 'cost_usd',
  lowerIsBetter: true,
  kind: 'mean',
  tally: () => {
    let results = 0;
    let cost = 0;
    let unknownCost = 0;
    let unknownCachedRate = 0;
    const tokens = { input_tokens: 0, output_tokens: 0, cached_input_tokens: 0, cached_calls: 0 };
    return {
      add: (r) => {
        results += 1;
        if (r.cost_usd === null) unknownCost += 1;
        else cost += r.cost_usd;
        // Priced calls become unknown only for want of a cached rate (token-price.ts): the report says which.
        if (r.cost_usd === null && (r.usage.cached_input_tokens ?? 0) > 0) unknownCachedRate += 1;
        tokens.input_tokens += r.usage.input_tokens;
        tokens.output_tokens += r.usage.output_tokens;
        // Of input_tokens, read from the server's prompt cache at the cached rate.
        tokens.cached_input_tokens += r.usage.cached_input_tokens ?? 0;
        tokens.cached_calls += r.cached_calls;
      },
      value: () => ({
        ...ratio(cost, results, {}, 8),
        // A price missing for some calls makes the whole figure unknown, not a smaller one.
        ...(unknownCost ? { value: null, unknown_cost_results: unknownCost } : {}),
        ...(unknownCachedRate ? { unknown_cached_rate_results: unknownCachedRate } : {}),
        ...tokens,
      }),
    };
  },
};
