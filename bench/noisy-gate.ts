/**
 * npm run bench:noise — does the gate tell signal from noise on a model that is
 * right on each case with probability 0.95 (fresh draws per call)? For each of
 * 8 rounds, with the real CLI against the noisy loopback model and the gate of
 * test/support/noisy-model.config.yaml:
 *   1. a baseline run with --repeat 3, recorded with --update-baseline;
 *   2. a pull-request run with nothing changed (new draws): should pass;
 *   3. a pull-request run in which 12 cases that passed every baseline trial
 *      are broken for good: should fail and name all 12 as stable regressions.
 * Targets (issue #13): the no-change run passes in at least 7 of 8 rounds, the
 * broken run fails in 8 of 8. Exit 1 when a target is missed.
 *
 * Flags: --rounds 8 --accuracy 0.95 --repeat 3 --broken 12 --seed 1
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Report } from '../src/report/report-types.js';
import { loadWorkspace } from '../src/config/workspace.js';
import { moduleCaseCalls, startNoisyModelServer } from '../test/support/noisy-model-server.js';
import { runCli } from '../test/support/run-cli.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    accuracy: { type: 'string', default: '0.95' },
    repeat: { type: 'string', default: '3' },
    broken: { type: 'string', default: '12' },
    seed: { type: 'string', default: '1' },
  },
});
const ROUNDS = Number(values.rounds);
const ACCURACY = Number(values.accuracy);
const REPEAT = String(Number(values.repeat));
const BROKEN = Number(values.broken);
const SEED = Number(values.seed);

const ROOT = process.cwd();
const TMP = mkdtempSync(join(tmpdir(), 'orderflow-noise-'));
for (const part of ['prompts', 'cases']) cpSync(join(ROOT, part), join(TMP, part), { recursive: true });
copyFileSync(join(ROOT, 'test/support/noisy-model.config.yaml'), join(TMP, 'orderflow.config.yaml'));

const ws = await loadWorkspace({ config: join(TMP, 'orderflow.config.yaml'), prompts: join(TMP, 'prompts') });
const caseCalls = await moduleCaseCalls(TMP);
const model = await startNoisyModelServer({ prompts: ws.active, caseCalls, script: { accuracy: ACCURACY, seed: SEED } });
const env = { OPENAI_API_KEY: 'sk-noise-bench', OPENAI_BASE_URL: model.server.baseURL };

async function evalRun(name: string, extra: string[] = []): Promise<{ code: number; report: Report; md: string; seconds: number }> {
  const out = join(TMP, name);
  const started = Date.now();
  const r = await runCli(['eval', '-q', '--repeat', REPEAT, '--out', out, ...extra], { cwd: TMP, env, timeoutMs: 600_000 });
  if (r.code !== 0 && r.code !== 1) throw new Error(`${name}: exit ${r.code}\n${r.stderr}`);
  return { code: r.code, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')), md: readFileSync(join(out, 'report.md'), 'utf8'), seconds: (Date.now() - started) / 1000 };
}

/** `count` module cases that passed every baseline trial, spread over the suite. */
function stablePassing(report: Report, count: number): string[] {
  const calls = new Set(caseCalls.map((c) => c.case_id));
  const pool = report.cases.filter((c) => calls.has(c.id) && c.status === 'passed').map((c) => c.id).sort();
  const step = Math.max(1, Math.floor(pool.length / count));
  return pool.filter((_, i) => i % step === 0).slice(0, count);
}

interface Round {
  round: number;
  baseline_gate: boolean;
  baseline_failures: string[];
  unchanged_code: number;
  unchanged_failures: string[];
  unchanged_flaky: number;
  unchanged_p: number | null;
  broken_code: number;
  broken_named: number;
  broken_p: number | null;
}

const rows: Round[] = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const seed = SEED * 1000 + round * 10;
    model.setScript({ accuracy: ACCURACY, seed });
    // Each round records a fresh baseline, judged on its thresholds alone.
    rmSync(join(TMP, 'reports/baseline.json'), { force: true });
    const base = await evalRun(`base-${round}`, ['--update-baseline']);
    model.setScript({ accuracy: ACCURACY, seed: seed + 1 });
    const unchanged = await evalRun(`unchanged-${round}`);
    const broken = stablePassing(base.report, BROKEN);
    model.setScript({ accuracy: ACCURACY, seed: seed + 2, broken });
    const regressed = await evalRun(`broken-${round}`);
    const named = new Set(regressed.report.statistics.stable_regressions);
    rows.push({
      round,
      baseline_gate: base.report.gate.passed,
      baseline_failures: base.report.gate.failures.map((f) => f.message),
      unchanged_code: unchanged.code,
      unchanged_failures: unchanged.report.gate.failures.map((f) => f.message),
      unchanged_flaky: unchanged.report.statistics.flaky_count,
      unchanged_p: unchanged.report.statistics.paired?.overall.p_adjusted ?? null,
      broken_code: regressed.code,
      broken_named: broken.filter((id) => named.has(id) && regressed.md.includes(id)).length,
      broken_p: regressed.report.statistics.paired?.overall.p_adjusted ?? null,
    });
    const r = rows.at(-1)!;
    console.log(
      `round ${round}: baseline gate ${r.baseline_gate ? 'passed' : 'FAILED'} · unchanged exit ${r.unchanged_code} (flaky ${r.unchanged_flaky}, paired p ${r.unchanged_p}) · ` +
        `${BROKEN} broken exit ${r.broken_code}, ${r.broken_named}/${broken.length} named as stable regressions (paired p ${r.broken_p}) · ${unchanged.seconds.toFixed(1)} s a run`,
    );
    for (const f of r.baseline_failures) console.log(`    baseline run failed on: ${f}`);
    for (const f of r.unchanged_failures) console.log(`    unchanged run failed on: ${f}`);
  }
} finally {
  await model.close();
  rmSync(TMP, { recursive: true, force: true });
}

const passedUnchanged = rows.filter((r) => r.unchanged_code === 0).length;
const failedBroken = rows.filter((r) => r.broken_code === 1).length;
const allNamed = rows.filter((r) => r.broken_named === BROKEN).length;
console.log(`\naccuracy ${ACCURACY}, --repeat ${REPEAT}, ${ROUNDS} rounds, seed ${SEED}`);
console.log(`nothing changed: gate passed in ${passedUnchanged} of ${ROUNDS} (target ≥ ${Math.ceil((ROUNDS * 7) / 8)})`);
console.log(`${BROKEN} cases broken for good: gate failed in ${failedBroken} of ${ROUNDS} (target ${ROUNDS}); all ${BROKEN} named as stable regressions in ${allNamed} of ${ROUNDS}`);
process.exitCode = passedUnchanged >= Math.ceil((ROUNDS * 7) / 8) && failedBroken === ROUNDS && allNamed === ROUNDS ? 0 : 1;
