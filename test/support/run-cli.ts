/** Runs the built CLI as a real child process, the way users and CI do. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const BIN = join(process.cwd(), 'bin/orderflow.js');

export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1', ...options.env },
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}
