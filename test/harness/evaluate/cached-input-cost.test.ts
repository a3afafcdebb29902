/**
 * Cached input tokens as users pay for them: read from either dialect
 * (OpenAI's prompt_tokens_details.cached_tokens, DeepSeek's
 * prompt_cache_hit_tokens), priced at cached_input_per_mtok, unknown without
 * it (never the full price), shown in report.md, and forecast by --dry-run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../../../src/harness/evaluate/estimate-run.js';
import { estimateTokens } from '../../../src/harness/providers/token-estimate.js';
import { cacheablePrefixTokens } from '../../../src/harness/providers/cached-prefix.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';

type UsageReply = { prompt_tokens: number; completion_tokens: number } & Record<string, unknown>;

describe('cached input tokens', () => {
  let usage: UsageReply = { prompt_tokens: 0, completion_tokens: 0 };
  let server: LoopbackServer;
  beforeAll(async () => {
    const ws = await loadWorkspace();
    const sim = simAnswering(ws.active, 'reference');
    server = await startOpenAICompatibleServer(async (r) => ({ ...((await sim(r)) as object), usage }));
  });
  afterAll(() => server.close());

  /** A copy of the repo whose config prices `model` as given. */
  const pricedCopy = (model: string, price: string) => {
    const root = repoCopy();
    const path = join(root, 'orderflow.config.yaml');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^prices:\n/m, `prices:\n  ${model}: ${price}\n`));
    return root;
  };
  const run = (root: string, model: string, out: string) =>
    evalIn(root, {
      provider: 'openai',
      model,
      module: ['intent_recognition'],
      id: ['intent-seed-*'],
      out: join(root, out),
      cache: false,
      env: { OPENAI_API_KEY: 'k-cache', OPENAI_BASE_URL: server.baseURL },
    });

  it.each([
    ['OpenAI', { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 800 } }],
    ['DeepSeek', { prompt_tokens: 1000, completion_tokens: 100, prompt_cache_hit_tokens: 800, prompt_cache_miss_tokens: 200 }],
  ])('%s usage: 800 of 1000 input tokens at the cached rate, in the cost figures', async (_dialect, reply) => {
    usage = reply;
    const root = pricedCopy('cache-model', '{ input_per_mtok: 2, output_per_mtok: 8, cached_input_per_mtok: 0.5 }');
    const r = await run(root, 'cache-model', 'priced');
    const results = r.head.summary.total;
    expect(results).toBeGreaterThan(0);
    // Per call: 200 × 2 + 800 × 0.5 + 100 × 8 = 1600 USD per million tokens = 0.0016 USD.
    const cost = r.head.metrics.cost_usd!;
    expect(cost.numerator).toBeCloseTo(results * 0.0016, 8);
    expect(cost.cached_input_tokens).toBe(results * 800);
    expect(cost.input_tokens).toBe(results * 1000);
    expect(readFileSync(join(root, 'priced/report.md'), 'utf8')).toContain(
      `input ${results * 1000} tokens, ${results * 800} of them from the prompt cache (at the cached rate)`,
    );
  });

  it('a price without cached_input_per_mtok: the cost is unknown, not the full price, and the report says why', async () => {
    usage = { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 800 } };
    const root = pricedCopy('no-cache-rate', '{ input_per_mtok: 2, output_per_mtok: 8 }');
    const r = await run(root, 'no-cache-rate', 'unpriced');
    const cost = r.head.metrics.cost_usd!;
    expect(cost.value).toBeNull();
    expect(cost.unknown_cached_rate_results).toBe(r.head.summary.total);
    expect(readFileSync(join(root, 'unpriced/report.md'), 'utf8')).toMatch(
      /unknown: \d+ result\(s\) read cached input and the model's price has no `cached_input_per_mtok`/,
    );
  });

  it('a server that reports no cached tokens is priced as before (full rate)', async () => {
    usage = { prompt_tokens: 1000, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 0 } };
    const root = pricedCopy('cache-model', '{ input_per_mtok: 2, output_per_mtok: 8, cached_input_per_mtok: 0.5 }');
    const r = await run(root, 'cache-model', 'full');
    expect(r.head.metrics.cost_usd!.numerator).toBeCloseTo(r.head.summary.total * 0.0028, 8);
    expect(r.head.metrics.cost_usd!.cached_input_tokens).toBe(0);
  });

  it.each([
    [0, 0],
    [1023, 0],
    [1024, 1024],
    [1151, 1024],
    [1152, 1152],
    [2290, 2176],
  ])('a prefix of %i tokens: %i of them cacheable (none under 1,024, then steps of 128)', (tokens, cacheable) => {
    expect(cacheablePrefixTokens(tokens)).toBe(cacheable);
  });

  it('--dry-run: a module whose system prompt is under 1,024 tokens is forecast with no cached input at all', async () => {
    const root = repoCopy();
    const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
    const system = estimateTokens(ws.active.get('memory_dedup')!.systemPrompt);
    expect(system).toBeLessThan(1024);
    const e = await estimateRun({
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      provider: 'openai',
      model: 'gpt-4o-mini',
      module: ['memory_dedup'],
      env: { OPENAI_BASE_URL: server.baseURL },
    });
    expect(e.total.calls).toBeGreaterThan(1);
    expect(e.total.cached_input_tokens).toBe(0);
  });

  it('--dry-run: the first call of the module pays full price, every later one the cached rate for its system prompt', async () => {
    const root = repoCopy();
    const options = {
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      provider: 'openai',
      module: ['intent_recognition'],
      env: { OPENAI_BASE_URL: server.baseURL },
    };
    const withRate = await estimateRun({ ...options, model: 'gpt-4o-mini' });
    const ws = await loadWorkspace({ config: options.config, prompts: options.prompts });
    const system = estimateTokens(ws.active.get('intent_recognition')!.systemPrompt);
    const t = withRate.total;
    // Over 1,024 tokens: cached in steps of 128, so a little less than the whole system prompt.
    expect(system).toBeGreaterThan(cacheablePrefixTokens(system));
    expect(t.cached_input_tokens).toBe((t.calls - 1) * cacheablePrefixTokens(system));
    // gpt-4o-mini: 0.15 input, 0.075 cached input, 0.60 output per million (the repo's config).
    const expected = ((t.input_tokens - t.cached_input_tokens) * 0.15 + t.cached_input_tokens * 0.075 + t.output_tokens * 0.6) / 1e6;
    expect(t.cost_usd).toBeCloseTo(expected, 10);

    // No cached rate: the forecast is the full-price upper bound, and says so.
    const path = options.config;
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^prices:\n/m, 'prices:\n  plain-model: { input_per_mtok: 0.15, output_per_mtok: 0.60 }\n'));
    const plain = await estimateRun({ ...options, model: 'plain-model' });
    expect(plain.total.cached_input_tokens).toBe(t.cached_input_tokens);
    expect(plain.total.cost_usd).toBeCloseTo((t.input_tokens * 0.15 + t.output_tokens * 0.6) / 1e6, 10);
    const { renderEstimate } = await import('../../../src/harness/cli/render-estimate.js');
    expect(renderEstimate(plain)).toMatch(/no cached_input_per_mtok for "plain-model" in prices, so the cost above is an upper bound/);
    expect(renderEstimate(withRate)).toMatch(/priced at the cached rate 0.075 USD per million/);
  });
});
