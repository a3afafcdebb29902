/**
 * `orderflow eval --watch` as a process: it prints each run, runs again on a
 * save, and Ctrl-C (SIGINT) ends it cleanly — exit 0, its last line said, no
 * stack trace. Only a real process can show the signal.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suitePartCopy } from '../../support/eval-fixture.js';
import { startCli } from '../../support/run-cli.js';

describe('eval --watch in a process', () => {
  it('runs, runs again on a save, and ends on Ctrl-C with exit 0', async () => {
    const root = suitePartCopy();
    const run = startCli(['eval', '--watch', '--module', 'customer_response_generation', '--no-baseline'], { cwd: root, timeoutMs: 240_000 });
    let stdout = '';
    run.child.stdout!.on('data', (d: string) => (stdout += d));
    const until = async (count: number) => {
      while ((stdout.match(/^watching /gm) ?? []).length < count) {
        if (run.child.exitCode !== null) throw new Error(`exited early: ${stdout}${run.stderrSoFar()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await until(1);
    expect(stdout).toMatch(/^▶ first run: running the selection$/m);
    const file = join(root, 'cases/customer_response_generation', 'response.yaml');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    await until(2);
    expect(stdout).toMatch(/^▶ cases\/customer_response_generation\/response\.yaml changed: running \d+ affected case\(s\)$/m);
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('watch ended');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 240_000);
});
