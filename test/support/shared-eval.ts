/**
 * The whole-suite `orderflow eval` on sim and on sim:gullible, run once per
 * test run and read by every test that only reads its reports: each such run
 * costs seconds of CPU, and the files that need one run in parallel workers.
 *
 * The first worker to ask takes a lock (an atomic mkdir) and runs the eval in
 * process on a copy of the repository; the others wait for its result file.
 * Tests must not write under the returned folders: copy them first.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Report } from '../../src/harness/report/report-types.js';
import { runCli, type CliResult } from './run-cli.js';

export type SharedProvider = 'sim' | 'sim:gullible';

export interface SharedEval extends CliResult {
  /** The copy of the repository the run was made in (prompts, cases, orderflow.config.yaml). */
  root: string;
  /** The run's report folder: `eval --out <out>`. */
  out: string;
  report: Report;
  md: string;
}

const WAIT_MS = 200;
const GIVE_UP_MS = 240_000;
const started = new Map<SharedProvider, Promise<SharedEval>>();

/** `orderflow eval [--provider sim:gullible] --out <out>` over the whole suite, shared by the test run. */
export function sharedEval(provider: SharedProvider): Promise<SharedEval> {
  let run = started.get(provider);
  if (!run) started.set(provider, (run = loadOrRun(provider)));
  return run;
}

async function loadOrRun(provider: SharedProvider): Promise<SharedEval> {
  const home = join(inject('sharedEvalDir'), provider.replace(':', '-'));
  const resultFile = join(home, 'cli.json');
  if (!existsSync(resultFile) && takeLock(`${home}.lock`)) await runOnce(provider, home, resultFile);
  await waitFor(resultFile);
  const cli = JSON.parse(readFileSync(resultFile, 'utf8')) as CliResult & { failure?: string };
  if (cli.failure) throw new Error(`the shared ${provider} eval failed: ${cli.failure}`);
  const out = join(home, 'out');
  return {
    ...cli,
    root: join(home, 'root'),
    out,
    report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report,
    md: readFileSync(join(out, 'report.md'), 'utf8'),
  };
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    return false;
  }
}

async function runOnce(provider: SharedProvider, home: string, resultFile: string): Promise<void> {
  const root = join(home, 'root');
  let result: CliResult & { failure?: string };
  try {
    for (const part of ['prompts', 'cases', 'orderflow.config.yaml']) cpSync(join(process.cwd(), part), join(root, part), { recursive: true });
    const providerFlags = provider === 'sim' ? [] : ['--provider', provider];
    result = await runCli(['eval', ...providerFlags, '--out', join(home, 'out')], { cwd: root });
  } catch (error) {
    // The waiting workers must hear of it, not time out.
    result = { code: -1, stdout: '', stderr: '', failure: String(error) };
  }
  writeFileSync(`${resultFile}.tmp`, JSON.stringify(result));
  renameSync(`${resultFile}.tmp`, resultFile);
}

async function waitFor(file: string): Promise<void> {
  const until = Date.now() + GIVE_UP_MS;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`no shared eval result at ${file} after ${GIVE_UP_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}
