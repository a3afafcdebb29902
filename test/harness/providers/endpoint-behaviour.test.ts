import { performance } from 'node:perf_hooks';
/**
 * How the openai provider meets real endpoints: what their structured output
 * enforces, strict mode, labels on failures the endpoint could not prevent,
 * rate limits, a hung server and the time-out settings a person can give.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, parseDuration, resolveCallLimits } from '../../../src/harness/config/openai-settings.js';
import { InputError, ProviderError } from '../../../src/harness/base/errors.js';
import { OpenAIProvider, type OpenAIProviderOptions } from '../../../src/harness/providers/openai-provider.js';
import { resolveOutputMode, resolveServer } from '../../../src/harness/providers/server-presets.js';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { analyzeDialect, enforcementSummary, strictBlockers } from '../../../src/harness/registry/schema-dialects.js';
import { parseModelOutput } from '../../../src/harness/model-output/parse-model-output.js';
import { unenforcedLabel } from '../../../src/harness/model-output/unenforced-failure.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { VALID_PRECHECK_OUTPUT } from '../../support/precheck-output.js';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { rateLimited } from '../../support/rate-limited.js';

let active: Map<string, PromptFile>;
let server: LoopbackServer;
beforeAll(async () => {
  active = (await loadWorkspace()).active;
  server = await startOpenAICompatibleServer();
});
afterAll(() => server.close());

const precheck = () => active.get('input_safety_precheck')!;
const provider = (options: Partial<OpenAIProviderOptions> = {}) =>
  new OpenAIProvider({ model: 'm', apiKey: 'k-test', baseURL: server.baseURL, timeoutMs: 2_000, maxRetries: 1, retryBaseDelayMs: 5, ...options });
const request = (prompt: PromptFile, caseId = 'c') => ({ module: prompt.metadata.module, prompt, input: {}, trial: 0, caseId });

describe('what each output dialect cannot enforce', () => {
  it('llama.cpp grammar: only the bounds of a non-integer number; OpenAI strict: all or, where a field blocks strict mode, nothing', () => {
    const tree = precheck().outputSchema!.tree;
    expect(analyzeDialect(tree, 'llama_cpp_grammar').unenforced.map((c) => c.text)).toEqual(['confidence >= 0', 'confidence <= 1']);
    expect(analyzeDialect(tree, 'openai_strict').unenforced).toEqual([]);
    expect(analyzeDialect(tree, 'json_object').unenforced.length).toBeGreaterThan(10);

    const plan = active.get('fact_query_planning')!.outputSchema!.tree;
    expect(strictBlockers(plan).map((b) => b.path)).toEqual(['planned_queries[].args']);
    expect(enforcementSummary(plan).openai_strict).toMatch(/strict off \(planned_queries\[\]\.args\)/);
    expect(analyzeDialect(plan, 'openai_strict').unenforced.length).toBe(analyzeDialect(plan, 'json_object').unenforced.length);
    // The free-form args object is still an object to a grammar: only the confidence bounds escape it.
    expect(analyzeDialect(plan, 'llama_cpp_grammar').unenforced.map((c) => c.path)).toEqual(['confidence', 'confidence']);
    expect(strictBlockers(active.get('customer_response_generation')!.outputSchema!.tree).map((b) => b.reason)).toEqual([
      expect.stringMatching(/array \(\[\]\) has no item type/),
    ]);
  });

  it('sends strict:true exactly where the schema allows it', () => {
    const p = provider({ outputMode: 'json_schema' });
    for (const prompt of active.values()) {
      const body = p.requestBody(request(prompt)) as { response_format?: { json_schema: { strict: boolean } } };
      // A one-word answer or a top-level list is no JSON object: no response format is asked for at all.
      if (prompt.outputSchema!.tree.kind !== 'object' && prompt.outputSchema!.tree.kind !== 'record') {
        expect(body.response_format, prompt.metadata.module).toBeUndefined();
        continue;
      }
      expect(body.response_format!.json_schema.strict, prompt.metadata.module).toBe(strictBlockers(prompt.outputSchema!.tree).length === 0);
    }
  });
});

describe('a failed schema check the endpoint could not have enforced is labelled so', () => {
  const label = (server: 'llama.cpp' | 'openai' | 'other', outputMode: 'json_schema' | 'json_object', output: unknown, prompt = precheck()) =>
    unenforcedLabel(
      provider({ server, outputMode }).outputEnforcement(prompt),
      parseModelOutput(typeof output === 'string' ? output : JSON.stringify(output), prompt.outputSchema!.zod),
    );

  it("llama.cpp grammar: confidence 9 is the endpoint's gap; a wrong enum or a missing key is the model's failure", () => {
    expect(label('llama.cpp', 'json_schema', { ...VALID_PRECHECK_OUTPUT, confidence: 9 })).toBe('not enforceable by llama.cpp grammar: confidence <= 1');
    expect(label('llama.cpp', 'json_schema', { ...VALID_PRECHECK_OUTPUT, risk_level: 'extreme' })).toBeUndefined();
    const { blocked_reason: _dropped, ...missing } = VALID_PRECHECK_OUTPUT;
    expect(label('llama.cpp', 'json_schema', missing)).toBeUndefined();
    expect(label('llama.cpp', 'json_schema', { ...VALID_PRECHECK_OUTPUT, confidence: 9, risk_level: 'extreme' })).toBeUndefined();
  });

  it('OpenAI strict enforces everything; json_object nothing; llama.cpp json_object not even JSON', () => {
    expect(label('openai', 'json_schema', { ...VALID_PRECHECK_OUTPUT, confidence: 9 })).toBeUndefined();
    expect(label('openai', 'json_object', { ...VALID_PRECHECK_OUTPUT, risk_level: 'extreme' })).toMatch(
      /not enforceable by OpenAI structured outputs, json_object: risk_level in enum/,
    );
    expect(label('other', 'json_object', 'plain words')).toBeUndefined();
    expect(label('llama.cpp', 'json_object', 'plain words')).toMatch(/does not enforce JSON output/);
    const plan = active.get('fact_query_planning')!;
    expect(label('openai', 'json_schema', { need_tool_queries: 'yes' }, plan)).toMatch(/strict:false because planned_queries\[\]\.args is a free-form object/);
  });
});

describe('server presets and output_mode auto', () => {
  it('recognises hosted APIs by host and Ollama by its port; a named server is taken as said', () => {
    expect(resolveServer('auto', null)).toBe('openai');
    expect(resolveServer('auto', 'https://api.openai.com/v1')).toBe('openai');
    expect(resolveServer('auto', 'https://api.deepseek.com/v1')).toBe('deepseek');
    expect(resolveServer('auto', 'http://localhost:11434/v1')).toBe('ollama');
    expect(resolveServer('auto', 'http://127.0.0.1:8080/v1')).toBe('other');
    expect(resolveServer('llama.cpp', 'http://127.0.0.1:8080/v1')).toBe('llama.cpp');
    expect(resolveOutputMode('auto', 'llama.cpp')).toBe('json_schema');
    expect(resolveOutputMode('auto', 'deepseek')).toBe('json_object');
    expect(resolveOutputMode('auto', 'other')).toBe('json_object');
    expect(resolveOutputMode('json_object', 'llama.cpp')).toBe('json_object');
  });
});

describe('time-outs a person can set', () => {
  it('flags beat environment variables; bad values are one-line input errors', () => {
    expect(resolveCallLimits({ env: {} })).toEqual({});
    expect(resolveCallLimits({ env: { ORDERFLOW_TIMEOUT: '45', ORDERFLOW_MAX_RETRIES: '1' } })).toEqual({ timeoutMs: 45_000, maxRetries: 1 });
    expect(resolveCallLimits({ timeout: '1500ms', maxRetries: '0', env: { ORDERFLOW_TIMEOUT: '45', ORDERFLOW_MAX_RETRIES: '1' } })).toEqual({
      timeoutMs: 1500,
      maxRetries: 0,
    });
    expect(parseDuration('2m', 'x')).toBe(120_000);
    expect(() => parseDuration('soon', '--timeout')).toThrow(InputError);
    expect(() => resolveCallLimits({ maxRetries: '-1', env: {} })).toThrow(/^maxRetries: error:/);
    expect(() => resolveCallLimits({ env: { ORDERFLOW_TIMEOUT: '0' } })).toThrow(/ORDERFLOW_TIMEOUT/);
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
  });

  it('a hung endpoint: after three silent attempts in a row every further call fails at once', async () => {
    server.setHandler(() => ({ hang: true }));
    const p = provider({ timeoutMs: 300, maxRetries: 3, maxConnections: 2 });
    const before = server.completionRequests().length;
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => p.complete(request(precheck(), `hung-${i}`))));
    const errors = results.map((r) => (r.status === 'rejected' ? (r.reason as ProviderError) : null));
    expect(errors.every((e) => e instanceof ProviderError && e.kind === 'timeout')).toBe(true);
    expect(errors.some((e) => /not sent: the endpoint looks hung: 3 attempts in a row got no reply within 300 ms/.test(e!.message))).toBe(true);
    // Without the breaker: 10 calls × 4 attempts = 40 requests (and about 6 s); with it, the three silent ones and what was in flight.
    expect(server.completionRequests().length - before).toBeLessThanOrEqual(4);
    const sent = server.completionRequests().length;
    server.setHandler(() => ({ content: JSON.stringify(VALID_PRECHECK_OUTPUT) }));
    await expect(p.complete(request(precheck()))).rejects.toThrow(/looks hung/);
    expect(server.completionRequests().length).toBe(sent);
  });

  it('an endpoint that stalled and came back is probed after a pause and used again', async () => {
    server.setHandler(() => ({ hang: true }));
    const p = provider({ timeoutMs: 200, maxRetries: 3, maxConnections: 2 });
    await Promise.allSettled(Array.from({ length: 6 }, (_, i) => p.complete(request(precheck(), `stall-${i}`))));
    await expect(p.complete(request(precheck()))).rejects.toThrow(/not sent: the endpoint looks hung/);
    // Still hung at the first probe: it fails, and the pause starts again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(p.complete(request(precheck(), 'probe-1'))).rejects.toThrow(/still looks hung \(a probe after a pause got no reply\)/);
    await expect(p.complete(request(precheck()))).rejects.toThrow(/not sent/);
    // Back: the next probe is answered, and calls go through again.
    server.setHandler(() => ({ content: JSON.stringify(VALID_PRECHECK_OUTPUT) }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(p.complete(request(precheck(), 'probe-2'))).resolves.toMatchObject({ text: JSON.stringify(VALID_PRECHECK_OUTPUT) });
    await expect(p.complete(request(precheck(), 'after'))).resolves.toMatchObject({ text: JSON.stringify(VALID_PRECHECK_OUTPUT) });
  });

  it('a slow reply between silent attempts keeps the endpoint alive', async () => {
    let n = 0;
    server.setHandler(() => (n++ % 2 === 0 ? { hang: true } : { content: JSON.stringify(VALID_PRECHECK_OUTPUT) }));
    const p = provider({ timeoutMs: 200, maxRetries: 2, maxConnections: 1 });
    const results: PromiseSettledResult<unknown>[] = [];
    // One at a time: each call's first attempt times out, its retry is answered; four calls, four silent attempts in all.
    for (let i = 0; i < 4; i++) results.push(...(await Promise.allSettled([p.complete(request(precheck(), `alive-${i}`))])));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

describe('rate limits: adaptive concurrency, no retry storm', () => {
  it('429 + Retry-After: every call succeeds, the window shrinks, and rejected requests stay a small share', async () => {
    const { handler, counters } = rateLimited(() => ({ content: JSON.stringify(VALID_PRECHECK_OUTPUT), delayMs: 20 }), { ratePerSec: 40, burst: 5 });
    // A bucket a slow machine still overruns: 32 connections open at once against a burst of 5, so some 429s come whatever the load.
    server.setHandler(handler);
    // A generous deadline: this test is about 429s, and a loaded CI machine must not turn it into time-outs.
    const p = provider({ maxConnections: 32, maxRetries: 0, timeoutMs: 30_000 });
    const calls = 120;
    const results = await Promise.allSettled(Array.from({ length: calls }, (_, i) => p.complete(request(precheck(), `rl-${i}`))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(counters.admitted).toBe(calls);
    expect(p.stats().decreases).toBeGreaterThan(0);
    expect(p.stats().pace).not.toBeNull();
    // A storm re-sends every rejected call at once, again and again; here 429s stay below the calls made.
    expect(counters.rejected).toBeLessThan(calls);
  });

  it('one 429 with Retry-After: 3600 ends its own call and holds the others no longer than the cap', async () => {
    const capMs = 1_000;
    server.setHandler((r) =>
      JSON.stringify(r.body).includes('rl-hour-0')
        ? { status: 429, headers: { 'retry-after': '3600' } }
        : { content: JSON.stringify(VALID_PRECHECK_OUTPUT), delayMs: 50 },
    );
    const p = provider({ maxConnections: 2, maxRetries: 0, maxRetryAfterMs: capMs });
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => p.complete({ ...request(precheck(), `rl-hour-${i}`), input: { id: `rl-hour-${i}` } })),
    );
    const elapsed = performance.now() - started;
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/retry after 3600 s/) } });
    expect(results.slice(1).filter((r) => r.status === 'rejected')).toEqual([]);
    // One pause of at most the cap, then 11 replies of 50 ms two at a time; the old limiter held them for the hour.
    expect(elapsed).toBeLessThan(capMs + 5_000);
  }, 20_000);

  it("a call queued behind the others' 429s gives up once its rate-limit budget is spent, not when its turn comes", async () => {
    const capMs = 1_000;
    server.setHandler(() => ({ status: 429, headers: { 'retry-after-ms': '400' } }));
    const p = provider({ maxConnections: 1, maxRetries: 0, maxRetryAfterMs: capMs });
    const ends: number[] = [];
    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => p.complete(request(precheck(), `rl-queue-${i}`)).finally(() => ends.push(performance.now() - started))),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    // One connection and a 400 ms pause per attempt: queueing for a turn would take 12 × 0.4 s and more; every call stops near the cap instead.
    expect(Math.max(...ends)).toBeLessThan(capMs + 2_500);
  }, 30_000);

  it('a call waiting out a rate-limit pause stops when its signal aborts', async () => {
    server.setHandler(() => ({ status: 429, headers: { 'retry-after-ms': '5000' } }));
    const p = provider({ maxConnections: 1, maxRetries: 0, maxRetryAfterMs: 10_000 });
    const first = p.complete(request(precheck(), 'rl-abort-0')).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const controller = new AbortController();
    const started = performance.now();
    const waiting = p.complete({ ...request(precheck(), 'rl-abort-1'), signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(waiting).rejects.toThrow(/aborted/);
    expect(performance.now() - started).toBeLessThan(2_000);
    server.setHandler(() => ({ content: JSON.stringify(VALID_PRECHECK_OUTPUT) }));
    await first;
  }, 20_000);

  it('an exhausted quota (429 insufficient_quota) is not retried', async () => {
    server.setHandler(() => ({
      status: 429,
      headers: { 'retry-after': '1' },
      body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
    }));
    const before = server.completionRequests().length;
    await expect(provider().complete(request(precheck()))).rejects.toThrow(/HTTP 429.*not retried/);
    expect(server.completionRequests().length - before).toBe(1);
  });
});
