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
 * deadline covering the whole reply, 408/429/5xx and network failures are
 * retried up to maxRetries times, waiting what Retry-After (or retry-after-ms)
 * says, else exponential back-off with jitter.
 *
 * Connections: the SDK uses Node's global fetch, whose pool opens as many
 * keep-alive connections per origin as there are calls in flight; at 64
 * concurrent calls against a loopback server answering after 100 ms it reaches
 * the same calls/s as bare fetch. maxConnections bounds the calls in flight.
 */
import { performance } from 'node:perf_hooks';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import pLimit, { type LimitFunction } from 'p-limit';
import { buildMessages } from './messages.js';
import { ProviderError, type ModelRequest, type ModelResponse, type Provider, type Usage } from './provider.js';

export interface Price {
  input_per_mtok: number;
  output_per_mtok: number;
}

export type OutputMode = 'json_object' | 'json_schema';

export interface OpenAIProviderOptions {
  model: string;
  /** Null only where no call is ever expected (replay): a call then fails without touching the network. */
  apiKey: string | null;
  /** e.g. http://localhost:8000/v1; default https://api.openai.com/v1. */
  baseURL?: string | null;
  /** Deadline of one attempt, from sending the request to the last byte of the reply. */
  timeoutMs?: number;
  /** Retries after the first attempt, on 408, 429, 5xx, timeouts and network failures. */
  maxRetries?: number;
  outputMode?: OutputMode;
  temperature?: number;
  maxTokens?: number;
  /** Calls in flight at once through this provider. */
  maxConnections?: number;
  /** model → price per million tokens; a model without a price costs 0. */
  prices?: Record<string, Price>;
  /** The longest Retry-After honoured; a server asking for more ends the call at once. */
  maxRetryAfterMs?: number;
  /** First back-off delay when the server gives no Retry-After (doubles per retry, at most 8 s). */
  retryBaseDelayMs?: number;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const MAX_BACKOFF_MS = 8_000;
const TIMED_OUT = Symbol('timed out');

interface Failure {
  kind: ProviderError['kind'];
  message: string;
  retryable: boolean;
  retryAfterMs?: number;
}

export class OpenAIProvider implements Provider {
  readonly id = 'openai';
  readonly model: string;
  readonly baseURL: string;
  private readonly client: OpenAI | null;
  private readonly apiKey: string | null;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly outputMode: OutputMode;
  private readonly temperature: number;
  private readonly maxTokens: number;
  private readonly prices: Record<string, Price>;
  private readonly maxRetryAfterMs: number;
  private readonly retryBaseDelayMs: number;
  private readonly limit: LimitFunction;

  constructor(options: OpenAIProviderOptions) {
    this.model = options.model;
    this.baseURL = options.baseURL || DEFAULT_BASE_URL;
    this.apiKey = options.apiKey || null;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.outputMode = options.outputMode ?? 'json_object';
    this.temperature = options.temperature ?? 0;
    this.maxTokens = options.maxTokens ?? 2048;
    this.prices = options.prices ?? {};
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
    this.limit = pLimit(options.maxConnections ?? 64);
    this.client = this.apiKey
      ? new OpenAI({
          apiKey: this.apiKey,
          baseURL: this.baseURL,
          maxRetries: 0,
          timeout: this.timeoutMs,
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
   */
  requestBody(request: Pick<ModelRequest, 'module' | 'prompt' | 'input'>): ChatCompletionCreateParamsNonStreaming {
    const schema = request.prompt.outputSchema;
    return {
      model: this.model,
      messages: buildMessages(request.prompt, request.input),
      temperature: this.temperature,
      max_tokens: this.maxTokens,
      response_format:
        this.outputMode === 'json_schema' && schema
          ? { type: 'json_schema', json_schema: { name: schemaName(request.module), schema: withoutDialect(schema.jsonSchema()), strict: false } }
          : { type: 'json_object' },
    };
  }

  complete(request: ModelRequest): Promise<ModelResponse> {
    return this.limit(() => this.callWithRetries(request));
  }

  private async callWithRetries(request: ModelRequest): Promise<ModelResponse> {
    const what = `openai ${this.model}, module ${request.module}${request.caseId ? `, case ${request.caseId}` : ''}`;
    if (!this.client) throw new ProviderError(`${what}: no API key (set OPENAI_API_KEY)`, 'refused', 0);
    const body = this.requestBody(request);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      let outcome: ChatCompletion | Failure;
      try {
        outcome = await this.attempt(this.client, body, attempt, request.signal);
      } catch (error) {
        outcome = this.classify(error);
      }
      if (!('kind' in outcome)) return this.response(outcome, performance.now() - started);

      const failure = outcome;
      if (request.signal?.aborted) throw new ProviderError(`${what}: aborted`, 'other', attempt);
      const gaveUp = (why: string) => new ProviderError(this.redact(`${what}: ${failure.message}; ${why}`), failure.kind, attempt);
      if (!failure.retryable) throw gaveUp(attempt === 1 ? 'not retried' : `after ${attempt} attempts`);
      if (attempt > this.maxRetries) throw gaveUp(`gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}`);
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.maxRetryAfterMs) {
        throw gaveUp(`the server asks to retry after ${Math.ceil(failure.retryAfterMs / 1000)} s, more than the ${Math.ceil(this.maxRetryAfterMs / 1000)} s this run waits`);
      }
      const delay = failure.retryAfterMs ?? backoff(this.retryBaseDelayMs, attempt);
      try {
        await sleep(delay, request.signal);
      } catch {
        throw new ProviderError(`${what}: aborted`, 'other', attempt);
      }
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
      return completion;
    } catch (error) {
      if (controller.signal.reason === TIMED_OUT) throw new TimedOut();
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  private classify(error: unknown): Failure {
    if (error instanceof TimedOut || error instanceof APIConnectionTimeoutError) {
      return { kind: 'timeout', message: `no complete reply within ${this.timeoutMs} ms`, retryable: true };
    }
    if (error instanceof MalformedReply) return { kind: 'http', message: error.message, retryable: false };
    if (error instanceof APIConnectionError) {
      const cause = (error as { cause?: unknown }).cause;
      const detail = describeCause(cause);
      return { kind: 'network', message: `cannot reach ${this.endpoint()}${detail ? `: ${detail}` : ''}`, retryable: true };
    }
    if (error instanceof APIError && error.status !== undefined) {
      const status = error.status;
      const retryAfterMs = retryAfter(error.headers);
      return {
        kind: 'http',
        message: `HTTP ${status} from ${this.endpoint()}: ${clip(error.message.replace(/^\d{3}\s+/, ''))}`,
        retryable: status === 408 || status === 429 || status >= 500,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    }
    if (error instanceof SyntaxError) return { kind: 'http', message: `the reply body from ${this.endpoint()} is not valid JSON`, retryable: false };
    // A body cut off mid-way surfaces from fetch as a TypeError ("terminated").
    if (error instanceof TypeError) return { kind: 'network', message: `connection to ${this.endpoint()} failed: ${describeCause(error)}`, retryable: true };
    return { kind: 'other', message: `unexpected failure: ${clip(String((error as Error)?.message ?? error))}`, retryable: false };
  }

  private response(completion: ChatCompletion, latency_ms: number): ModelResponse {
    const usage: Usage = {
      input_tokens: completion.usage?.prompt_tokens ?? 0,
      output_tokens: completion.usage?.completion_tokens ?? 0,
    };
    const price = this.prices[this.model] ?? (completion.model ? this.prices[completion.model] : undefined);
    const cost_usd = price ? (usage.input_tokens * price.input_per_mtok + usage.output_tokens * price.output_per_mtok) / 1_000_000 : 0;
    return { text: completion.choices[0]?.message?.content ?? '', usage, latency_ms, cost_usd, cached: false };
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
    const withoutKey = this.apiKey && this.apiKey.length >= 4 ? text.split(this.apiKey).join('***') : text;
    return withoutKey.replace(/\/\/[^/\s@]+@/g, '//***@');
  }
}

class TimedOut extends Error {}
class MalformedReply extends Error {}

function isCompletion(value: unknown): value is ChatCompletion {
  return typeof value === 'object' && value !== null && Array.isArray((value as { choices?: unknown }).choices);
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

/**
 * The wait a 429/503 asks for: `retry-after-ms` (milliseconds), else
 * `Retry-After` as seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function backoff(baseMs: number, attempt: number): number {
  const delay = Math.min(baseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return delay * (1 - Math.random() * 0.25);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return '';
  const inner = (cause as { cause?: unknown }).cause;
  const code = (inner as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  const innerMessage = inner instanceof Error ? inner.message : '';
  return [cause.message, innerMessage, typeof code === 'string' && !innerMessage.includes(code) ? code : ''].filter(Boolean).join(': ');
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
