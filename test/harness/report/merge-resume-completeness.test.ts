/**
 * Completeness under --repeat: a run plans cases × trials, and merge and
 * resume count trials, not cases. Each check of merge (every shard there,
 * each shard finished with every trial, no case and trial twice, trials in
 * range, one repeat setting, no partial merge as input) and of resume (every
 * trial of every case once) has a row here that breaks it, beside the intact
 * run that must pass.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeRuns } from '../../../src/harness/report/merge-runs.js';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import { evalIn, readResults } from '../../support/eval-fixture.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

const REPEAT = 2;
const MODULE = ['intent_recognition'];
const config = { gate: {}, max_new_failures: 0, max_removed_cases: 0 };
let root: string;

/** The lines of a shard's results.jsonl (header first). */
const linesOf = (dir: string) => readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean);
const writeLines = (dir: string, lines: string[]) => writeFileSync(join(dir, 'results.jsonl'), `${lines.join('\n')}\n`);
/** A copy of shard i to edit. */
function shardCopy(i: number, name: string): string {
  const dir = join(root, name);
  cpSync(join(root, `s${i}`), dir, { recursive: true });
  return dir;
}
const merge = (inputs: string[], out: string) => mergeRuns({ inputs, out: join(root, out), reportsDir: root, baseline: null, config });

beforeAll(async () => {
  root = sharedCopyOfRepo();
  for (const i of [1, 2]) await evalIn(root, { out: join(root, `s${i}`), module: MODULE, repeat: REPEAT, shard: `${i}/2` });
  await evalIn(root, { out: join(root, 'once'), module: MODULE, repeat: 1, shard: '2/2' });
  for (const i of [1, 2]) await evalIn(root, { out: join(root, `a${i}`), module: MODULE, repeat: 'auto', shard: `${i}/2` });
}, 180_000);

describe('merge of --repeat auto shards: trials per case differ', () => {
  /** Shard a<i> copied, its case lines passed through `edit`. */
  const autoCopy = (i: number, name: string, edit: (results: CaseResult[]) => CaseResult[]) => {
    const dir = join(root, name);
    cpSync(join(root, `a${i}`), dir, { recursive: true });
    const [header, ...rest] = linesOf(dir);
    writeLines(dir, [header!, ...edit(rest.map((l) => JSON.parse(l) as CaseResult)).map((r) => JSON.stringify(r))]);
    return dir;
  };

  it('merges every trial each case got once, and names the repeated cases', async () => {
    // One case run a second time by the rule (as a flaky one would be).
    let again = '';
    const dir = autoCopy(1, 'a1-again', (rs) => {
      again = rs[0]!.case_id;
      return [...rs, { ...rs[0]!, trial: 1 }];
    });
    const r = await merge([dir, join(root, 'a2')], 'auto-whole');
    const results = readResults(join(root, 'auto-whole'));
    const expected = [...readResults(dir), ...readResults(join(root, 'a2'))].map((x) => `${x.case_id}#${x.trial}`).sort();
    expect(results.map((x) => `${x.case_id}#${x.trial}`).sort()).toEqual(expected);
    expect(r.head.summary.total).toBe(expected.length);
    expect(r.head.repeats?.repeated).toEqual([{ id: again, trials: 2 }]);
  });

  it.each([
    ['a case without its first trial (an interrupted round)', (rs: CaseResult[]) => [...rs.slice(1), { ...rs[0]!, trial: 1 }], /has trial 1 but not trial 0/],
    ['a case missing altogether', (rs: CaseResult[]) => rs.slice(1), /holds results of \d+ of the \d+ cases its run selected/],
  ] as const)('refuses %s', async (_name, edit, message) => {
    const dir = autoCopy(1, `a1-${Math.random().toString(16).slice(2)}`, edit);
    await expect(merge([dir, join(root, 'a2')], `m-${Math.random().toString(16).slice(2)}`)).rejects.toThrow(message);
  });

  it('an auto shard and a --repeat N shard are not shards of one run', async () => {
    await expect(merge([join(root, 'a1'), join(root, 's2')], 'm-mixed')).rejects.toThrow(/(repeat|repeat_mode) differs from the first input/);
  });
});

describe('merge counts trials, not cases', () => {
  it('the intact shards of a --repeat run merge: every case with every trial', async () => {
    await merge([join(root, 's1'), join(root, 's2')], 'whole');
    const results = readResults(join(root, 'whole'));
    const cases = new Set(results.map((r) => r.case_id));
    expect(cases.size).toBeGreaterThan(1);
    expect(results).toHaveLength(cases.size * REPEAT);
  });

  it('a shard missing one trial of one case is unfinished, though it holds every case', async () => {
    const dir = shardCopy(1, 'no-trial');
    const lines = linesOf(dir);
    const dropped = lines.findIndex((l, i) => i > 0 && (JSON.parse(l) as CaseResult).trial === REPEAT - 1);
    const planned = lines.length - 1;
    writeLines(
      dir,
      lines.filter((_, i) => i !== dropped),
    );
    expect(new Set(readResults(dir).map((r) => r.case_id)).size).toBe(planned / REPEAT);
    await expect(merge([dir, join(root, 's2')], 'm1')).rejects.toThrow(`holds ${planned - 1} of the ${planned} results its run planned`);
  });

  it('a case and trial in two shards is refused; the same case with another trial is not a duplicate', async () => {
    const dir = shardCopy(2, 'dup');
    const lines = linesOf(dir);
    const stolen = linesOf(join(root, 's1'))[1]!;
    writeLines(dir, [...lines, stolen]);
    const { case_id, trial } = JSON.parse(stolen) as CaseResult;
    await expect(merge([join(root, 's1'), dir], 'm2')).rejects.toThrow(`case ${case_id} (trial ${trial}) also appears in an earlier input`);
  });

  it('a trial outside 0..repeat-1 is not a case result of this run', async () => {
    const dir = shardCopy(2, 'far-trial');
    const lines = linesOf(dir);
    const last = JSON.parse(lines.at(-1)!) as CaseResult;
    writeLines(dir, [...lines.slice(0, -1), JSON.stringify({ ...last, trial: REPEAT })]);
    await expect(merge([join(root, 's1'), dir], 'm3')).rejects.toThrow(`trial ${REPEAT} is not one of 0..${REPEAT - 1}`);
  });

  it('shards run with another --repeat are not shards of one run', async () => {
    await expect(merge([join(root, 's1'), join(root, 'once')], 'm4')).rejects.toThrow(/repeat differs from the first input/);
  });

  it('a missing shard is refused unless --partial', async () => {
    await expect(merge([join(root, 's1')], 'm5')).rejects.toThrow(/shard\(s\) 2 of 2 missing \(have 1\)/);
    const partial = await mergeRuns({ inputs: [join(root, 's1')], out: join(root, 'p'), reportsDir: root, baseline: null, config, partial: true });
    expect(partial.head.run.partial).toEqual({ missing_shards: [2], of: 2 });
    await expect(merge([join(root, 'p'), join(root, 's2')], 'm6')).rejects.toThrow(/is itself a partial merge/);
  });
});

describe('resume counts trials, not cases', () => {
  it('an interrupted --repeat run resumes into every trial of every case, each once', async () => {
    const out = join(root, 'resumed');
    const full = await evalIn(root, { out, module: MODULE, repeat: REPEAT });
    const lines = linesOf(out);
    const total = lines.length - 1;
    // Interrupted: the header, trial 0 of the first case only, and half a line.
    writeFileSync(join(out, 'results.jsonl'), `${lines[0]}\n${lines[1]}\n${lines[2]!.slice(0, 30)}`);
    const resumed = await evalIn(root, { out, module: MODULE, repeat: REPEAT, resume: true });
    const results = readResults(out);
    expect(results).toHaveLength(total);
    expect(new Set(results.map((r) => `${r.case_id}#${r.trial}`)).size).toBe(total);
    expect(resumed.head.summary).toEqual(full.head.summary);
  });

  it('a trial written twice is kept once', async () => {
    const out = join(root, 'twice');
    await evalIn(root, { out, module: MODULE, repeat: REPEAT });
    const lines = linesOf(out);
    writeLines(out, [...lines, lines[1]!]);
    await evalIn(root, { out, module: MODULE, repeat: REPEAT, resume: true });
    expect(readResults(out)).toHaveLength(lines.length - 1);
  });
});
