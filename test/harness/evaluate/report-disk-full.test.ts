/**
 * Disk full in the report step: exit 3 naming the report file that could not be
 * written, and the command that finishes the reports; every result stays.
 * The full disk is /dev/full, linked where the report's temp file goes.
 */
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const CORPUS_BASE = join(process.cwd(), 'test/fixtures/bad-input/_base');

describe('a report step that meets a full disk', () => {
  it.each(['report.html', 'report.md'])('%s: exit 3 naming that file and the --resume that finishes the reports', async (name) => {
    const root = tempDir('orderflow-disk-full-');
    cpSync(CORPUS_BASE, root, { recursive: true });
    cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
    expect((await runCli(['eval', '-q', '--out', 'r'], { cwd: root })).code).toBe(0);
    const results = readFileSync(join(root, 'r/results.jsonl'), 'utf8');
    rmSync(join(root, 'r', name));
    symlinkSync('/dev/full', join(root, 'r', `${name}.${process.pid}.tmp`));

    const full = await runCli(['eval', '-q', '--resume', '--out', 'r'], { cwd: root });
    expect(full.code, full.stderr).toBe(3);
    expect(full.stderr).toMatch(
      new RegExp(
        `^orderflow: cannot write r/${name.replace('.', '\\.')}: ENOSPC.*every result is in results\\.jsonl.*run orderflow eval -q --resume --out r to finish the reports`,
      ),
    );
    expect(full.stderr).not.toMatch(/internal error/);
    expect(readFileSync(join(root, 'r/results.jsonl'), 'utf8')).toBe(results);

    // The command it names does finish the reports.
    const again = await runCli(['eval', '-q', '--resume', '--out', 'r'], { cwd: root });
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(root, 'r', name))).toBe(true);
  });
});
