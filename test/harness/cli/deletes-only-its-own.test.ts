/**
 * `reports prune` and `cache clear` delete only what orderflow made: run
 * folders it marked, cache entries it wrote; never through a link, never a
 * run being written, never a folder outside the project unless it is named on
 * the command line. Real files and links in temp folders.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const BASE = join(process.cwd(), 'test/fixtures/bad-input/_base');

/** A project (config, prompts, two cases) inside a parent folder that also holds a sibling of the user's. */
function project(configExtra = ''): { parent: string; root: string } {
  const parent = tempDir();
  const root = join(parent, 'project');
  cpSync(BASE, root, { recursive: true });
  cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
  if (configExtra) writeFileSync(join(root, 'orderflow.config.yaml'), `provider: sim\nbaseline: null\ncache: { mode: off }\n${configExtra}\n`);
  return { parent, root };
}

const sleepers: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of sleepers.splice(0)) child.kill('SIGKILL');
});

function lock(dir: string, pid: number): void {
  writeFileSync(join(dir, '.orderflow-lock'), JSON.stringify({ pid, host: hostname(), started_at: '2026-01-01T00:00:00.000Z' }));
}

describe('reports prune', () => {
  it('prunes the run folders orderflow made, not a folder that merely holds a report.json', async () => {
    const { root } = project();
    for (const name of ['a', 'b']) {
      const r = await runCli(['eval', '--out', `reports/${name}`, '-q'], { cwd: root });
      expect(r.code, r.stderr).toBe(0);
    }
    mkdirSync(join(root, 'reports', 'mine'));
    writeFileSync(join(root, 'reports', 'mine', 'report.json'), '{}');
    writeFileSync(join(root, 'reports', 'mine', 'results.jsonl'), '');
    const r = await runCli(['reports', 'prune', '--keep', '0'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('kept 0 run folder(s), removed 2');
    expect(readdirSync(join(root, 'reports'))).toEqual(['mine']);
  });

  it("refuses a reports folder outside the project (paths.reports: '..') unless it is named with --dir, and then spares the sibling", async () => {
    const { parent, root } = project("paths: { reports: '..' }");
    mkdirSync(join(parent, 'sibling'));
    writeFileSync(join(parent, 'sibling', 'report.json'), '{}');
    const refused = await runCli(['reports', 'prune', '--keep', '0'], { cwd: root });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/orderflow\.config\.yaml:4: error: paths\.reports: .* is outside the project .*--dir/);
    expect(existsSync(join(parent, 'sibling', 'report.json'))).toBe(true);

    const named = await runCli(['reports', 'prune', '--keep', '0', '--dir', '..'], { cwd: root });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toContain('removed 0');
    expect(readdirSync(parent).sort()).toEqual(['project', 'sibling']);
  });

  it('never reaches through a link, and leaves a run whose lock names a live process; a dead one is pruned', async () => {
    const { parent, root } = project();
    const reports = join(root, 'reports');
    const marked = (dir: string) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '.orderflow-run'), '{}');
      writeFileSync(join(dir, 'results.jsonl'), '');
    };
    marked(join(parent, 'elsewhere'));
    mkdirSync(reports);
    symlinkSync(join(parent, 'elsewhere'), join(reports, 'linked-run'));
    marked(join(reports, 'running'));
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    sleepers.push(sleeper);
    lock(join(reports, 'running'), sleeper.pid!);
    marked(join(reports, 'dead'));
    lock(join(reports, 'dead'), 2 ** 22 + 12345);
    // A marker that is itself a link does not make a run folder.
    mkdirSync(join(reports, 'fake'));
    symlinkSync(join(parent, 'elsewhere', '.orderflow-run'), join(reports, 'fake', '.orderflow-run'));

    const r = await runCli(['reports', 'prune', '--keep', '0'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/kept reports\/running: a run is writing it now/);
    expect(readdirSync(reports).sort()).toEqual(['fake', 'linked-run', 'running']);
    expect(readdirSync(join(parent, 'elsewhere')).sort()).toEqual(['.orderflow-run', 'results.jsonl']);
  });
});

describe('cache clear', () => {
  const hash = 'ab'.padEnd(64, '0');

  it('never follows a linked shard folder or entry out of the cache', async () => {
    const { parent, root } = project();
    const cache = join(root, '.orderflow-cache');
    const outside = join(parent, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, `${hash}.json`), 'precious');
    writeFileSync(join(outside, 'target.txt'), 'precious too');
    mkdirSync(join(cache, 'cd'), { recursive: true });
    symlinkSync(outside, join(cache, 'ab'));
    symlinkSync(join(outside, 'target.txt'), join(cache, 'cd', `${'cd'.padEnd(64, '1')}.json`));
    writeFileSync(join(cache, 'cd', `${'cd'.padEnd(64, '2')}.json`), '{"cache_version":1}');
    const r = await runCli(['cache', 'clear'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/removed 1 cached response\(s\)/);
    expect(readdirSync(outside).sort()).toEqual([`${hash}.json`, 'target.txt']);
  });

  it('refuses a cache dir outside the project, a linked one included, unless named with --dir', async () => {
    const { parent, root } = project();
    const outside = join(parent, 'shared-cache');
    mkdirSync(join(outside, 'ab'), { recursive: true });
    writeFileSync(join(outside, 'ab', `${hash}.json`), '{"cache_version":1}');
    symlinkSync(outside, join(root, '.orderflow-cache'));
    const refused = await runCli(['cache', 'clear'], { cwd: root });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^orderflow\.config\.yaml(:\d+)?: error: cache\.dir: \.orderflow-cache is outside the project .*--dir \.orderflow-cache\)$/m,
    );
    expect(existsSync(join(outside, 'ab', `${hash}.json`))).toBe(true);

    const named = await runCli(['cache', 'clear', '--dir', '../shared-cache'], { cwd: root });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/removed 1 cached response/);
  });
});
