/**
 * The `openai` provider: the official `openai` package against any
 * OpenAI-compatible chat completions endpoint.
 *
 * What it returns is the model's raw text, whatever it is: prose, a fenced
 * block, JSON with extra keys, an empty string for null content. The harness's
 * schema check judges it. Only transport failures (timeout, HTTP error,
 * unreachable endpoint) that outlast the retries throw a ProviderError.
 *
 * Retries are ours, not the SDK's (which runs with maxRetries 0): the SDK does
 * honour Retry-After, but it neither reports how many attempts a call took nor
 * caps a Retry-After of an hour, its back-off sleep ignores the AbortSignal,
 * and its timeout stops at the response headers. Here each attempt has its own
 * deadline covering the whole reply; 408/5xx and network failures are retried
 * up to maxRetries times with exponential back-off (or what Retry-After says).
 * A 429 that says when to come back is the normal state of a paid API, not a
 * failure: the adaptive limiter cuts the calls in flight and pauses new ones
 * until then, and the call waits its turn, for at most maxRetryAfterMs in all.
 *
 * A hung server: once `hungAfter` attempts in a row got no reply within the
 * deadline, with no reply of any kind in between, every further call fails at
 * once, so a run against a dead endpoint ends in about one deadline instead of
 * deadline × attempts × cases. Every two deadlines (at least a second) one
 * call is let through as a probe: an endpoint that stalled and came back is
 * used again.
 */
import { performance } from 'node:perf_hooks';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { DEFAULT_TIMEOUT_MS } from '../config/openai-settings.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { analyzeDialect, strictBlockers, type DialectAnalysis } from '../registry/schema-dialects.js';
import { AdaptiveLimiter, type LimiterStats, type Slot } from './adaptive-limiter.js';
import { boundedFetch, MAX_REPLY_BYTES, replyTooLarge } from './bounded-fetch.js';
import { backoff, clip, describeCause, retryAfter, sleep } from './http-retry.js';
import { buildMessages } from './messages.js';
import { unusableEnding } from './reply-ending.js';
import { secretRedactor, type Redactor } from './secret-redactor.js';
import type { ModelRequest, ModelResponse, OutputEnforcement, Provider, Usage } from './provider.js';
import { SERVER_PRESETS, type OutputMode, type ServerKind } from './server-presets.js';
import { cachedPromptTokens, costOf, type Price } from './token-price.js';
import { CallTimedOut, MalformedReply, ProviderError, RateLimitWait } from '../base/errors.js';

export { retryAfter };
export type { OutputMode };

export type { Price };

export interface OpenAIProviderOptions {
  model: string;
  /** Null only where no call is ever expected (replay): a call then fails without touching the network. */
  apiKey: string | null;
  /** e.g. http://localhost:8000/v1; default https://api.openai.com/v1. */
  baseURL?: string | null;
  /** Deadline of one attempt, from sending the request to the last byte of the reply. */
  timeoutMs?: number;
  /** Retries after the first attempt, on 408, 5xx, timeouts and network failures (429 with Retry-After: see maxRetryAfterMs). */
  maxRetries?: number;
  outputMode?: OutputMode;
  /** The kind of server, for what its structured output enforces (default: other). */
  server?: ServerKind;
  temperature?: number;
  maxTokens?: number;
  /** Calls in flight at once through this provider, before any rate-limit back-off. */
  maxConnections?: number;
  /** model → price per million tokens; a model without a price has an unknown cost (null), never 0. */
  prices?: Record<string, Price>;
  /** The longest a call waits on rate limits (429 + Retry-After) in all; a single longer Retry-After ends the call at once. */
  maxRetryAfterMs?: number;
  /** First back-off delay when the server gives no Retry-After (doubles per retry, at most 8 s). */
  retryBaseDelayMs?: number;
  /** Attempts in a row without any reply within the deadline after which the endpoint counts as hung. */
  hungAfter?: number;
  /** A reply body larger than this is not read further; the call fails, not retried (default 8 MiB). */
  maxReplyBytes?: number;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const TIMED_OUT = Symbol('timed out');

interface Failure {
  kind: ProviderError['kind'];
  message: string;
  retryable: boolean;
  rateLimited?: boolean;
  retryAfterMs?: number;
}

export interface OpenAIProviderStats extends LimiterStats {
  /** The concurrency it was allowed. */
  maxConnections: number;
}

export class OpenAIProvider implements Provider {
  readonly id = 'openai';
  readonly model: string;
  readonly baseURL: string;
  readonly outputMode: OutputMode;
  readonly server: ServerKind;
  private readonly client: OpenAI | null;
  private readonly apiKey: string | null;
  /** Applied to all a reply brings back and all an error says: a server may echo the key in either. */
  private readonly withoutKey: Redactor;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly temperature: number;
  private readonly maxTokens: number;
  private readonly prices: Record<string, Price>;
  private readonly maxRetryAfterMs: number;
  private readonly retryBaseDelayMs: number;
  private readonly hungAfter: number;
  private readonly limiter: AdaptiveLimiter;
  private readonly enforcement = new Map<string, OutputEnforcement>();
  /** The json_schema response format of each prompt file, built once: the same schema goes with every call. */
  private readonly formats = new Map<string, ChatCompletionCreateParamsNonStreaming['response_format']>();
  private silentAttempts = 0;
  private hung: string | null = null;
  /** When the endpoint was last found hung (or a probe of it failed). */
  private hungAt = 0;
  private probing = false;

  get callSettings(): Record<string, string | number> {
    return { server: this.server, output_mode: this.outputMode, base_url: this.endpoint(), temperature: this.temperature, max_tokens: this.maxTokens };
  }

  constructor(options: OpenAIProviderOptions) {
    this.model = options.model;
    this.baseURL = options.baseURL || DEFAULT_BASE_URL;
    this.apiKey = options.apiKey || null;
    this.withoutKey = secretRedactor(this.apiKey);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? 3;
    this.outputMode = options.outputMode ?? 'json_object';
    this.server = options.server ?? 'other';
    this.temperature = options.temperature ?? 0;
    this.maxTokens = options.maxTokens ?? 2048;
    this.prices = options.prices ?? {};
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.hungAfter = options.hungAfter ?? 3;
    this.limiter = new AdaptiveLimiter(options.maxConnections ?? 64, this.maxRetryAfterMs);
    this.client = this.apiKey
      ? new OpenAI({
          apiKey: this.apiKey,
          baseURL: this.baseURL,
          maxRetries: 0,
          timeout: this.timeoutMs,
          fetch: boundedFetch(options.maxReplyBytes ?? MAX_REPLY_BYTES),
          // The core never prints; and nothing is read from the environment behind the caller's back.
          logLevel: 'off',
          organization: null,
          project: null,
          webhookSecret: null,
        })
      : null;
  }

  /**
   * The chat completion body sent for a request: the model, the parameters
   * that change the answer and the messages. The response cache hashes it.
   * `strict: true` whenever the schema has a shape strict mode accepts.
   */
  requestBody(request: Pick<ModelRequest, 'module' | 'prompt' | 'input'>): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.model,
      messages: buildMessages(request.prompt, request.input),
      temperature: this.temperature,
      max_tokens: this.maxTokens,
    };
    // json_object forces an object: a one-word answer or a root array must be asked for without it.
    if (!rootIsObject(request.prompt)) return body;
    return { ...body, response_format: this.responseFormat(request.module, request.prompt) };
  }

  private responseFormat(module: string, prompt: PromptFile): ChatCompletionCreateParamsNonStreaming['response_format'] {
    const schema = prompt.outputSchema;
    if (this.outputMode !== 'json_schema' || !schema) return { type: 'json_object' };
    const key = `${module}\n${prompt.path}`;
    let format = this.formats.get(key);
    if (!format) {
      format = {
        type: 'json_schema',
        json_schema: { name: schemaName(module), schema: withoutDialect(schema.jsonSchema()), strict: strictBlockers(schema.tree).length === 0 },
      };
      this.formats.set(key, format);
    }
    return format;
  }

  /** What this endpoint, in this output mode, guarantees about a module's output. */
  outputEnforcement(prompt: PromptFile): OutputEnforcement | undefined {
    const tree = prompt.outputSchema?.tree;
    if (!tree || !rootIsObject(prompt)) return undefined;
    const cached = this.enforcement.get(prompt.path);
    if (cached) return cached;
    const preset = SERVER_PRESETS[this.server];
    let analysis: DialectAnalysis;
    let label: string;
    if (this.outputMode === 'json_schema') {
      analysis = analyzeDialect(tree, preset.schemaDialect);
      const blockers = preset.schemaDialect === 'openai_strict' ? strictBlockers(tree) : [];
      label = blockers.length ? `${preset.label}, strict:false because ${blockers[0]!.path} is ${blockers[0]!.reason.split(':')[0]}` : preset.label;
    } else {
      analysis = analyzeDialect(tree, 'json_object');
      label = `${preset.label}, json_object`;
    }
    const result: OutputEnforcement = { label, analysis, jsonSyntaxEnforced: this.outputMode === 'json_schema' || preset.enforcesJsonObject };
    this.enforcement.set(prompt.path, result);
    return result;
  }

  stats(): OpenAIProviderStats {
    return { ...this.limiter.stats(), maxConnections: this.limiter.max };
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const what = `openai ${this.model}, module ${request.module}${request.caseId ? `, case ${request.caseId}` : ''}`;
    if (!this.client) throw new ProviderError(`${what}: no API key (set OPENAI_API_KEY)`, 'refused', 0);
    const body = this.requestBody(request);
    let retries = 0;
    let rateLimitedSince: number | null = null;
    for (let attempt = 1; ; attempt++) {
      const slot = await this.turn(what, attempt, rateLimitedSince, request.signal);
      rateLimitedSince ??= slot.heldSince;
      let probe = false;
      if (this.hung) {
        if (this.probing || performance.now() - this.hungAt < Math.max(2 * this.timeoutMs, 1000)) {
          this.limiter.release(slot, 'other');
          throw new ProviderError(`${what}: not sent: ${this.hung}`, 'timeout', attempt - 1);
        }
        this.probing = probe = true;
      }
      const started = performance.now();
      let outcome: ChatCompletion | Failure;
      try {
        outcome = await this.attempt(this.client, body, attempt, request.signal);
      } catch (error) {
        outcome = this.classify(error);
      }
      if (!('kind' in outcome)) {
        this.limiter.release(slot, 'ok');
        this.silentAttempts = 0;
        // Any answer means the endpoint is back.
        this.hung = null;
        if (probe) this.probing = false;
        return this.response(outcome, performance.now() - started);
      }
      const failure = outcome;
      this.limiter.release(slot, failure.rateLimited ? 'rate_limited' : 'other', failure.retryAfterMs ?? 0);
      this.noteSilence(failure);
      if (probe) {
        this.probing = false;
        if (this.hung) {
          this.hungAt = performance.now();
          throw new ProviderError(
            this.redact(`${what}: ${failure.message}; the endpoint still looks hung (a probe after a pause got no reply)`),
            failure.kind,
            attempt,
          );
        }
      }

      if (request.signal?.aborted) throw new ProviderError(`${what}: aborted`, 'other', attempt);
      const gaveUp = (why: string) => new ProviderError(this.redact(`${what}: ${failure.message}; ${why}`), failure.kind, attempt);
      if (!failure.retryable) throw gaveUp(attempt === 1 ? 'not retried' : `after ${attempt} attempts`);
      if (this.hung) throw gaveUp(`gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}: ${this.hung}`);
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.maxRetryAfterMs) {
        throw gaveUp(
          `the server asks to retry after ${Math.ceil(failure.retryAfterMs / 1000)} s, more than the ${Math.ceil(this.maxRetryAfterMs / 1000)} s this run waits`,
        );
      }
      if (failure.rateLimited && failure.retryAfterMs !== undefined) {
        // The limiter holds the next attempt until the server's time has come; only the total wait is bounded.
        rateLimitedSince ??= Date.now();
        if (Date.now() - rateLimitedSince > this.maxRetryAfterMs)
          throw gaveUp(`still rate limited after ${Math.ceil(this.maxRetryAfterMs / 1000)} s of waiting (${attempt} attempts)`);
        continue;
      }
      retries += 1;
      if (retries > this.maxRetries) throw gaveUp(`gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}`);
      try {
        await sleep(failure.retryAfterMs ?? backoff(this.retryBaseDelayMs, retries), request.signal);
      } catch {
        throw new ProviderError(`${what}: aborted`, 'other', attempt);
      }
    }
  }

  /** The limiter's slot; waiting for it counts against the call's rate-limit budget, and a stopping run ends the wait. */
  private async turn(what: string, attempt: number, heldSince: number | null, signal?: AbortSignal): Promise<Slot> {
    try {
      return await this.limiter.acquire({ heldSince, signal });
    } catch (error) {
      if (error instanceof RateLimitWait) {
        throw new ProviderError(
          `${what}: ${error.message}, more than the ${Math.ceil(this.maxRetryAfterMs / 1000)} s a call waits on rate limits`,
          'http',
          attempt - 1,
        );
      }
      throw new ProviderError(`${what}: aborted`, 'other', attempt - 1);
    }
  }

  /** Any reply resets the count; attempts that heard nothing within the deadline add up to "hung". */
  private noteSilence(failure: Failure): void {
    if (failure.kind !== 'timeout') {
      if (failure.kind !== 'network' && failure.kind !== 'other') {
        // An answer, even an error, means the endpoint is not hung.
        this.silentAttempts = 0;
        this.hung = null;
      }
      return;
    }
    this.silentAttempts += 1;
    if (this.silentAttempts >= this.hungAfter && !this.hung) {
      this.hungAt = performance.now();
      this.hung = `the endpoint looks hung: ${this.silentAttempts} attempts in a row got no reply within ${this.timeoutMs} ms (raise --timeout if it is only slow)`;
    }
  }

  /** One HTTP exchange under its own deadline, which also covers reading the body. */
  private async attempt(client: OpenAI, body: ChatCompletionCreateParamsNonStreaming, attempt: number, signal?: AbortSignal): Promise<ChatCompletion> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(TIMED_OUT), this.timeoutMs);
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    try {
      const completion: unknown = await client.chat.completions.create(body, {
        signal: controller.signal,
        maxRetries: 0,
        timeout: this.timeoutMs,
        headers: { 'X-Stainless-Retry-Count': String(attempt - 1) },
      });
      if (!isCompletion(completion)) throw new MalformedReply('the endpoint answered 200 without a chat completion body');
      const content = (completion.choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
      if (content !== undefined && content !== null && typeof content !== 'string')
        throw new MalformedReply(`the endpoint's message content is ${Array.isArray(content) ? 'a list' : typeof content}, not text`);
      const ending = unusableEnding(completion.choices);
      if (ending) throw new MalformedReply(ending.message, ending.kind);
      return completion;
    } catch (error) {
      if (controller.signal.reason === TIMED_OUT) throw new CallTimedOut();
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  private classify(error: unknown): Failure {
    if (error instanceof CallTimedOut || error instanceof APIConnectionTimeoutError) {
      return { kind: 'timeout', message: `no complete reply within ${this.timeoutMs} ms`, retryable: true };
    }
    if (error instanceof MalformedReply) return { kind: error.kind, message: error.message, retryable: false };
    // A server that answers this much would answer it again.
    const tooLarge = replyTooLarge(error);
    if (tooLarge) return { kind: 'http', message: `${this.endpoint()}: ${tooLarge.message}`, retryable: false };
    if (error instanceof APIConnectionError) {
      const cause = (error as { cause?: unknown }).cause;
      const detail = describeCause(cause);
      return { kind: 'network', message: `cannot reach ${this.endpoint()}${detail ? `: ${detail}` : ''}`, retryable: true };
    }
    if (error instanceof APIError && error.status !== undefined) {
      const status = error.status;
      const retryAfterMs = retryAfter(error.headers);
      // An exhausted quota is also a 429, but waiting does not refill it.
      const quota = status === 429 && (error as { code?: unknown }).code === 'insufficient_quota';
      return {
        kind: 'http',
        message: `HTTP ${status} from ${this.endpoint()}: ${clip(error.message.replace(/^\d{3}\s+/, ''))}`,
        retryable: !quota && (status === 408 || status === 429 || status >= 500),
        ...(status === 429 && !quota ? { rateLimited: true } : {}),
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    }
    if (error instanceof SyntaxError) return { kind: 'http', message: `the reply body from ${this.endpoint()} is not valid JSON`, retryable: false };
    // A body cut off mid-way surfaces from fetch as a TypeError ("terminated").
    if (error instanceof TypeError) return { kind: 'network', message: `connection to ${this.endpoint()} failed: ${describeCause(error)}`, retryable: true };
    return { kind: 'other', message: `unexpected failure: ${clip(String((error as Error)?.message ?? error))}`, retryable: false };
  }

  private response(completion: ChatCompletion, latency_ms: number): ModelResponse {
    const input = tokenCount(completion.usage?.prompt_tokens);
    const output = tokenCount(completion.usage?.completion_tokens);
    const cachedInput = tokenCount(cachedPromptTokens(completion.usage as Parameters<typeof cachedPromptTokens>[0]));
    const usage: Usage = {
      input_tokens: input ?? 0,
      output_tokens: output ?? 0,
      ...(cachedInput && input !== undefined ? { cached_input_tokens: Math.min(cachedInput, input) } : {}),
    };
    const price = this.prices[this.model] ?? (completion.model ? this.prices[completion.model] : undefined);
    // A reply without usable token counts has an unknown cost, never 0: a budget must not believe it free.
    const cost_usd = price && input !== undefined && output !== undefined ? costOf(usage, price) : null;
    return { text: this.withoutKey(completion.choices[0]?.message?.content ?? ''), usage, latency_ms, cost_usd, cached: false };
  }

  /** Host and path only: never credentials that a URL might carry. */
  private endpoint(): string {
    try {
      const url = new URL(this.baseURL);
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
    } catch {
      return 'the configured base URL';
    }
  }

  /** No API key, and no credentials a URL in an error message might carry. */
  private redact(text: string): string {
    return this.withoutKey(text).replace(/\/\/[^/\s@]+@/g, '//***@');
  }
}

/**
 * No single call reads or writes a billion tokens: a count past that (1e308 is
 * a whole number to JavaScript) would swamp every total and cost it enters.
 */
const MAX_TOKENS_PER_CALL = 1_000_000_000;

/** A token count as the server reported it, when it is one (a whole number, not negative, not absurd). */
function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKENS_PER_CALL ? value : undefined;
}

function isCompletion(value: unknown): value is ChatCompletion {
  return typeof value === 'object' && value !== null && Array.isArray((value as { choices?: unknown }).choices);
}

function rootIsObject(prompt: PromptFile): boolean {
  const root = prompt.outputSchema?.tree;
  return prompt.metadata.output_mode !== 'text_enum' && root?.kind !== 'array' && root?.kind !== 'enum' && root?.kind !== 'string';
}

/** Some OpenAI-compatible servers reject the `$schema` dialect keyword inside response_format. */
function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** json_schema names allow [a-zA-Z0-9_-], at most 64 characters. */
function schemaName(module: string): string {
  return (module.replace(/[^a-zA-Z0-9_-]/g, '_') || 'output').slice(0, 64);
}
