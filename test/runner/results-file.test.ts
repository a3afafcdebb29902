/** results.jsonl on disk: appended line by line, read back whole, a torn tail cut off before a resume. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/runner/case-result.js';
import { readResults, ResultsWriter, trimTornTail } from '../../src/runner/results-file.js';
import { tempDir } from '../support/temp-dir.js';

const result = (id: string, extra: Partial<CaseResult> = {}) => ({ type: 'case_result', case_id: id, status: 'passed', ...extra }) as unknown as CaseResult;

async function collect(path: string) {
  const out: unknown[] = [];
  for await (const line of readResults(path)) out.push(line);
  return out;
}

describe('results.jsonl', () => {
  it('one JSON line per record, in order; append mode keeps what was there', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const w = new ResultsWriter(path, false);
    await w.write(result('a'));
    await w.write(result('b', { description: '多字节 ✅' } as Partial<CaseResult>));
    await w.close();
    expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(result('a'))}\n${JSON.stringify(result('b', { description: '多字节 ✅' } as Partial<CaseResult>))}\n`);
    const again = new ResultsWriter(path, true);
    await again.write(result('c'));
    await again.close();
    expect((await collect(path)).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b', 'c']);
    const fresh = new ResultsWriter(path, false);
    await fresh.write(result('d'));
    await fresh.close();
    expect((await collect(path)).map((r) => (r as CaseResult).case_id)).toEqual(['d']);
  });

  it('many concurrent writes all land, each on its own line', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const w = new ResultsWriter(path, false);
    const big = 'x'.repeat(20_000);
    await Promise.all(Array.from({ length: 200 }, (_, i) => w.write(result(`c${i}`, { raw_output: big } as Partial<CaseResult>))));
    await w.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => (JSON.parse(l) as CaseResult).case_id).sort()).toEqual(Array.from({ length: 200 }, (_, i) => `c${i}`).sort());
  });

  it('a writer that cannot write fails its write or close instead of losing results silently', async () => {
    const w = new ResultsWriter(join(tempDir(), 'missing-folder', 'results.jsonl'), false);
    await expect((async () => {
      await w.write(result('a'));
      await w.close();
    })()).rejects.toThrow(/ENOENT/);
  });

  it('after a write error every later write and the close fail with it', async () => {
    const w = new ResultsWriter(join(tempDir(), 'missing-folder', 'results.jsonl'), false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(w.write(result('a'))).rejects.toThrow(/ENOENT/);
    await expect(w.close()).rejects.toThrow();
  });

  it('reading skips blank lines and stops at a torn last line', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `${JSON.stringify(result('a'))}\n\n  \n${JSON.stringify(result('b'))}\n{"type":"case_res`);
    expect((await collect(path)).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b']);
    writeFileSync(path, `${JSON.stringify(result('a'))}\r\n${JSON.stringify(result('b'))}`);
    expect((await collect(path)).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b']);
  });

  it('before a resume the torn tail is cut, byte-exactly, so appended lines start clean', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const whole = `${JSON.stringify(result('a', { description: '退款 ✅' } as Partial<CaseResult>))}\n${JSON.stringify(result('b'))}\n`;
    writeFileSync(path, `${whole}{"type":"case_result","case_id":"c`);
    expect(await trimTornTail(path)).toBe(Buffer.byteLength(whole));
    expect(readFileSync(path, 'utf8')).toBe(whole);
    const w = new ResultsWriter(path, true);
    await w.write(result('c'));
    await w.close();
    expect((await collect(path)).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b', 'c']);
  });

  it('blank lines are not a torn tail', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const whole = `${JSON.stringify(result('a'))}\n\n   \n${JSON.stringify(result('b'))}\n`;
    writeFileSync(path, whole);
    expect(await trimTornTail(path)).toBe(Buffer.byteLength(whole));
    expect(readFileSync(path, 'utf8')).toBe(whole);
  });

  it('an intact file is left exactly as it is', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const whole = `${JSON.stringify(result('a'))}\n${JSON.stringify(result('b'))}\n`;
    writeFileSync(path, whole);
    expect(await trimTornTail(path)).toBe(Buffer.byteLength(whole));
    expect(readFileSync(path, 'utf8')).toBe(whole);
  });
});
