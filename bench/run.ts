/**
 * npm run bench — speed and memory of orderflow eval, each point in a fresh process:
 *   1. module cases on sim at N = 1,000 / 10,000 / 100,000 (generated from the suite's own cases);
 *   2. 1,000 pipeline scenarios on sim;
 *   3. 2,000 calls through the openai provider against a loopback server that answers after
 *      100 ms, at concurrency 64, beside a bare loop of 64 concurrent fetch calls to the same server;
 *   4. the same provider against a loopback server that enforces 100 requests/s (a token bucket
 *      of 20, 429 with Retry-After beyond it), 1,500 calls at -j 64.
 * Targets (issue #12): 10,000 sim cases ≤ 1.5 s and ≤ 170 MB peak RSS; 100,000 cases with a peak
 * RSS ≤ 1.3× the 10,000 run; the provider ≥ 90% of the bare loop's calls per second (unchanged);
 * `orderflow list` and `orderflow lint` ≤ 3× the start of a bare `node -e 0`. Issue #9: under the
 * rate limit ≥ 90% of the enforced rate with 0 errors.
 * BENCH_PARTS (default modules,pipeline,loopback,rate_limit,startup) picks what runs; BENCH_SIZES the N;
 * BENCH_STARTUP_RUNS the rounds of the start-up figures (default 15). Each module size runs first with an
 * empty parse cache (as after a change to every case file), then BENCH_RUNS times (default 1) reading the
 * suite back from it, as the launcher does for a suite run again; each run in a fresh process, the minimum
 * of wall time and of peak RSS counted (the machine is shared: the least disturbed run is the figure).
 * A missed start-up target exits 1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse } from 'yaml';
import { startOpenAICompatibleServer } from '../test/support/openai-compatible-server.js';
import { rateLimited } from '../test/support/rate-limited.js';

const ROOT = process.cwd();
const TMP = mkdtempSync(join(tmpdir(), 'orderflow-bench-'));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const FILE_CHUNK = 1000;
const PARTS = new Set((process.env.BENCH_PARTS ?? 'modules,pipeline,loopback,rate_limit,startup').split(','));
const TARGET_10K_S = 1.5;
const TARGET_10K_MB = 170;
const TARGET_RSS_RATIO = 1.3;
const TARGET_STARTUP_RATIO = 3;

interface ChildResult {
  code: number;
  wall_ms: number;
  max_rss_mb: number;
}

function writeConfig(name: string, cases: string, extra = ''): string {
  const path = join(TMP, `${name}.config.yaml`);
  writeFileSync(
    path,
    `provider: sim\nconcurrency: 16\npaths: { prompts: ${join(ROOT, 'prompts')}, cases: ${cases}, reports: ${join(TMP, 'reports')} }\nbaseline: null\n${extra}`,
  );
  return path;
}

/** Asynchronous on purpose: the loopback server lives in this process and must keep answering. */
async function runEval(
  args: string[],
  env: Record<string, string> = {},
): Promise<
  ChildResult & { report: { run: { duration_ms: number }; summary: { total: number; passed: number }; metrics: { error_rate?: { numerator: number } } } }
> {
  const out = join(TMP, `out-${Math.random().toString(16).slice(2)}`);
  const child = spawn(process.execPath, [join(ROOT, 'bench/child-eval.mjs'), 'eval', '-q', '--out', out, ...args], {
    cwd: ROOT,
    // A parse cache of the bench's own (removed with TMP), unless a part names one.
    env: { ...process.env, BENCH_PARSE_CACHE: join(TMP, 'parse-cache'), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`bench child failed (${code}): ${stderr}`);
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as ChildResult;
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  rmSync(out, { recursive: true, force: true });
  return { ...result, report };
}

/** The suite's own module cases, as plain objects per module. */
function moduleCases(): Map<string, Record<string, unknown>[]> {
  const byModule = new Map<string, Record<string, unknown>[]>();
  for (const module of readdirSync(join(ROOT, 'cases'))) {
    if (module === 'pipeline') continue;
    for (const file of readdirSync(join(ROOT, 'cases', module))) {
      const doc = parse(readFileSync(join(ROOT, 'cases', module, file), 'utf8')) as { test_cases: Record<string, unknown>[] };
      byModule.set(module, [...(byModule.get(module) ?? []), ...doc.test_cases]);
    }
  }
  return byModule;
}

function generateModuleSuite(n: number, only?: string): string {
  const dir = join(TMP, `cases-${n}-${only ?? 'all'}`);
  const source = [...moduleCases().entries()].filter(([m]) => !only || m === only).flatMap(([module, cases]) => cases.map((c) => ({ module, c })));
  const buckets = new Map<string, Record<string, unknown>[]>();
  for (let i = 0; i < n; i++) {
    const { module, c } = source[i % source.length]!;
    const list = buckets.get(module) ?? [];
    list.push({ ...c, case_id: `${String(c.case_id)}-b${i}` });
    buckets.set(module, list);
  }
  for (const [module, cases] of buckets) {
    mkdirSync(join(dir, module), { recursive: true });
    for (let i = 0; i < cases.length; i += FILE_CHUNK) {
      // JSON is YAML, and far quicker to write and read at this size.
      writeFileSync(join(dir, module, `gen-${i / FILE_CHUNK}.yaml`), JSON.stringify({ test_cases: cases.slice(i, i + FILE_CHUNK) }));
    }
  }
  return dir;
}

function generateScenarios(n: number): string {
  const dir = join(TMP, `scenarios-${n}`);
  mkdirSync(join(dir, 'pipeline'), { recursive: true });
  const source = readdirSync(join(ROOT, 'cases/pipeline')).flatMap(
    (f) => (parse(readFileSync(join(ROOT, 'cases/pipeline', f), 'utf8')) as { scenarios: Record<string, unknown>[] }).scenarios,
  );
  const scenarios = Array.from({ length: n }, (_, i) => {
    const s = source[i % source.length]!;
    return { ...s, scenario_id: `${String(s.scenario_id)}-b${i}`, ...(s.twin_of ? { twin_of: `${String(s.twin_of)}-b${i}` } : {}) };
  });
  for (let i = 0; i < scenarios.length; i += 250)
    writeFileSync(join(dir, 'pipeline', `gen-${i / 250}.yaml`), JSON.stringify({ scenarios: scenarios.slice(i, i + 250) }));
  return dir;
}

async function bareFetchLoop(url: string, body: string, calls: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        const res = await fetch(`${url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer bench' },
          body,
        });
        await res.text();
      }
    }),
  );
  return calls / ((performance.now() - started) / 1000);
}

/** The 1-minute load average: on a shared machine a wall time means nothing without it. */
const load = () => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const rows: string[][] = [];
  const verdicts: string[] = [];
  const loadAtStart = load();
  const rss: Record<number, number> = {};

  for (const n of PARTS.has('modules') ? SIZES : []) {
    const cases = generateModuleSuite(n);
    const config = writeConfig(`m${n}`, cases);
    // A parse cache of this size's own: the first run parses the suite and stores it, the others read it back.
    const cache = { BENCH_PARSE_CACHE: join(TMP, `parse-cache-${n}`) };
    const cold = await runEval(['--config', config], cache);
    const warm = [];
    for (let i = 0; i < RUNS; i++) warm.push(await runEval(['--config', config], cache));
    const best = { ...warm[0]!, wall_ms: Math.min(...warm.map((x) => x.wall_ms)), max_rss_mb: Math.min(...warm.map((x) => x.max_rss_mb)) };
    rss[n] = Math.min(cold.max_rss_mb, best.max_rss_mb);
    const range = (xs: number[], digits: number) => (xs.length > 1 ? ` (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})` : '');
    const row = (label: string, r: ChildResult, runs: ChildResult[]) => [
      `module cases on sim, N=${n.toLocaleString('en')}, ${label}`,
      `${(r.wall_ms / 1000).toFixed(2)} s${range(
        runs.map((x) => x.wall_ms / 1000),
        2,
      )}`,
      `${Math.round(n / (r.wall_ms / 1000)).toLocaleString('en')} cases/s`,
      `${r.max_rss_mb.toFixed(0)} MB${range(
        runs.map((x) => x.max_rss_mb),
        0,
      )}`,
      `${cold.report.summary.passed}/${cold.report.summary.total} passed · load ${load()}`,
    ];
    rows.push(row('first run (suite parsed and stored)', cold, [cold]));
    rows.push(row(`again (read back from the parse cache)${RUNS > 1 ? `, min of ${RUNS}` : ''}`, best, warm));
    if (n === 10_000) {
      const verdict = (r: ChildResult) =>
        `${(r.wall_ms / 1000).toFixed(2)} s (target ≤ ${TARGET_10K_S} s: ${r.wall_ms <= TARGET_10K_S * 1000 ? 'met' : 'MISSED'}), ` +
        `${r.max_rss_mb.toFixed(0)} MB (target ≤ ${TARGET_10K_MB} MB: ${r.max_rss_mb <= TARGET_10K_MB ? 'met' : 'MISSED'})`;
      verdicts.push(`10,000 sim cases, first run: ${verdict(cold)}; again: ${verdict(best)}`);
    }
  }
  if (rss[10_000] && rss[100_000]) {
    const ratio = rss[100_000]! / rss[10_000]!;
    verdicts.push(
      `peak RSS 100,000 vs 10,000 cases: ${rss[100_000]!.toFixed(0)} MB vs ${rss[10_000]!.toFixed(0)} MB, ×${ratio.toFixed(2)} (target ≤ ×${TARGET_RSS_RATIO}: ${ratio <= TARGET_RSS_RATIO ? 'met' : 'MISSED'})`,
    );
  }
  if (PARTS.has('startup')) startupFigures(rows, verdicts);
  if (PARTS.has('pipeline')) {
    const scenarios = generateScenarios(1000);
    const p = await runEval(['--config', writeConfig('p1000', scenarios), '--module', 'pipeline']);
    rows.push([
      'pipeline scenarios on sim, N=1,000',
      `${(p.wall_ms / 1000).toFixed(2)} s`,
      `${Math.round(1000 / (p.wall_ms / 1000)).toLocaleString('en')} scenarios/s`,
      `${p.max_rss_mb.toFixed(0)} MB`,
      `${p.report.summary.passed}/${p.report.summary.total} passed`,
    ]);
  }
  if (PARTS.has('loopback')) await loopbackFigures(rows, verdicts);
  if (PARTS.has('rate_limit')) await rateLimitFigures(rows, verdicts);
  verdicts.push(`load average (1 min): ${loadAtStart} at the start, ${load()} at the end, on ${availableParallelism()} processors`);
  print(rows, verdicts);
}

const intentExample = (): string =>
  JSON.stringify(JSON.parse(readFileSync(join(ROOT, 'prompts/intent_v2.md'), 'utf8').split('## Example Output')[1]!.split('```json')[1]!.split('```')[0]!));

async function loopbackFigures(rows: string[][], verdicts: string[]): Promise<void> {
  const content = intentExample();
  const server = await startOpenAICompatibleServer(() => ({ content, delayMs: 100 }));
  try {
    const calls = 2000;
    const cases = generateModuleSuite(calls, 'intent_recognition');
    const config = writeConfig(
      'loopback',
      cases,
      `openai: { base_url: ${server.baseURL}, max_connections: 64, timeout_ms: 10000 }\ncache: { dir: ${join(TMP, 'cache')}, mode: off }\n`,
    );
    const r = await runEval(['--config', config, '--provider', 'openai', '--model', 'bench-model', '-j', '64', '--no-cache'], { OPENAI_API_KEY: 'bench-key' });
    const achieved = calls / (r.report.run.duration_ms / 1000);
    // The bare loop sends what the provider sent (the module's prompt and a case, ~10 KB): with a body of a few
    // bytes it measured how much less the server has to read, not what the provider adds to each call.
    const sent = JSON.stringify(server.completionRequests()[0]!.body);
    const tiny = await bareFetchLoop(server.baseURL, JSON.stringify({ model: 'bench', messages: [{ role: 'user', content: 'x' }] }), calls, 64);
    const bare = await bareFetchLoop(server.baseURL, sent, calls, 64);
    rows.push([
      'openai provider vs loopback (100 ms), j=64, 2,000 calls',
      `${(r.report.run.duration_ms / 1000).toFixed(2)} s`,
      `${achieved.toFixed(0)} calls/s`,
      `${r.max_rss_mb.toFixed(0)} MB`,
      `ideal 640/s · bare fetch ${bare.toFixed(0)}/s (${tiny.toFixed(0)}/s with a body of 60 bytes)`,
    ]);
    verdicts.push(
      `loopback (slow server): ${achieved.toFixed(0)} calls/s = ${((achieved / bare) * 100).toFixed(0)}% of the bare fetch loop's ${bare.toFixed(0)}/s sending the same ${(sent.length / 1024).toFixed(1)} KB body (target ≥ 90%, unchanged: ${achieved >= 0.9 * bare ? 'met' : 'MISSED'}); ${((achieved / tiny) * 100).toFixed(0)}% of a loop sending 60 bytes (${tiny.toFixed(0)}/s); ideal 640/s`,
    );
  } finally {
    await server.close();
  }
}

async function rateLimitFigures(rows: string[][], verdicts: string[]): Promise<void> {
  const rate = Number(process.env.BENCH_RATE ?? 100);
  const calls = rate * 15;
  const content = intentExample();
  const { handler, counters } = rateLimited(() => ({ content, delayMs: 100 }), { ratePerSec: rate, burst: Math.max(1, Math.round(rate / 5)) });
  const limited = await startOpenAICompatibleServer(handler);
  try {
    const cases = generateModuleSuite(calls, 'intent_recognition');
    const config = writeConfig(
      'ratelimited',
      cases,
      `openai: { base_url: ${limited.baseURL}, max_connections: 64, timeout_ms: 10000 }\ncache: { dir: ${join(TMP, 'cache-rl')}, mode: off }\n`,
    );
    const r = await runEval(['--config', config, '--provider', 'openai', '--model', 'bench-model', '-j', '64', '--no-cache'], { OPENAI_API_KEY: 'bench-key' });
    const seconds = r.report.run.duration_ms / 1000;
    const achieved = calls / seconds;
    const errors = r.report.metrics.error_rate?.numerator ?? 0;
    const fraction = achieved / rate;
    rows.push([
      `openai provider vs rate-limited server (${rate}/s, burst ${Math.round(rate / 5)}), j=64, ${calls.toLocaleString('en')} calls`,
      `${seconds.toFixed(2)} s`,
      `${achieved.toFixed(1)} calls/s`,
      `${r.max_rss_mb.toFixed(0)} MB`,
      `${(fraction * 100).toFixed(1)}% of ${rate}/s · ${counters.rejected} × 429 · ${errors} errors`,
    ]);
    verdicts.push(
      `rate limit: ${achieved.toFixed(1)} calls/s = ${(fraction * 100).toFixed(1)}% of the enforced ${rate}/s with ${errors} errors and ${counters.rejected} responses 429 (${((counters.rejected / calls) * 100).toFixed(1)}% of calls) (target ≥ 90%, 0 errors: ${fraction >= 0.9 && errors === 0 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await limited.close();
  }
}

function print(rows: string[][], verdicts: string[]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i]!)).join('  │  '));
  console.log('');
  for (const v of verdicts) console.log(`- ${v}`);
  rmSync(TMP, { recursive: true, force: true });
}

const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);

/** One start of `node <args>`, in seconds. */
function startSeconds(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore', env });
  if (r.status !== 0) throw new Error(`bench: node ${args.join(' ')} exited ${r.status}`);
  return (performance.now() - started) / 1000;
}

const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

/**
 * `orderflow list` and `lint` on the repository against the start of a bare
 * node, warm parse cache (the everyday case) and without it (every prompt just
 * edited). The commands take turns within each round, so that a busy machine
 * slows them all alike; the figure is the median of the rounds.
 */
function startupFigures(rows: string[][], verdicts: string[]): void {
  const noCache = { ...process.env, ORDERFLOW_PARSE_CACHE: 'off' };
  const arms: { label: string; args: string[]; env?: NodeJS.ProcessEnv; target: boolean }[] = [
    { label: 'node -e 0', args: ['-e', '0'], target: false },
    ...['list', 'lint'].flatMap((command) => [
      { label: `orderflow ${command}`, args: [join(ROOT, 'bin/orderflow.js'), command], target: true },
      { label: `orderflow ${command}, no parse cache`, args: [join(ROOT, 'bin/orderflow.js'), command], env: noCache, target: false },
    ]),
  ];
  for (const arm of arms) startSeconds(arm.args, arm.env); // warms the parse cache and the disk cache
  const times = arms.map(() => [] as number[]);
  for (let round = 0; round < STARTUP_RUNS; round++)
    arms.forEach((arm, i) => {
      times[i]!.push(startSeconds(arm.args, arm.env));
    });
  const bare = median(times[0]!);
  rows.push([`node -e 0 (median of ${STARTUP_RUNS})`, `${bare.toFixed(3)} s`, '', '', '']);
  arms.forEach((arm, i) => {
    if (i === 0) return;
    const t = median(times[i]!);
    const ratio = t / bare;
    rows.push([`${arm.label} (median of ${STARTUP_RUNS})`, `${t.toFixed(3)} s`, `×${ratio.toFixed(2)} node -e 0`, '', '']);
    if (!arm.target) return;
    const met = ratio <= TARGET_STARTUP_RATIO;
    if (!met) process.exitCode = 1;
    verdicts.push(
      `${arm.label}: ${t.toFixed(3)} s = ×${ratio.toFixed(2)} node -e 0 (${bare.toFixed(3)} s) (target ≤ ×${TARGET_STARTUP_RATIO}: ${met ? 'met' : 'MISSED'})`,
    );
  });
}

await main();
