/**
 * Hot path: the report step reads results.jsonl once, whatever it writes
 * (report.json, junit.xml, report.md, the baseline comparison), and leaves no
 * spool file behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import * as resultsFile from '../../../src/harness/runner/results-file.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';

vi.mock('../../../src/harness/runner/results-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/harness/runner/results-file.js')>();
  return { ...original, readResults: vi.fn(original.readResults) };
});

describe('writing the reports', () => {
  it('reads results.jsonl exactly once and writes every report from it', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    const readResults = vi.mocked(resultsFile.readResults);
    readResults.mockClear();
    const result = await evalIn(root, { out, module: ['intent_recognition'] });
    expect(readResults.mock.calls.map(([path]) => path)).toEqual([join(out, 'results.jsonl')]);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.cases).toHaveLength(result.head.summary.total);
    expect(result.head.summary.total).toBeGreaterThan(10);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(result.head.summary.total);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/^# orderflow eval/);
    expect(readdirSync(out).sort()).toEqual(['.orderflow-run', 'junit.xml', 'report.html', 'report.json', 'report.md', 'results.jsonl']);
  });
});
