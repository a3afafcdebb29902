/**
 * npm run test:interop — orderflow against a real llama.cpp `llama-server`
 * (built once by ../shared/interop/build-llama-server.sh, cached outside the
 * repository; a tiny random-weight model, so answers are meaningless but the
 * protocol, the grammar and the tokenizer are real). Not part of `npm test`:
 * the first build takes about 15 minutes and every call several seconds.
 *
 * A slice of the suite (two cases per module, three pipeline scenarios) runs
 * in json_schema mode, and the test asserts what the endpoint guarantees: no
 * HTTP 400 (llama.cpp's grammar converter takes every compiled schema), no
 * schema failure except on constraints listed as not enforceable by the
 * llama.cpp grammar, usage tokens on every call, a prompt over the context
 * size ending as an error with the server's reason after one attempt, and the
 * server stopped afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { PipelineTrace } from '../../src/agent/pipeline/trace.js';
import type { CaseResult } from '../../src/harness/runner/case-result.js';
import { evaluate } from '../../src/harness/evaluate/evaluate.js';

const SCRIPT = resolve(process.env.ORDERFLOW_INTEROP_SCRIPT ?? '../shared/interop/build-llama-server.sh');
const OVERSIZE_ID = 'interop-over-context-001';
/** Per slot: 32768 / 4 = 8192 tokens, room for the largest pipeline stage prompt. */
const CONTEXT = 32768;
const SLOTS = 4;

let server: ChildProcess | null = null;
let baseURL = '';
let port = 0;
let root = '';
let results: CaseResult[] = [];
let report: any;
let wallMs = 0;

function buildOrReuse(): string {
  if (!existsSync(SCRIPT)) throw new Error(`interop: the build script ${SCRIPT} is missing (set ORDERFLOW_INTEROP_SCRIPT)`);
  const started = Date.now();
  const run = spawnSync('bash', [SCRIPT], { encoding: 'utf8', timeout: 60 * 60_000, maxBuffer: 64 * 1024 * 1024 });
  const command = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !/llama-server/.test(command)) {
    throw new Error(`interop: cannot build llama-server (exit ${run.status ?? run.signal}):\n${(run.stderr || run.stdout).slice(-4000)}`);
  }
  console.log(`llama-server ready in ${((Date.now() - started) / 1000).toFixed(1)} s (built or reused): ${command}`);
  return command;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`interop: llama-server exited with ${child.exitCode}:\n${log().slice(-3000)}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`interop: llama-server not healthy within 180 s:\n${log().slice(-3000)}`);
}

/** Two cases per module and three short pipeline scenarios from the suite, plus one prompt over the context size. */
function writeSlice(dir: string): string[] {
  const ids: string[] = [];
  for (const module of readdirSync(join(dir, 'cases')).sort()) {
    const files = readdirSync(join(dir, 'cases', module))
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    if (module === 'pipeline') {
      const scenarios = files.flatMap(
        (f) =>
          (parse(readFileSync(join(dir, 'cases', module, f), 'utf8')) as { scenarios: { scenario_id: string; case_type: string; injection?: unknown }[] })
            .scenarios,
      );
      ids.push(
        ...scenarios
          .filter((s) => s.case_type === 'normal' && !s.injection)
          .slice(0, 3)
          .map((s) => s.scenario_id),
      );
      continue;
    }
    const cases = files.flatMap((f) => (parse(readFileSync(join(dir, 'cases', module, f), 'utf8')) as { test_cases: { case_id: string }[] }).test_cases);
    ids.push(...cases.slice(0, 2).map((c) => c.case_id));
  }
  // Varied text, so the tokenizer cannot fold it into a few long tokens: far over 8,192 tokens.
  const filler = Array.from({ length: 6000 }, (_, i) => `订单${i}号物流${(i * 7919) % 1000}件`).join('，');
  writeFileSync(
    join(dir, 'cases/input_safety_precheck/zz-over-context.yaml'),
    `test_cases:\n  - case_id: ${OVERSIZE_ID}\n    case_type: boundary\n    input: { user_query: ${JSON.stringify(filler)} }\n    expected_behavior: { must_include_fields: [risk_level] }\n`,
  );
  return [...ids, OVERSIZE_ID];
}

describe('llama.cpp llama-server, json_schema mode', () => {
  beforeAll(async () => {
    const command = buildOrReuse().split(/\s+/);
    port = await freePort();
    const args = command
      .slice(1)
      .map((a, i, all) => (all[i - 1] === '--port' ? String(port) : all[i - 1] === '-c' ? String(CONTEXT) : all[i - 1] === '-np' ? String(SLOTS) : a));
    let log = '';
    server = spawn(command[0]!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
    server.stderr!.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
    baseURL = `http://127.0.0.1:${port}/v1`;
    await waitHealthy(`http://127.0.0.1:${port}`, server, () => log);

    root = mkdtempSync(join(tmpdir(), 'orderflow-interop-'));
    for (const part of ['prompts', 'cases']) cpSync(join(process.cwd(), part), join(root, part), { recursive: true });
    writeFileSync(
      join(root, 'orderflow.config.yaml'),
      [
        'provider: openai',
        'model: tiny',
        `concurrency: ${SLOTS}`,
        'baseline: null',
        `cache: { dir: ${join(root, 'cache')}, mode: off }`,
        // output_mode auto: the llama.cpp preset sends json_schema.
        'openai: { server: llama.cpp, output_mode: auto, timeout_ms: 600000, max_retries: 1, max_tokens: 512, max_connections: 4 }',
        'prices: {}',
        '',
      ].join('\n'),
    );
    const ids = writeSlice(root);
    const started = Date.now();
    const result = await evaluate({
      config: join(root, 'orderflow.config.yaml'),
      prompts: join(root, 'prompts'),
      cases: join(root, 'cases'),
      id: ids,
      out: join(root, 'out'),
      env: { OPENAI_API_KEY: 'interop', OPENAI_BASE_URL: baseURL },
    });
    wallMs = Date.now() - started;
    report = JSON.parse(readFileSync(result.files.json, 'utf8'));
    results = readFileSync(join(root, 'out/results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((r) => r.type === 'case_result');
  }, 60 * 60_000);

  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('ran two cases of every module and three pipeline scenarios, and prints the figures', () => {
    const perModule = new Map<string, number>();
    for (const r of results) perModule.set(r.module, (perModule.get(r.module) ?? 0) + 1);
    for (const [module, n] of perModule) expect(n, module).toBeGreaterThanOrEqual(module === 'pipeline' ? 3 : 2);
    expect(perModule.size).toBeGreaterThanOrEqual(12);
    const latency = report.metrics.latency_ms;
    const cost = report.metrics.cost_usd;
    console.log(
      [
        `interop figures: ${results.length} results (${results.filter((r) => r.kind === 'module').length} module cases, ${results.filter((r) => r.kind === 'pipeline').length} scenarios) in ${(wallMs / 1000).toFixed(1)} s`,
        `  calls: ${latency.denominator}; tokens: ${cost.input_tokens} in, ${cost.output_tokens} out`,
        `  latency per call: mean ${Math.round(latency.value)} ms, p50 ${latency.p50} ms, p95 ${latency.p95} ms`,
        `  statuses: ${['passed', 'failed', 'error'].map((s) => `${s} ${results.filter((r) => r.status === s).length}`).join(', ')}`,
        `  schema failures labelled not enforceable by llama.cpp: ${results.flatMap((r) => r.failed_checks).filter((c) => c.name === 'schema' && c.unenforced).length} module cases, ${stages().filter((s) => s.unenforced).length} pipeline stages`,
      ].join('\n'),
    );
  });

  it('no HTTP 400: llama.cpp accepted every compiled schema, and no call failed', () => {
    const errors = results.filter((r) => r.case_id !== OVERSIZE_ID && r.status === 'error').map((r) => `${r.case_id}: ${r.error}`);
    expect(errors).toEqual([]);
    const stageErrors = stages()
      .filter((s) => s.raw_output === undefined && s.error)
      .map((s) => s.error);
    expect(stageErrors).toEqual([]);
  });

  it('schema failures only on constraints the llama.cpp grammar cannot enforce', () => {
    const unlabelled = results
      .filter((r) => r.kind === 'module')
      .flatMap((r) => r.failed_checks.filter((c) => c.name === 'schema' && !c.unenforced).map((c) => `${r.case_id}: ${c.reason}`));
    expect(unlabelled).toEqual([]);
    const stageUnlabelled = stages()
      .filter((s) => s.raw_output !== undefined && !s.valid && !s.unenforced)
      .map((s) => `${s.stage}: ${s.error}`);
    expect(stageUnlabelled).toEqual([]);
    for (const c of results.flatMap((r) => r.failed_checks).filter((c) => c.name === 'schema'))
      expect(c.unenforced).toMatch(/^not enforceable by llama\.cpp grammar: confidence (<|>)= /);
  });

  it('usage tokens are recorded for every call', () => {
    for (const r of results.filter((r) => r.status !== 'error')) {
      expect(r.usage.input_tokens, r.case_id).toBeGreaterThan(0);
      expect(r.usage.output_tokens, r.case_id).toBeGreaterThan(0);
    }
    for (const s of stages().filter((s) => s.raw_output !== undefined)) expect(s.usage.input_tokens).toBeGreaterThan(0);
  });

  it("a prompt over the context size is an error on that case, with the server's reason, after one attempt", () => {
    const over = results.find((r) => r.case_id === OVERSIZE_ID)!;
    expect(over.status).toBe('error');
    expect(over.error).toMatch(/HTTP 400 .*context/i);
    expect(over.error).toMatch(/not retried/);
  });

  it('stops the server', async () => {
    const exited = new Promise<number | null>((res) => server!.once('exit', (code) => res(code)));
    server!.kill('SIGTERM');
    await exited;
    expect(server!.exitCode !== null || server!.signalCode !== null).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 30_000);
});

function stages(): PipelineTrace['stages'][number][] {
  return results.filter((r) => r.kind === 'pipeline').flatMap((r) => (r.trace as PipelineTrace | undefined)?.stages ?? []);
}
