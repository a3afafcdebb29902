/**
 * `orderflow eval --dry-run`: a provider that calls nothing. For each request
 * it checks the response cache (a hit is what a real run would reuse, and its
 * recorded answer lets a scenario go on the way it went), otherwise it counts
 * a model call, estimates its input tokens from the request that would be sent
 * and its output tokens from the answer of the offline reference model (sim),
 * whose answer also lets a scenario reach its later stages.
 */
import type { Price } from './openai-provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { buildMessages } from './messages.js';
import type { ModelRequest, ModelResponse, Provider } from './provider.js';
import type { CachedProvider } from './response-cache.js';
import { estimateTokens } from './token-estimate.js';

export interface ModuleEstimate {
  calls: number;
  cached: number;
  input_tokens: number;
  output_tokens: number;
  /** null when the model has no price. */
  cost_usd: number | null;
}

export class EstimatingProvider implements Provider {
  readonly id: string;
  readonly model: string;
  readonly byModule = new Map<string, ModuleEstimate>();

  constructor(
    private readonly target: Provider,
    private readonly shadow: Provider,
    private readonly cache: CachedProvider | null,
    private readonly price: Price | null,
  ) {
    this.id = target.id;
    this.model = target.model;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const entry = this.entry(request.module);
    const hit = await this.cache?.lookup(request);
    if (hit) {
      entry.cached += 1;
      return hit;
    }
    const answer = await this.shadow.complete(request);
    const input = estimateTokens(requestText(this.cache, request));
    const output = estimateTokens(answer.text);
    entry.calls += 1;
    entry.input_tokens += input;
    entry.output_tokens += output;
    if (entry.cost_usd !== null) entry.cost_usd = this.price ? entry.cost_usd + (input * this.price.input_per_mtok + output * this.price.output_per_mtok) / 1_000_000 : null;
    return { ...answer, cached: false };
  }

  outputEnforcement(prompt: PromptFile) {
    return this.target.outputEnforcement?.(prompt);
  }

  private entry(module: string): ModuleEstimate {
    let e = this.byModule.get(module);
    if (!e) this.byModule.set(module, (e = { calls: 0, cached: 0, input_tokens: 0, output_tokens: 0, cost_usd: this.price ? 0 : null }));
    return e;
  }
}

/** The text the endpoint would tokenize: every message, and the JSON schema where one is sent. */
function requestText(cache: CachedProvider | null, request: ModelRequest): string {
  const body = cache?.inner.requestBody?.(request) as { messages?: { content?: unknown }[]; response_format?: unknown } | undefined;
  const messages = body?.messages ?? buildMessages(request.prompt, request.input);
  const text = messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  const format = body?.response_format as { type?: string } | undefined;
  return format?.type === 'json_schema' ? `${text}\n${JSON.stringify(format)}` : text;
}
