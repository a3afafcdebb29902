/** results.jsonl on disk: appended line by line, read back whole, a torn tail cut off before a resume. */
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import type { RunProvenance } from '../../../src/harness/runner/case-result.js';
import { streamFileAtomic, writeFileAtomic } from '../../../src/harness/report/atomic-file.js';
import { SpoolFile } from '../../../src/harness/report/spool-file.js';
import { readResults, ResultsWriter } from '../../../src/harness/runner/results-file.js';
import { reopenResults, SET_ASIDE_FILE } from '../../../src/harness/runner/resume-results.js';
import { tempDir } from '../../support/temp-dir.js';

/** A well-formed passed result: a resume keeps only lines of this shape. */
const result = (id: string, extra: Partial<CaseResult> = {}) =>
  ({
    type: 'case_result',
    case_id: id,
    kind: 'module',
    module: 'intent_recognition',
    case_type: 'normal',
    trial: 0,
    status: 'passed',
    failed_checks: [],
    checks_total: 1,
    facts: {},
    ...extra,
  }) as unknown as CaseResult;

const collect = (path: string): unknown[] => [...readResults(path)];

describe('results.jsonl', () => {
  it('one JSON line per record, in order; append mode keeps what was there', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const w = new ResultsWriter(path, false);
    await w.write(result('a'));
    await w.write(result('b', { description: '多字节 ✅' } as Partial<CaseResult>));
    await w.close();
    expect(readFileSync(path, 'utf8')).toBe(
      `${JSON.stringify(result('a'))}\n${JSON.stringify(result('b', { description: '多字节 ✅' } as Partial<CaseResult>))}\n`,
    );
    const again = new ResultsWriter(path, true);
    await again.write(result('c'));
    await again.close();
    expect(collect(path).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b', 'c']);
    const fresh = new ResultsWriter(path, false);
    await fresh.write(result('d'));
    await fresh.close();
    expect(collect(path).map((r) => (r as CaseResult).case_id)).toEqual(['d']);
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
    await expect(
      (async () => {
        await w.write(result('a'));
        await w.close();
      })(),
    ).rejects.toThrow(/ENOENT/);
  });

  it('after a write error every later write and the close fail with it', async () => {
    const w = new ResultsWriter(join(tempDir(), 'missing-folder', 'results.jsonl'), false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(w.write(result('a'))).rejects.toThrow(/ENOENT/);
    await expect(w.close()).rejects.toThrow();
  });

  it('reading skips blank lines, a damaged line and a torn last line', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `${JSON.stringify(result('a'))}\n\n  \n${JSON.stringify(result('b'))}\n{"type":"case_res`);
    expect(collect(path).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b']);
    writeFileSync(path, `${JSON.stringify(result('a'))}\r\n${JSON.stringify(result('b'))}`);
    expect(collect(path).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b']);
    writeFileSync(path, `${JSON.stringify(result('a'))}\n{"type":"case_re\x00garbage\n${JSON.stringify(result('b'))}\n`);
    expect(collect(path).map((r) => (r as CaseResult).case_id)).toEqual(['a', 'b']);
  });

  const run = { provider: 'sim', model: 'm', repeat: 1, guards_enabled: true, prompts: {} } as unknown as RunProvenance;
  const header = JSON.stringify({ type: 'run_header', schema_version: 1, run });
  const reopen = async (path: string, inSuite = (_: string) => true, caseHash?: (id: string) => string | undefined) => {
    const kept: string[] = [];
    const done = new Set<string>();
    const outcome = await reopenResults({
      path,
      run,
      inSuite,
      ...(caseHash ? { caseHash } : {}),
      keep: (r, key) => {
        if (done.has(key)) return false;
        done.add(key);
        kept.push(r.case_id);
        return true;
      },
    });
    return { ...outcome, kept };
  };

  it('before a resume the torn tail is cut, byte-exactly, so appended lines start clean', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const whole = `${header}\n${JSON.stringify(result('a', { description: '退款 ✅' } as Partial<CaseResult>))}\n${JSON.stringify(result('b'))}\n`;
    writeFileSync(path, `${whole}{"type":"case_result","case_id":"c`);
    expect((await reopen(path)).kept).toEqual(['a', 'b']);
    expect(readFileSync(path, 'utf8')).toBe(whole);
    expect(existsSync(join(path, '..', SET_ASIDE_FILE))).toBe(false);
    const w = new ResultsWriter(path, true);
    await w.write(result('c'));
    await w.close();
    expect(
      collect(path)
        .slice(1)
        .map((r) => (r as CaseResult).case_id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('blank lines are not a torn tail', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `${header}\n${JSON.stringify(result('a'))}\n\n   \n${JSON.stringify(result('b'))}\n`);
    expect(await reopen(path)).toMatchObject({ fresh: false, warnings: [], kept: ['a', 'b'] });
  });

  it('an intact file is left exactly as it is', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const whole = `${header}\n${JSON.stringify(result('a'))}\n${JSON.stringify(result('b'))}\n`;
    writeFileSync(path, whole);
    const outcome = await reopen(path);
    expect(outcome).toMatchObject({ fresh: false, warnings: [], kept: ['a', 'b'] });
    expect(readFileSync(path, 'utf8')).toBe(whole);
  });

  it('a damaged line in the middle costs only itself: every valid result after it is kept, the line set aside with a warning', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const damaged = '{"type":"case_result","case_id":"b"\u0000';
    writeFileSync(path, `${header}\n${JSON.stringify(result('a'))}\n${damaged}\n${JSON.stringify(result('c'))}\n${JSON.stringify(result('d'))}\n`);
    const outcome = await reopen(path);
    expect(outcome.kept).toEqual(['a', 'c', 'd']);
    expect(outcome.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([
      expect.stringMatching(/^3: 1 unreadable or malformed line\(s\) moved to .*results\.set-aside\.jsonl/),
    ]);
    expect(readFileSync(join(path, '..', SET_ASIDE_FILE), 'utf8')).toBe(`${damaged}\n`);
    expect(readFileSync(path, 'utf8')).toBe(`${header}\n${JSON.stringify(result('a'))}\n${JSON.stringify(result('c'))}\n${JSON.stringify(result('d'))}\n`);
  });

  it('a line that parses but is no case result of this run (null, a number, a bad status, a trial the run never had, a pass with failed checks) is set aside, never counted', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const bad = [
      'null',
      '42',
      '[1,2]',
      JSON.stringify(result('s', { status: 'pased' as CaseResult['status'] })),
      JSON.stringify(result('t', { trial: 7 })),
      JSON.stringify(result('u', { failed_checks: [{ name: 'schema', reason: 'x' }] })),
      JSON.stringify({ ...result('v'), case_id: undefined, cse_id: 'v' }),
    ];
    writeFileSync(path, `${header}\n${JSON.stringify(result('a'))}\n${bad.join('\n')}\n${JSON.stringify(result('b'))}\n`);
    const outcome = await reopen(path);
    expect(outcome.kept).toEqual(['a', 'b']);
    expect(outcome.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([expect.stringMatching(/^3: 7 unreadable or malformed line\(s\) moved to/)]);
    expect(readFileSync(join(path, '..', SET_ASIDE_FILE), 'utf8')).toBe(`${bad.join('\n')}\n`);
  });

  it('a line with an infinite latency, an absurd count or a module named toString is set aside on resume, never counted', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const bad = [
      JSON.stringify(result('s', { latency_ms: 5 })).replace('"latency_ms":5', '"latency_ms":1e999'),
      JSON.stringify(result('t', { call_latencies_ms: [1, 2] })).replace('[1,2]', '[1,-1e999]'),
      JSON.stringify(result('u', { module: 'toString' })),
      JSON.stringify(result('v', { module: 'constructor' })),
      JSON.stringify(result('w', { usage: { input_tokens: 1e308 * 10, output_tokens: 0 } })),
      JSON.stringify(result('x', { cost_usd: 5 })).replace('"cost_usd":5', '"cost_usd":1e999'),
    ];
    writeFileSync(
      path,
      `${header}\n${JSON.stringify(result('a', { latency_ms: 3, usage: { input_tokens: 1, output_tokens: 2 }, cost_usd: null }))}\n${bad.join('\n')}\n${JSON.stringify(result('b'))}\n`,
    );
    const outcome = await reopen(path);
    expect(outcome.kept).toEqual(['a', 'b']);
    expect(outcome.warnings.map((w) => `${w.line}: ${w.message}`)).toEqual([expect.stringMatching(/^3: 6 unreadable or malformed line\(s\) moved to/)]);
  });

  it('a result of a case edited since it ran is set aside, so that the case runs again; unchanged cases keep theirs', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `${header}\n${JSON.stringify(result('a', { case_hash: 'h-a' }))}\n${JSON.stringify(result('b', { case_hash: 'h-b-old' }))}\n`);
    const outcome = await reopen(
      path,
      () => true,
      (id) => ({ a: 'h-a', b: 'h-b-new' })[id],
    );
    expect(outcome.kept).toEqual(['a']);
    expect(outcome.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^1 result\(s\) of cases edited since they ran moved to .*; those cases run again/),
    ]);
    expect(readFileSync(join(path, '..', SET_ASIDE_FILE), 'utf8')).toContain('"case_id":"b"');
  });

  it('a byte-order mark before the header does not hide it', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `\uFEFF${header}\n${JSON.stringify(result('a'))}\n`);
    expect((await reopen(path)).kept).toEqual(['a']);
  });

  it('an errored result is no verdict: it is set aside and its case runs again', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const errored = JSON.stringify(result('b', { status: 'error', error: 'endpoint looks hung' }));
    writeFileSync(path, `${header}\n${JSON.stringify(result('a'))}\n${errored}\n`);
    const outcome = await reopen(path);
    expect(outcome.kept).toEqual(['a']);
    expect(outcome.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^1 errored result\(s\) moved to .*; those cases run again/)]);
    expect(readFileSync(join(path, '..', SET_ASIDE_FILE), 'utf8')).toBe(`${errored}\n`);
  });

  it('results of cases outside the selection are set aside, not counted; a repeated result is dropped', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, `${header}\n${JSON.stringify(result('a'))}\n${JSON.stringify(result('gone'))}\n${JSON.stringify(result('a'))}\n`);
    const outcome = await reopen(path, (id) => id !== 'gone');
    expect(outcome.kept).toEqual(['a']);
    expect(outcome.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^1 result\(s\) for cases outside this run's selection moved to/),
      expect.stringMatching(/^1 repeated result/),
    ]);
    expect(readFileSync(join(path, '..', SET_ASIDE_FILE), 'utf8')).toContain('"case_id":"gone"');
  });

  it('an empty file or a torn header holds nothing finished: the run starts afresh', async () => {
    const path = join(tempDir(), 'results.jsonl');
    for (const text of ['', '\n', header.slice(0, 40)]) {
      writeFileSync(path, text);
      expect((await reopen(path)).fresh).toBe(true);
    }
  });

  it('a file that is not orderflow results is refused, not overwritten', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, '{"hello":1}\n');
    await expect(reopen(path)).rejects.toThrow(/results\.jsonl:1: error: not an orderflow results file/);
    expect(readFileSync(path, 'utf8')).toBe('{"hello":1}\n');
  });

  describe.runIf(process.platform === 'linux')('on a full disk (/dev/full)', () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => JSON.stringify(result(`c${i}`, { raw_output: 'x'.repeat(2_000) } as Partial<CaseResult>))).join('\n');

    it('a resume that cannot rewrite the results file fails with ENOSPC and leaves the file as it was', async () => {
      const path = join(tempDir(), 'results.jsonl');
      const text = `${header}\n${lines(200)}\n`;
      writeFileSync(path, text);
      symlinkSync('/dev/full', `${path}.${process.pid}.tmp`);
      await expect(reopen(path)).rejects.toThrow(/ENOSPC/);
      expect(readFileSync(path, 'utf8')).toBe(text);
    });

    it('a resume that cannot set results aside fails with ENOSPC instead of ending the process', async () => {
      const path = join(tempDir(), 'results.jsonl');
      writeFileSync(path, `${header}\n${lines(200)}\n`);
      symlinkSync('/dev/full', join(path, '..', SET_ASIDE_FILE));
      await expect(reopen(path, () => false)).rejects.toThrow(/ENOSPC/);
    });

    it('a report file that cannot be written fails with ENOSPC and leaves no report behind', async () => {
      const path = join(tempDir(), 'report.json');
      symlinkSync('/dev/full', `${path}.${process.pid}.tmp`);
      await expect(
        streamFileAtomic(path, async (write) => {
          for (let i = 0; i < 50; i++) await write('x'.repeat(1_000));
        }),
      ).rejects.toThrow(/ENOSPC/);
      expect(existsSync(path)).toBe(false);
      expect(existsSync(`${path}.${process.pid}.tmp`)).toBe(false);
    });

    it('a report written whole that cannot be written fails with ENOSPC and leaves neither report nor temp file', async () => {
      const path = join(tempDir(), 'report.md');
      symlinkSync('/dev/full', `${path}.${process.pid}.tmp`);
      await expect(writeFileAtomic(path, 'x'.repeat(100_000))).rejects.toThrow(/ENOSPC/);
      expect(existsSync(path)).toBe(false);
      expect(existsSync(`${path}.${process.pid}.tmp`)).toBe(false);
    });

    it('a report spool fails with ENOSPC instead of waiting for a drain that never comes', async () => {
      const spool = new SpoolFile('/dev/full');
      const chunk = 'x'.repeat(20_000);
      await expect(
        (async () => {
          for (let i = 0; i < 200; i++) await spool.write(chunk);
          await spool.close();
        })(),
      ).rejects.toThrow(/ENOSPC/);
    });
  });
});
