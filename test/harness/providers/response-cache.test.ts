import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigSchema, type Config } from '../../../src/harness/config/config-schema.js';
import { InputError, ProviderError } from '../../../src/harness/base/errors.js';
import { createProvider } from '../../../src/harness/create-provider.js';
import { OpenAIProvider, type OpenAIProviderOptions } from '../../../src/harness/providers/openai-provider.js';
import type { ModelRequest } from '../../../src/harness/providers/provider.js';
import { canonicalJson } from '../../../src/harness/base/canonical-json.js';
import { CachedProvider, type CacheMode } from '../../../src/harness/providers/response-cache.js';
import { SimProvider } from '../../../src/agent/models/sim/sim-provider.js';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { startOpenAICompatibleServer, type LoopbackServer, type RecordedRequest, type Reply } from '../../support/openai-compatible-server.js';

const KEY = 'sk-test-SECRET-1234';
const MODULE = 'intent_recognition';

let prompts: Map<string, PromptFile>;
let prompt: PromptFile;
let answer: string;
let server: LoopbackServer;
let root: string;
let dirs = 0;

function request(extra: Partial<ModelRequest> = {}): ModelRequest {
  return {
    module: MODULE,
    prompt,
    input: {
      user_query: '我的订单 O55667 到现在还没发货，能帮我查一下吗？',
      sanitized_user_query: null,
      safety_precheck: { risk_level: 'none', risk_tags: [], recommended_next_step: 'continue' },
      conversation_history: [],
      memory_context: { recent_user_preferences: [], recent_task_summary: null },
    },
    trial: 0,
    caseId: 'cache-test-001',
    ...extra,
  };
}

function openai(options: Partial<OpenAIProviderOptions> = {}): OpenAIProvider {
  return new OpenAIProvider({ model: 'test-model', apiKey: KEY, baseURL: server.baseURL, timeoutMs: 5_000, maxRetries: 0, retryBaseDelayMs: 10, ...options });
}

async function freshDir(): Promise<string> {
  return mkdtemp(join(root, `c${dirs++}-`));
}

function cached(dir: string, mode: CacheMode = 'read_write', options: Partial<OpenAIProviderOptions> = {}): CachedProvider {
  return new CachedProvider(openai(options), { dir, mode });
}

/** Requests the server receives from now on. */
function handle(handler: (r: RecordedRequest, n: number) => Reply | Promise<Reply>): () => RecordedRequest[] {
  const from = server.requests.length;
  let n = 0;
  server.setHandler((r) => handler(r, n++));
  return () => server.requests.slice(from);
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function config(extra: Record<string, unknown> = {}): Config {
  return ConfigSchema.parse(extra);
}

beforeAll(async () => {
  prompts = (await loadWorkspace()).active;
  prompt = prompts.get(MODULE)!;
  answer = prompt.examples.find((e) => e.kind === 'output')!.text.trim();
  server = await startOpenAICompatibleServer();
  root = await mkdtemp(join(tmpdir(), 'orderflow-cache-test-'));
});

afterAll(async () => {
  await server?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('CachedProvider', () => {
  it('the same request twice → one upstream call; the hit returns what the call returned', async () => {
    const seen = handle(() => ({ content: answer, usage: { prompt_tokens: 900, completion_tokens: 120 } }));
    const dir = await freshDir();
    const provider = cached(dir, 'read_write', { prices: { 'test-model': { input_per_mtok: 1, output_per_mtok: 4 } } });
    const first = await provider.complete(request());
    const second = await provider.complete(request());
    expect(seen()).toHaveLength(1);
    expect(first.cached).toBe(false);
    expect(second).toEqual({ ...first, cached: true });
    expect(second.usage).toEqual({ input_tokens: 900, output_tokens: 120 });
    expect(second.cost_usd).toBeCloseTo(0.00138, 10);

    // The entry lies at <dir>/<first two hex>/<hash>.json, with no temporary file left behind.
    const key = provider.key(request());
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await files(dir)).toEqual([join(dir, key.slice(0, 2), `${key}.json`)]);
    const entry = JSON.parse(await readFile(provider.entryPath(key), 'utf8'));
    expect(entry).toMatchObject({
      key,
      provider: 'openai',
      model: 'test-model',
      module: MODULE,
      case_id: 'cache-test-001',
      trial: 0,
      response: { text: answer },
    });

    // Another provider object on the same directory (another run) hits too.
    await cached(dir).complete(request());
    expect(seen()).toHaveLength(1);
  });

  it('a different trial is a different key and a separate upstream call', async () => {
    const seen = handle(() => ({ content: answer }));
    const provider = cached(await freshDir());
    expect(provider.key(request({ trial: 1 }))).not.toBe(provider.key(request({ trial: 0 })));
    await provider.complete(request({ trial: 0 }));
    await provider.complete(request({ trial: 1 }));
    await provider.complete(request({ trial: 1 }));
    expect(seen()).toHaveLength(2);
  });

  it('timeouts, retries, base URL, API key, case id and signal do not change the key', async () => {
    const dir = await freshDir();
    const base = cached(dir).key(request());
    expect(cached(dir, 'read_write', { timeoutMs: 123, maxRetries: 7, maxConnections: 2, retryBaseDelayMs: 1 }).key(request())).toBe(base);
    expect(cached(dir, 'read_write', { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-other' }).key(request())).toBe(base);
    expect(cached(dir).key(request({ caseId: 'another-id', signal: new AbortController().signal }))).toBe(base);
  });

  it('what changes the answer changes the key: model, temperature, max_tokens, output mode, messages, provider', async () => {
    const dir = await freshDir();
    const base = cached(dir).key(request());
    const keys = [
      cached(dir, 'read_write', { model: 'other-model' }).key(request()),
      cached(dir, 'read_write', { temperature: 0.7 }).key(request()),
      cached(dir, 'read_write', { maxTokens: 100 }).key(request()),
      cached(dir, 'read_write', { outputMode: 'json_schema' }).key(request()),
      cached(dir).key(request({ input: { ...request().input, user_query: '别的问题' } })),
      new CachedProvider(new SimProvider('reference'), { dir, mode: 'read_write' }).key(request()),
    ];
    expect(new Set([base, ...keys]).size).toBe(keys.length + 1);
  });

  it('a changed timeout still hits what was recorded (here against a dead endpoint)', async () => {
    handle(() => ({ content: answer }));
    const dir = await freshDir();
    await cached(dir).complete(request());
    const dead = await startOpenAICompatibleServer();
    await dead.close();
    const response = await cached(dir, 'read_write', { baseURL: dead.baseURL, timeoutMs: 50, maxRetries: 5 }).complete(request());
    expect(response).toMatchObject({ text: answer, cached: true });
  });

  it('replay: a miss throws replay_miss naming module and case, and never calls upstream', async () => {
    const seen = handle(() => ({ content: answer }));
    const error = await cached(await freshDir(), 'replay')
      .complete(request())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe('replay_miss');
    expect((error as ProviderError).message).toContain(MODULE);
    expect((error as ProviderError).message).toContain('cache-test-001');
    expect(seen()).toHaveLength(0);
  });

  it('replay: a hit works with no API key at all', async () => {
    handle(() => ({ content: answer }));
    const dir = await freshDir();
    await cached(dir).complete(request({ trial: 2 }));
    const seen = handle(() => ({ status: 500 }));
    const replay = await createProvider({
      provider: 'openai',
      config: config({ cache: { dir } }),
      env: { ORDERFLOW_MODEL: 'test-model', OPENAI_BASE_URL: server.baseURL },
      cacheMode: 'replay',
    });
    const response = await replay.complete(request({ trial: 2 }));
    expect(response).toMatchObject({ text: answer, cached: true });
    const miss = await replay.complete(request({ trial: 3 })).catch((e: unknown) => e);
    expect((miss as ProviderError).kind).toBe('replay_miss');
    expect(seen()).toHaveLength(0);
  });

  it('the API key appears in no cache file', async () => {
    handle((r) => ({ content: answer.replace('O123', String(r.index)) }));
    const dir = await freshDir();
    const provider = cached(dir);
    await Promise.all([0, 1, 2, 3].map((trial) => provider.complete(request({ trial }))));
    const written = await files(dir);
    expect(written).toHaveLength(4);
    for (const file of written) {
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('SECRET');
      expect(text).not.toContain('Bearer');
    }
  });

  it('a ProviderError is not cached: the next call goes upstream again', async () => {
    const seen = handle((_, n) => (n === 0 ? { status: 503 } : { content: answer }));
    const dir = await freshDir();
    const provider = cached(dir);
    const error = await provider.complete(request()).catch((e: unknown) => e);
    expect((error as ProviderError).kind).toBe('http');
    expect(await files(dir)).toHaveLength(0);
    expect((await provider.complete(request())).cached).toBe(false);
    expect((await provider.complete(request())).cached).toBe(true);
    expect(seen()).toHaveLength(2);
  });

  it('off: passes every call through and writes nothing', async () => {
    const seen = handle(() => ({ content: answer }));
    const dir = await freshDir();
    const provider = cached(dir, 'off');
    await provider.complete(request());
    const again = await provider.complete(request());
    expect(again.cached).toBe(false);
    expect(seen()).toHaveLength(2);
    expect(await files(dir)).toHaveLength(0);
  });

  it('identical calls in flight at once share one upstream call', async () => {
    const seen = handle(() => ({ content: answer, delayMs: 50 }));
    const provider = cached(await freshDir());
    const responses = await Promise.all(Array.from({ length: 8 }, () => provider.complete(request())));
    expect(seen()).toHaveLength(1);
    expect(responses.filter((r) => !r.cached)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.text))).toEqual(new Set([answer]));
  });

  it('an unreadable entry counts as a miss and is rewritten', async () => {
    const seen = handle(() => ({ content: answer }));
    const dir = await freshDir();
    const provider = cached(dir);
    await provider.complete(request());
    const path = provider.entryPath(provider.key(request()));
    await writeFile(path, '{"cache_version": 1, "key": "trunc');
    expect((await provider.complete(request())).cached).toBe(false);
    expect((await provider.complete(request())).cached).toBe(true);
    expect(seen()).toHaveLength(2);
  });

  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(canonicalJson({ a: { d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });
});

describe('createProvider', () => {
  it('sim and sim:gullible are offline and uncached', async () => {
    const sim = await createProvider({ provider: 'sim', config: config(), env: {} });
    const gullible = await createProvider({ provider: 'sim:gullible', config: config(), env: {} });
    expect(sim).toBeInstanceOf(SimProvider);
    expect(sim.id).toBe('sim');
    expect(gullible).toBeInstanceOf(SimProvider);
    expect(gullible.id).toBe('sim:gullible');
  });

  it('openai: a cached provider; model from option, else config, else ORDERFLOW_MODEL', async () => {
    const env = { OPENAI_API_KEY: KEY, ORDERFLOW_MODEL: 'env-model' };
    const p = await createProvider({ provider: 'openai', model: 'flag-model', config: config({ model: 'config-model' }), env });
    expect(p).toBeInstanceOf(CachedProvider);
    expect(p.id).toBe('openai');
    expect(p.model).toBe('flag-model');
    expect((await createProvider({ provider: 'openai', config: config({ model: 'config-model' }), env })).model).toBe('config-model');
    expect((await createProvider({ provider: 'openai', config: config(), env })).model).toBe('env-model');
    expect(((await createProvider({ provider: 'openai', config: config(), env, cacheMode: 'off' })) as CachedProvider).mode).toBe('off');
  });

  it('OPENAI_BASE_URL wins over openai.base_url; the key comes from OPENAI_API_KEY', async () => {
    const seen = handle(() => ({ content: answer }));
    const p = await createProvider({
      provider: 'openai',
      config: config({ model: 'test-model', openai: { base_url: 'http://127.0.0.1:9/v1', max_retries: 0 } }),
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.baseURL },
      cacheMode: 'off',
    });
    expect((await p.complete(request())).text).toBe(answer);
    expect(seen()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a missing model, a missing key or an unknown provider is an InputError saying what is expected', async () => {
    const attempt = async (f: () => Promise<unknown>) => {
      try {
        await f();
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).message;
      }
      throw new Error('expected an InputError');
    };
    expect(await attempt(() => createProvider({ provider: 'openai', config: config(), env: { OPENAI_API_KEY: KEY } }))).toMatch(/model.*ORDERFLOW_MODEL/s);
    expect(await attempt(() => createProvider({ provider: 'openai', config: config({ model: 'm' }), env: {} }))).toMatch(/OPENAI_API_KEY/);
    expect(await attempt(() => createProvider({ provider: 'openai', config: config({ model: 'm' }), env: {}, cacheMode: 'off' }))).toMatch(/OPENAI_API_KEY/);
    expect(await attempt(() => createProvider({ provider: 'anthropic', config: config(), env: {} }))).toMatch(/sim, sim:gullible, sim:adversary, openai/);
    // replay needs no key: it never calls out
    expect((await createProvider({ provider: 'openai', config: config({ model: 'm' }), env: {}, cacheMode: 'replay' })).model).toBe('m');
  });
});
