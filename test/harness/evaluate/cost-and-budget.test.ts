/**
 * Cost before and during a paid run: `--dry-run` forecasts calls, tokens and
 * cost per module without calling anything (and counts what the cache holds);
 * `--max-cost` stops sending calls once the budget is spent, the report says
 * the run is incomplete, and `--resume` finishes it. An unpriced model's cost
 * is unknown, never 0.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRun } from '../../../src/harness/evaluate/estimate-run.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { evalIn, readReport, readResults, repoCopy } from '../../support/eval-fixture.js';
import { intentV3 } from '../../support/intent-v3-fixture.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli } from '../../support/run-cli.js';

const INTENT_CASES = 31;
/** 1,000 input and 1,000 output tokens a call at gpt-4o-mini's 0.15 / 0.60 USD per million: 0.00075 USD. */
const CALL_USD = 0.00075;

describe('cost before and during a paid run', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    const ws = await loadWorkspace();
    const sim = simAnswering(ws.active, 'reference');
    server = await startOpenAICompatibleServer(async (r) => ({ ...((await sim(r)) as object), usage: { prompt_tokens: 1000, completion_tokens: 1000 } }));
  });
  afterAll(() => server.close());

  const env = () => ({ OPENAI_API_KEY: 'k-budget', OPENAI_BASE_URL: server.baseURL });

  it('--dry-run calls nothing, needs no key, writes nothing, and splits calls, tokens and cost by module', async () => {
    const root = repoCopy();
    const before = server.completionRequests().length;
    const r = await runCli(
      [
        'eval',
        '--dry-run',
        '--provider',
        'openai',
        '--model',
        'gpt-4o-mini',
        '--module',
        'intent_recognition',
        '--module',
        'pipeline',
        '--id',
        'intent-*',
        '--id',
        'pipe-refund-*',
      ],
      {
        cwd: root,
        env: { OPENAI_API_KEY: '', OPENAI_BASE_URL: server.baseURL },
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(server.completionRequests().length).toBe(before);
    expect(existsSync(join(root, 'reports')) && readdirSync(join(root, 'reports')).length > 0).toBe(false);
    expect(r.stdout).toMatch(/no model was called/);
    const total = /│ total\s+│\s+(\d+) │\s+(\d+) │\s+([\d,]+) │\s+([\d,]+) │\s+([\d.]+) │/.exec(r.stdout);
    expect(total, r.stdout).not.toBeNull();
    // Every intent case is one call, and every scenario adds at least its precheck and intent calls.
    expect(Number(total![1])).toBeGreaterThan(INTENT_CASES);
    expect(r.stdout).toMatch(/│ input_safety_precheck\s+│\s+\d+ │/);
    expect(Number(total![3]!.replace(/,/g, ''))).toBeGreaterThan(Number(total![1]) * 500);
    expect(Number(total![5])).toBeGreaterThan(0);
  });

  it('--dry-run counts what the cache already holds, and an unpriced model costs "unknown", never 0', async () => {
    const root = repoCopy();
    await evalIn(root, { provider: 'openai', model: 'gpt-4o-mini', module: ['intent_recognition'], out: join(root, 'recorded'), env: env() });
    const cached = await estimateRun({
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      provider: 'openai',
      model: 'gpt-4o-mini',
      module: ['intent_recognition'],
      env: { OPENAI_BASE_URL: server.baseURL },
    });
    expect(cached.total).toMatchObject({ calls: 0, cached: INTENT_CASES, cost_usd: 0 });
    const unpriced = await estimateRun({
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      provider: 'openai',
      model: 'mystery-model',
      module: ['intent_recognition'],
      env: { OPENAI_BASE_URL: server.baseURL },
    });
    expect(unpriced.total.calls).toBe(INTENT_CASES);
    expect(unpriced.total.cost_usd).toBeNull();
    expect(unpriced.by_module.intent_recognition!.cost_usd).toBeNull();

    // The same in a real run: the report says unknown, not 0.
    const run = await evalIn(root, {
      provider: 'openai',
      model: 'mystery-model',
      module: ['intent_recognition'],
      id: ['intent-seed-*'],
      out: join(root, 'unpriced'),
      cache: false,
      env: env(),
    });
    expect(run.head.summary.total).toBeGreaterThan(0);
    expect(run.head.metrics.cost_usd!.value).toBeNull();
    expect(run.head.metrics.cost_usd!.unknown_cost_results).toBeGreaterThan(0);
    expect(readFileSync(join(root, 'unpriced/report.md'), 'utf8')).toMatch(/\| cost_usd \| – \|.*\| unknown: the model has no price/);
  });

  it('--max-cost stops dispatching once spent, says the run is incomplete, and --resume finishes it', async () => {
    const root = repoCopy();
    const out = join(root, 'budget');
    const options = { provider: 'openai', model: 'gpt-4o-mini', module: ['intent_recognition'], out, cache: false, concurrency: 1, env: env() };
    const before = server.completionRequests().length;
    const first = await evalIn(root, { ...options, maxCost: CALL_USD * 3 - 1e-9 });
    const sent = server.completionRequests().length - before;
    expect(sent).toBe(3);
    expect(readResults(out)).toHaveLength(3);
    expect(first.head.run.incomplete).toMatchObject({ done: 3, total: INTENT_CASES });
    expect(first.head.run.incomplete!.reason).toMatch(/reached --max-cost/);
    expect(first.head.gate.passed).toBe(false);
    expect(first.head.gate.failures.map((f) => f.metric)).toContain('complete_run');
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/\*\*Incomplete run\*\*: 3 of 31 results/);
    // the whole run again, the budget left to fill in, the run's folder: --resume accepts exactly this
    expect(md).toMatch(
      /Finish it with `orderflow eval --config \S+orderflow\.config\.yaml --prompts \S+prompts --cases \S+cases --provider openai --model gpt-4o-mini --module intent_recognition --max-cost <a new budget> --resume --out \S*budget`/,
    );

    const second = await evalIn(root, { ...options, resume: true });
    expect(server.completionRequests().length - before).toBe(INTENT_CASES);
    expect(second.head.run.incomplete).toBeUndefined();
    const ids = readResults(out).map((r) => r.case_id);
    expect(new Set(ids).size).toBe(INTENT_CASES);
    expect(readReport(out).summary.total).toBe(INTENT_CASES);
  });

  it('--max-cost with arms: the arms draw on one budget, and --resume finishes both', async () => {
    const root = repoCopy();
    writeFileSync(join(root, 'prompts/intent_v3.md'), intentV3());
    const out = join(root, 'budget-arms');
    const options = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      prompt: ['intent_recognition=intent_v2', 'intent_recognition=intent_v3'],
      module: ['intent_recognition'],
      out,
      cache: false,
      concurrency: 1,
      env: env(),
    };
    const before = server.completionRequests().length;
    const first = await evalIn(root, { ...options, maxCost: CALL_USD * 3 - 1e-9 });
    // Three calls in all (each arm's budget apart would have let six through).
    expect(server.completionRequests().length - before).toBe(3);
    expect(readResults(out)).toHaveLength(3);
    expect(first.head.run.incomplete!.reason).toMatch(/reached --max-cost/);

    await evalIn(root, { ...options, resume: true });
    expect(server.completionRequests().length - before).toBe(2 * INTENT_CASES);
    const keys = readResults(out).map((r) => `${r.arm}/${r.case_id}`);
    expect(new Set(keys).size).toBe(2 * INTENT_CASES);
  });

  it('a reply without usable token counts (none, negative, text) has an unknown cost, and --max-cost stops rather than believe it free', async () => {
    const ws = await loadWorkspace();
    const sim = simAnswering(ws.active, 'reference');
    for (const usage of [null, { prompt_tokens: -5000, completion_tokens: 10 }, { prompt_tokens: 'abc', completion_tokens: 10 }]) {
      const odd = await startOpenAICompatibleServer(async (r) => ({ ...((await sim(r)) as object), usage }));
      try {
        const root = repoCopy();
        const out = join(root, 'budget');
        const run = await evalIn(root, {
          provider: 'openai',
          model: 'gpt-4o-mini',
          module: ['intent_recognition'],
          out,
          cache: false,
          concurrency: 1,
          maxCost: 1,
          env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: odd.baseURL },
        });
        expect(odd.completionRequests().length, JSON.stringify(usage)).toBe(1);
        expect(readResults(out).map((r) => r.cost_usd)).toEqual([null]);
        expect(run.head.run.incomplete!.reason).toMatch(/without token counts, so the spend is unknown/);
        expect(run.head.gate.passed).toBe(false);
      } finally {
        await odd.close();
      }
    }
  });

  it('--dry-run --resume counts only what the resumed run still has to call', async () => {
    const root = repoCopy();
    const out = join(root, 'budget');
    const options = { provider: 'openai', model: 'gpt-4o-mini', module: ['intent_recognition'], out, cache: false, concurrency: 1, env: env() };
    await evalIn(root, { ...options, maxCost: CALL_USD * 5 - 1e-9 });
    const done = readResults(out).length;
    expect(done).toBe(5);
    const whole = await estimateRun({ ...options, cases: join(root, 'cases'), prompts: join(root, 'prompts'), config: join(root, 'orderflow.config.yaml') });
    const rest = await estimateRun({
      ...options,
      cases: join(root, 'cases'),
      prompts: join(root, 'prompts'),
      config: join(root, 'orderflow.config.yaml'),
      resume: true,
    });
    expect(whole.cases).toBe(INTENT_CASES);
    expect(rest.already_done).toBe(done);
    expect(rest.cases).toBe(INTENT_CASES - done);
    expect(rest.total.calls).toBe(whole.total.calls - done);
  });

  it('--max-cost needs a price: an unpriced model is a one-line input error (exit 2)', async () => {
    const root = repoCopy();
    const r = await runCli(['eval', '--provider', 'openai', '--model', 'mystery-model', '--max-cost', '1', '--module', 'intent_recognition'], {
      cwd: root,
      env: env(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--max-cost: error: model "mystery-model" has no price/);
    const bad = await runCli(['eval', '--max-cost', 'lots'], { cwd: root });
    expect(bad.code).toBe(2);
  });
});
