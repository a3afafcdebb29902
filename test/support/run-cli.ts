/**
 * Runs the CLI the way users and CI do: `runCli` in this process through
 * `main(argv, output, { cwd, env })` (the same commander wiring, error boundary
 * and exit codes, without the half-second start of a child), and `runCliChild`
 * / `startCli` as a real child process of the built launcher, for what only a
 * process can show (signals, the launcher, stdout and stderr as streams).
 *
 * Either way the CLI gets an explicit environment, never the shell's: a developer's
 * ORDERFLOW_PROVIDER would change which model the tests talk to, and an
 * OPENAI_API_KEY in the shell must never reach a test. Only what a Node child
 * needs to start (and git, for provenance) is passed through; a test that wants
 * a provider variable sets it in `env`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/harness/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd?: string;
  /** Added to the child's environment; the only way an ORDERFLOW_* or OPENAI_* variable gets there. */
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** In-process runs only: the parse cache folder, as the launcher passes one (src/parse-cache.ts). */
  parseCache?: string;
}

export const BIN = join(process.cwd(), 'bin/orderflow.js');

/** Variables of the parent that a child process may see: none of them configures orderflow or a provider. */
const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'LC_ALL', 'SYSTEMROOT', 'USERPROFILE'];

export function childEnv(extra: Record<string, string | undefined> = {}, parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_THROUGH) if (parent[name] !== undefined) env[name] = parent[name]!;
  Object.assign(env, { NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' });
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs `node <script> ...args` with the test environment; runCli is this with the CLI's entry point. */
export function runNode(script: string[], args: string[], options: CliOptions = {}): CliResult {
  const result = spawnSync(process.execPath, [...script, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: childEnv(options.env),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The built launcher as a child process: for the launcher itself and the hermetic-environment guard. */
export function runCliChild(args: string[], options: CliOptions = {}): CliResult {
  return runNode([BIN], args, options);
}

/**
 * The CLI in this process, in the folder and environment a child would get.
 * In-process runs take turns (main serialises them): two at once need child processes.
 */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const output = { out: (line: string) => stdout.push(`${line}\n`), err: (line: string) => stderr.push(`${line}\n`) };
  const code = await main([process.execPath, BIN, ...args], output, {
    cwd: options.cwd ?? process.cwd(),
    env: childEnv(options.env),
    parseCache: options.parseCache,
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** The CLI as a child process that this one does not wait for: one that is sent a signal, or runs beside another. */
export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliResult>; stderrSoFar(): string } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? process.cwd(), env: childEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
  return { child, done, stderrSoFar: () => stderr };
}

export function runCliChildAsync(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, options).done;
}
