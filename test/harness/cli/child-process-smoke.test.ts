/**
 * What only a real child process of the launcher shows: that bin/orderflow.js
 * starts the built CLI and hands back its exit code, what it says when dist/
 * is missing, and colour, which picocolors decides once per process from the
 * terminal and the environment. Everything else about the CLI is tested
 * in-process (test/support/run-cli.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, childEnv, runCliChild } from '../../support/run-cli.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';

describe('the launcher', () => {
  it('runs the built CLI and exits with its code: 0 for a clean lint, 2 for bad input', () => {
    const ok = runCliChild(['lint']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/0 error/);
    const bad = runCliChild(['eval', '--concurrency', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--concurrency/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it('without dist/ says how to build it, exit 2', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'bin'));
    cpSync(BIN, join(dir, 'bin/orderflow.js'));
    const r = spawnSync(process.execPath, [join(dir, 'bin/orderflow.js'), 'lint'], { cwd: dir, env: childEnv(), encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/dist\/ is missing; run `npm install`/);
  });
});

describe('colour', () => {
  it('in colour, the table header is plain and only a failed verdict is red', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    // The test environment (no ORDERFLOW_* or OPENAI_* of the shell), with colour forced on.
    const env = childEnv({ NO_COLOR: undefined, CI: undefined, FORCE_COLOR: '1' });
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, 'eval', '--module', 'intent_recognition', ...args], { cwd: root, env, encoding: 'utf8' });
    const RED = '\u001b[31m';
    const passed = run(['--out', join(root, 'a')]);
    expect(passed.status).toBe(0);
    const header = passed.stdout.split('\n').find((l) => l.includes('metric'))!;
    expect(header).not.toContain(RED);
    expect(passed.stdout).not.toContain(RED);
    expect(passed.stdout).toContain('\u001b[32mgate: passed');
    const failed = run(['--out', join(root, 'b'), '--provider', 'sim:gullible']);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain(`${RED}gate: FAILED`);
  });
});
