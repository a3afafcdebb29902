/**
 * The suite is validated whole before a run, then handed to the runner: parsed
 * once when small, read again file by file when large. Both ways give the same
 * cases, and a file read again must be the file that was validated.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterateSuite, loadCaseSuite, type SuiteItem } from '../../../src/harness/cases/case-suite.js';
import { InputError } from '../../../src/harness/base/errors.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { withAgent } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace();

async function all(items: AsyncIterable<SuiteItem>): Promise<SuiteItem[]> {
  const out: SuiteItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('handing the validated suite to the run', () => {
  it('a suite kept in memory and one read again give the same cases in the same order', async () => {
    const dir = join(copyOfRepo(['cases']), 'cases');
    const kept = await loadCaseSuite(dir, ws.active, {}, withAgent);
    const reread = await loadCaseSuite(dir, ws.active, {}, { ...withAgent, keepParsedUpTo: 0 });
    expect(kept.files.every((f) => f.cached !== undefined)).toBe(true);
    expect(reread.files.some((f) => f.cached !== undefined)).toBe(false);
    const a = await all(iterateSuite(kept, ws.active));
    expect(a.length).toBe(kept.total);
    expect(await all(iterateSuite(reread, ws.active))).toEqual(a);
    // handed over once, then read from disk: a second pass still gives every case
    expect(kept.files.some((f) => f.cached !== undefined)).toBe(false);
    expect(await all(iterateSuite(kept, ws.active))).toEqual(a);
  });

  it('keeps none once the suite grows past the bound, not just the files after it', async () => {
    const dir = join(copyOfRepo(['cases']), 'cases');
    const suite = await loadCaseSuite(dir, ws.active, {}, { ...withAgent, keepParsedUpTo: 50 });
    expect(suite.total).toBeGreaterThan(50);
    expect(suite.files.filter((f) => f.cached !== undefined)).toEqual([]);
  });

  it('a case file edited between validation and its second read stops the run with an input error naming it', async () => {
    const dir = join(copyOfRepo(['cases']), 'cases');
    const suite = await loadCaseSuite(dir, ws.active, { modules: ['intent_recognition'] }, { ...withAgent, keepParsedUpTo: 0 });
    const file = suite.files.find((f) => f.selected > 0)!;
    // still valid YAML with the same cases: only the bytes differ
    appendFileSync(file.path, '\n# edited during the run\n');
    const error = await all(iterateSuite(suite, ws.active)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).problems[0]).toMatchObject({ file: file.shown, message: expect.stringMatching(/changed while the run was going/) });
  });

  it('a file written again with the same bytes is no change: its cases come back with defaults filled', async () => {
    const dir = join(copyOfRepo(['cases']), 'cases');
    const suite = await loadCaseSuite(dir, ws.active, { modules: ['intent_recognition'] }, { ...withAgent, keepParsedUpTo: 0 });
    const text = readFileSync(suite.files[0]!.path, 'utf8');
    writeFileSync(suite.files[0]!.path, text);
    const items = await all(iterateSuite(suite, ws.active));
    expect(items.length).toBe(suite.total);
    for (const item of items) {
      expect(item.kind).toBe('module');
      if (item.kind === 'module') expect(item.expected_behavior.forbidden_outputs).toBeInstanceOf(Array);
    }
  });
});
