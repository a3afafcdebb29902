/**
 * `--max-cost` with arms: every arm's calls draw on one budget, so the run
 * stops when the arms together have spent it, not when each arm alone has.
 */
import { describe, expect, it } from 'vitest';
import { BudgetedProvider, SpendLedger } from '../../../src/harness/providers/budget.js';
import type { ModelRequest, Provider } from '../../../src/harness/providers/provider.js';
import { BudgetExhausted } from '../../../src/harness/base/errors.js';

const paid = (id: string, cost: number): Provider => ({
  id,
  model: 'm',
  complete: async () => ({ text: '{}', usage: { input_tokens: 1, output_tokens: 1 }, latency_ms: 1, cost_usd: cost, cached: false }),
});
const request = {} as ModelRequest;

describe('one budget for every arm', () => {
  it.each([
    { name: 'arms sharing the run ledger', shared: true, thirdRefused: true },
    { name: 'each arm its own ledger (the bug this prevents)', shared: false, thirdRefused: false },
  ])('$name: after A and B each spent 0.6 of 1.0, A may call again: $thirdRefused', async ({ shared, thirdRefused }) => {
    const ledger = new SpendLedger();
    const a = new BudgetedProvider(paid('A', 0.6), 1, shared ? ledger : new SpendLedger());
    const b = new BudgetedProvider(paid('B', 0.6), 1, shared ? ledger : new SpendLedger());
    await a.complete(request);
    await b.complete(request);
    const third = a.complete(request);
    if (thirdRefused) {
      await expect(third).rejects.toBeInstanceOf(BudgetExhausted);
      expect(a.exhausted()).toMatch(/spent cost 1.2000 USD reached --max-cost 1 USD/);
      expect(b.exhausted()).toBe(a.exhausted());
    } else {
      await expect(third).resolves.toMatchObject({ cost_usd: 0.6 });
    }
  });
});
