/**
 * The response cache, and strict replay on top of it.
 *
 * The key is the sha256 of a canonical JSON of what can change the answer: the
 * provider id, the model, the request the provider would send (parameters such
 * as temperature, max_tokens, the output mode and JSON schema, and the
 * messages) and the trial index. Timeouts, retry counts, the base URL and the
 * API key are left out: they change how an answer is fetched, not what it is.
 *
 * Entries are files `<dir>/<first two hex>/<hash>.json`, written to a temporary
 * name and renamed, so a concurrent run sees a whole entry or none. An entry
 * holds the raw text, usage, latency and cost of the original call, with the
 * module, case id and trial for people browsing the cache; never a secret.
 *
 * Modes: `read_write` (hit → stored, miss → call and store), `off` (pass
 * through), `replay` (hit → stored, miss → ProviderError `replay_miss`; the
 * inner provider is never called, so CI can re-run a recorded evaluation
 * without a key). Only successful calls are stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { canonicalJson } from '../base/canonical-json.js';
import { buildMessages } from './messages.js';
import type { PromptFile } from '../registry/prompt-file.js';
import type { ModelRequest, ModelResponse, OutputEnforcement, Provider } from './provider.js';
import { ProviderError } from '../base/errors.js';

export type CacheMode = 'read_write' | 'off' | 'replay';

/** Bump when the key material or the entry format changes: old entries then simply miss. */
const CACHE_VERSION = 1;

/** A provider that can say exactly what it would send for a request (OpenAIProvider does). */
export interface RequestDescribing {
  requestBody(request: ModelRequest): unknown;
}

export interface CachedProviderOptions {
  /** Cache directory, e.g. `.orderflow-cache`. */
  dir: string;
  mode: CacheMode;
}

const EntrySchema = z.object({
  cache_version: z.literal(CACHE_VERSION),
  key: z.string(),
  response: z.object({
    text: z.string(),
    usage: z.object({ input_tokens: z.number(), output_tokens: z.number(), cached_input_tokens: z.number().optional() }),
    latency_ms: z.number(),
    cost_usd: z.number().nullable(),
  }),
});

export class CachedProvider implements Provider {
  readonly id: string;
  readonly model: string;
  readonly callSettings?: Record<string, string | number>;
  readonly dir: string;
  readonly mode: CacheMode;
  /** Entries that could not be written (disk full, permissions): the calls still succeeded. */
  readonly writeFailures: string[] = [];
  private readonly inFlight = new Map<string, Promise<ModelResponse>>();

  constructor(
    readonly inner: Provider & Partial<RequestDescribing>,
    options: CachedProviderOptions,
  ) {
    this.id = inner.id;
    this.model = inner.model;
    if (inner.callSettings) this.callSettings = inner.callSettings;
    this.dir = options.dir;
    this.mode = options.mode;
  }

  /** The cache key of a request (sha256 hex). */
  key(request: ModelRequest): string {
    const material = {
      cache_version: CACHE_VERSION,
      provider: this.inner.id,
      model: this.inner.model,
      request: this.inner.requestBody ? this.inner.requestBody(request) : { messages: buildMessages(request.prompt, request.input) },
      trial: request.trial,
    };
    return createHash('sha256').update(canonicalJson(material)).digest('hex');
  }

  /** Where the entry of a key lives. */
  entryPath(key: string): string {
    return join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    if (this.mode === 'off') return this.inner.complete(request);
    const key = this.key(request);
    const stored = await this.read(key);
    if (stored) return stored;
    if (this.mode === 'replay') {
      const where = `module ${request.module}${request.caseId ? `, case ${request.caseId}` : ''}, trial ${request.trial}`;
      throw new ProviderError(
        `replay: no recorded response for ${where} (${this.inner.id} ${this.inner.model}, key ${key.slice(0, 12)}) in ${this.dir}; record it first with cache mode read_write`,
        'replay_miss',
        0,
      );
    }
    // Identical requests in flight at once share one upstream call.
    const pending = this.inFlight.get(key);
    if (pending) return { ...(await pending), cached: true };
    const call = this.callAndStore(key, request);
    this.inFlight.set(key, call);
    try {
      return await call;
    } finally {
      this.inFlight.delete(key);
    }
  }

  outputEnforcement(prompt: PromptFile): OutputEnforcement | undefined {
    return this.inner.outputEnforcement?.(prompt);
  }

  /** The stored response for a request, or undefined: never a call. */
  async lookup(request: ModelRequest): Promise<ModelResponse | undefined> {
    return this.read(this.key(request));
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }

  private async callAndStore(key: string, request: ModelRequest): Promise<ModelResponse> {
    const response = await this.inner.complete(request);
    const entry = {
      cache_version: CACHE_VERSION,
      key,
      provider: this.inner.id,
      model: this.inner.model,
      module: request.module,
      ...(request.caseId ? { case_id: request.caseId } : {}),
      trial: request.trial,
      created_at: new Date().toISOString(),
      response: { text: response.text, usage: response.usage, latency_ms: response.latency_ms, cost_usd: response.cost_usd },
    };
    try {
      await writeAtomically(this.entryPath(key), `${JSON.stringify(entry, null, 2)}\n`);
    } catch (error) {
      this.writeFailures.push(`${this.entryPath(key)}: ${(error as Error).message}`);
    }
    return response;
  }

  /** The stored response, or undefined when there is none or it is unreadable (then it counts as a miss). */
  private async read(key: string): Promise<ModelResponse | undefined> {
    let text: string;
    try {
      text = await readFile(this.entryPath(key), 'utf8');
    } catch {
      return undefined;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const entry = EntrySchema.safeParse(json);
    if (!entry.success || entry.data.key !== key) return undefined;
    return { ...entry.data.response, cached: true };
  }
}

async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
