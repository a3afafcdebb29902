/**
 * `orderflow eval --dry-run`: a provider that calls nothing. For each request
 * it checks the response cache (a hit is what a real run would reuse, and its
 * recorded answer lets a scenario go on the way it went), otherwise it counts
 * a model call, estimates its input tokens from the request that would be sent
 * and its output tokens from the answer of the offline reference model (sim),
 * whose answer also lets a scenario reach its later stages.
 *
 * Servers that cache prompt prefixes (OpenAI, DeepSeek, Anthropic-compatible
 * gateways) bill the repeated system prompt at the cached rate: the first
 * call of each module with a given prompt pays full price, later ones pay the
 * cached rate for the part of the system prompt a cache serves (none under
 * 1,024 tokens: cached-prefix.ts).
 */
import type { Price } from './token-price.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { cacheablePrefixTokens } from './cached-prefix.js';
import { buildMessages } from './messages.js';
import type { ModelRequest, ModelResponse, Provider } from './provider.js';
import type { CachedProvider } from './response-cache.js';
import { estimateTokens } from './token-estimate.js';

export interface ModuleEstimate {
  calls: number;
  cached: number;
  input_tokens: number;
  /** Of input_tokens, the cacheable part of the system prompt of every call after the module's first with that prompt. */
  cached_input_tokens: number;
  output_tokens: number;
  /** null when the model has no price. Without a cached rate, cached input is priced at the full rate (an upper bound; the estimate says so). */
  cost_usd: number | null;
}

export function emptyEstimate(price: Price | null): ModuleEstimate {
  return { calls: 0, cached: 0, input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, cost_usd: price ? 0 : null };
}

export class EstimatingProvider implements Provider {
  readonly id: string;
  readonly model: string;
  readonly byModule = new Map<string, ModuleEstimate>();
  /** module and prompt hash of every prompt already sent once: its prefix is in the server's cache from then on. */
  private readonly warm = new Set<string>();

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
    const key = `${request.module}\0${request.prompt.sha256}`;
    const cached = this.warm.has(key) ? Math.min(input, cacheablePrefixTokens(estimateTokens(request.prompt.systemPrompt))) : 0;
    this.warm.add(key);
    entry.calls += 1;
    entry.input_tokens += input;
    entry.cached_input_tokens += cached;
    entry.output_tokens += output;
    if (entry.cost_usd !== null && this.price) {
      const p = this.price;
      entry.cost_usd += ((input - cached) * p.input_per_mtok + cached * (p.cached_input_per_mtok ?? p.input_per_mtok) + output * p.output_per_mtok) / 1_000_000;
    }
    return { ...answer, cached: false };
  }

  outputEnforcement(prompt: PromptFile) {
    return this.target.outputEnforcement?.(prompt);
  }

  private entry(module: string): ModuleEstimate {
    let e = this.byModule.get(module);
    if (!e) this.byModule.set(module, (e = emptyEstimate(this.price)));
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
