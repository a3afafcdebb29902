/**
 * `--max-cost USD`: a provider that stops sending new calls once the cost of
 * the calls it made in this run reaches the budget. Calls already in flight
 * finish (so the spend can pass the budget by what they cost); answers from
 * the cache cost nothing now and are always let through. The case that asked
 * for a refused call is left unrecorded, so `--resume` runs it later.
 */
import type { PromptFile } from '../registry/prompt-file.js';
import type { ModelRequest, ModelResponse, OutputEnforcement, Provider } from './provider.js';
import { BudgetExhausted } from '../base/errors.js';

/** What the calls of one run spent: shared by the arms of a run, so that --max-cost bounds them together. */
export class SpendLedger {
  spentUsd = 0;
  /** A live reply came without a cost (no usable token counts): from then on the spend is not known. */
  unknownCost = false;
}

export class BudgetedProvider implements Provider {
  readonly id: string;
  readonly model: string;
  readonly callSettings?: Record<string, string | number>;
  private refused = 0;

  constructor(
    private readonly inner: Provider,
    readonly maxCostUsd: number,
    private readonly ledger = new SpendLedger(),
  ) {
    this.id = inner.id;
    if (inner.callSettings) this.callSettings = inner.callSettings;
    this.model = inner.model;
  }

  cannotRun(module: string): string | null {
    return this.inner.cannotRun?.(module) ?? null;
  }

  get spent(): number {
    return this.ledger.spentUsd;
  }

  /** Why no further call goes out, or null while there is budget left. */
  exhausted(): string | null {
    if (this.ledger.unknownCost) return `a reply came without token counts, so the spend is unknown and --max-cost ${this.maxCostUsd} USD cannot be kept`;
    return this.ledger.spentUsd >= this.maxCostUsd ? `the spent cost ${this.ledger.spentUsd.toFixed(4)} USD reached --max-cost ${this.maxCostUsd} USD` : null;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const reason = this.exhausted();
    if (reason) {
      this.refused += 1;
      throw new BudgetExhausted(`not sent: ${reason}`);
    }
    const response = await this.inner.complete(request);
    if (!response.cached) {
      if (response.cost_usd === null) this.ledger.unknownCost = true;
      else this.ledger.spentUsd += response.cost_usd;
    }
    return response;
  }

  outputEnforcement(prompt: PromptFile): OutputEnforcement | undefined {
    return this.inner.outputEnforcement?.(prompt);
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}
