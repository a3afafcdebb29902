/**
 * The interfaces people expect from an eval CLI: init, config found from a
 * subdirectory, -q, junit file/line/time, a list that
 * fits 100 columns, reports prune and cache clear.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';

describe('orderflow init', () => {
  it("writes the one CI workflow there is: the repository's own, which the package ships; templates hold no second copy", async () => {
    const dir = tempDir();
    expect((await runCli(['init'], { cwd: dir })).code).toBe(0);
    const shipped = readFileSync(join(process.cwd(), '.github/workflows/orderflow.yml'), 'utf8');
    expect(readFileSync(join(dir, '.github/workflows/orderflow.yml'), 'utf8')).toBe(shipped);
    const files = (JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { files: string[] }).files;
    expect(files).toContain('.github/workflows/orderflow.yml');
    const copies = readdirSync(join(process.cwd(), 'templates'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yml'));
    expect(copies).toEqual([]);
  });

  it('writes a starter project into an empty folder, and eval runs there and from a subdirectory', async () => {
    const dir = tempDir();
    const init = await runCli(['init'], { cwd: dir });
    expect(init.code, init.stderr).toBe(0);
    for (const file of ['orderflow.config.yaml', 'cases/intent_recognition/starter.yaml', '.github/workflows/orderflow.yml', '.gitignore'])
      expect(existsSync(join(dir, file)), file).toBe(true);
    expect(readdirSync(join(dir, 'prompts'))).toHaveLength(1);
    expect(readFileSync(join(dir, '.github/workflows/orderflow.yml'), 'utf8')).toMatch(/node "\$ORDERFLOW" eval /);

    const first = await runCli(['eval', '--update-baseline'], { cwd: dir });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/gate: passed \(3\/3 passed/);
    expect(existsSync(join(dir, 'reports/baseline.json'))).toBe(true);

    // Like git and npm: from a subdirectory the project's config is found, and reports go beside it.
    mkdirSync(join(dir, 'cases/intent_recognition/deeper'), { recursive: true });
    const nested = await runCli(['eval', '-q'], { cwd: join(dir, 'cases/intent_recognition/deeper') });
    expect(nested.code, nested.stderr).toBe(0);
    expect(nested.stdout).toMatch(new RegExp(`report: ${join(dir, 'reports')}/[^/]+/report\\.html`));

    const again = await runCli(['init'], { cwd: dir });
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/orderflow\.config\.yaml: error: already exists; orderflow init never overwrites/);
  });

  it('outside any project, eval names the folder it searched and the missing config', async () => {
    const dir = tempDir();
    const r = await runCli(['eval'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      `prompts: error: prompt folder not found, and no orderflow.config.yaml in ${dir} or any folder above it (expected to run inside an orderflow project, --config FILE, or a new project made with \`orderflow init\`)`,
    );
  });
});

describe('eval output', () => {
  it('-q prints only the verdict line and the report path; junit.xml carries file, line and time', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = await runCli(['eval', '-q', '--provider', 'sim:gullible', '--module', 'intent_recognition', '--module', 'pipeline', '--out', join(root, 'out')], {
      cwd: root,
    });
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^gate: FAILED \(\d+ checks? failed: [a-z_, ]+; \d+\/\d+ passed, \d+ failed, 0 errors\)$/);
    expect(lines[1]).toBe(`report: ${join(root, 'out/report.html')}`);
    // Warnings are never silent, -q or not: on stderr, so that stdout stays the verdict.
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^reports\/baseline\.json: warning: no baseline yet/)]);

    const suites = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(root, 'out/junit.xml'), 'utf8')).testsuites.testsuite;
    const cases = [suites].flat().flatMap((s: { testcase: unknown }) => [s.testcase].flat()) as Record<string, string>[];
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) {
      expect(c['@_file']).toMatch(/^cases\/(intent_recognition|pipeline)\/[^/]+\.yaml$/);
      expect(Number(c['@_line'])).toBeGreaterThan(0);
      expect(c['@_time']).toMatch(/^\d+\.\d{3}$/);
    }
    // The line points at the case's own entry in its file.
    const one = cases.find((c) => c['@_name'] === 'pipe-refund-unshipped-001')!;
    expect(readFileSync(join(root, one['@_file']!), 'utf8').split('\n')[Number(one['@_line']) - 1]).toContain('pipe-refund-unshipped-001');
  });

  it('list fits a 100-column terminal', async () => {
    const r = await runCli(['list']);
    expect(r.code).toBe(0);
    const widths = r.stdout.split('\n').map((l) => [...l].length);
    expect(Math.max(...widths)).toBeLessThanOrEqual(100);
    expect(r.stdout).toMatch(/^intent_recognition\s+low_to_medium\s+json_only\s+\d+(\s+\d+){6}$/m);
    expect(r.stdout).toMatch(/^ {2}\*intent_v2 v2\.0\.0$/m);
  });
});

describe('housekeeping', () => {
  it('reports prune --keep N keeps the newest run folders and nothing else is touched', async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    const reports = join(root, 'reports');
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'baseline.json'), '{}');
    mkdirSync(join(reports, 'notes'));
    for (let i = 0; i < 5; i++) {
      const run = join(reports, `run-${i}`);
      mkdirSync(run);
      writeFileSync(join(run, '.orderflow-run'), '{}');
      utimesSync(join(run, '.orderflow-run'), 1_700_000_000 + i * 60, 1_700_000_000 + i * 60);
    }
    const dry = await runCli(['reports', 'prune', '--keep', '2', '--dry-run'], { cwd: root });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('would remove 3');
    expect(readdirSync(reports)).toHaveLength(7);

    const r = await runCli(['reports', 'prune', '--keep', '2'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(reports).sort()).toEqual(['baseline.json', 'notes', 'run-3', 'run-4']);
    expect(r.stdout).toContain('kept 2 run folder(s), removed 3');

    const bad = await runCli(['reports', 'prune', '--keep', 'some'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('--keep: error: "some" is not a whole number (expected how many of the newest run folders to keep, e.g. --keep 10)');
  });

  it('cache clear removes cached responses and only them', async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    const cache = join(root, '.orderflow-cache');
    const hash = 'ab'.padEnd(64, '0');
    mkdirSync(join(cache, 'ab'), { recursive: true });
    writeFileSync(join(cache, 'ab', `${hash}.json`), '{"cache_version":1}');
    writeFileSync(join(cache, 'README.txt'), 'mine');
    const r = await runCli(['cache', 'clear'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\.orderflow-cache: removed 1 cached response\(s\)/);
    expect(readdirSync(cache)).toEqual(['README.txt']);
  });
});
