/**
 * The programmatic API as a JavaScript caller writes it: one value where a
 * list is taken, a run named by the folder `evaluate()` returned, a report
 * already loaded; and every mistake named by the option's key.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/harness/base/errors.js';
import { checkEvaluateOptions } from '../../src/harness/evaluate/evaluate-options.js';
import { evaluate } from '../../src/harness/evaluate/evaluate.js';
import { diffReports, loadReport } from '../../src/harness/report/diff-reports.js';
import { flagOf } from '../../src/harness/cli/option-flags.js';
import { formatProblem } from '../../src/harness/base/errors.js';
import { repoCopy } from '../support/eval-fixture.js';

function problemsOf(options: unknown) {
  try {
    checkEvaluateOptions(options);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  return [];
}

describe('options are checked as options', () => {
  it.each([
    ['module', 'intent_recognition', ['intent_recognition']],
    ['caseType', 'boundary', ['boundary']],
    ['id', 'intent-*', ['intent-*']],
    ['prompt', 'intent_recognition=intent_v2', ['intent_recognition=intent_v2']],
    ['accept', 'failed-gate', ['failed-gate']],
  ])('%s: one value is a list of one', (key, one, list) => {
    expect(checkEvaluateOptions({ [key]: one })[key as 'module']).toEqual(list);
    expect(checkEvaluateOptions({ [key]: list })[key as 'module']).toEqual(list);
  });

  it('provider and model keep one value as one arm', () => {
    expect(checkEvaluateOptions({ provider: 'sim' }).provider).toBe('sim');
    expect(checkEvaluateOptions({ provider: ['sim', 'sim:gullible'] }).provider).toEqual(['sim', 'sim:gullible']);
  });

  it.each([
    ['modul', 'module'],
    ['casetype', 'caseType'],
    ['case_type', 'caseType'],
    ['updatebaseline', 'updateBaseline'],
  ])('an unknown key %s is named, with the key it was meant to be (%s)', (typo, meant) => {
    const [p] = problemsOf({ provider: 'sim', [typo]: 'x' });
    expect(p).toMatchObject({ option: typo, file: typo, severity: 'error' });
    expect(p!.message).toBe(`unknown option; did you mean ${meant}?`);
  });

  it.each([
    ['module', 3, 'number 3 given', 'a string or an array of strings'],
    ['module', [1], 'an array ([1]) given', 'a string or an array of strings'],
    ['baseline', true, 'boolean true given', 'a path to baseline.json, or false for none'],
    ['concurrency', [8], 'an array ([8]) given', 'a whole number'],
    ['resume', 'yes', '"yes" given', 'boolean'],
    ['signal', {}, 'an object given', 'an AbortSignal'],
  ])('%s: %j is refused with what was given and what is expected', (key, value, message, expected) => {
    expect(problemsOf({ [key]: value })).toEqual([{ file: key, option: key, message, expected, severity: 'error' }]);
  });

  it('every problem at once, and not an object at all', () => {
    expect(
      problemsOf({ modul: 'x', repeat: true })
        .map((p) => p.option)
        .sort(),
    ).toEqual(['modul', 'repeat']);
    expect(problemsOf('intent_recognition')[0]).toMatchObject({ option: 'options', message: '"intent_recognition" given' });
  });
});

describe('errors speak of the API; the CLI alone spells flags', () => {
  it('one problem, two readers', () => {
    const [p] = new InputError({ file: '{resume}', message: 'needs {out} naming the folder', expected: '{caseType} x', severity: 'error' }).problems;
    expect(p).toMatchObject({ file: 'resume', option: 'resume' });
    expect(formatProblem(p!)).toBe('resume: error: needs out naming the folder (expected caseType x)');
    expect(formatProblem(p!, flagOf)).toBe('--resume: error: needs --out naming the folder (expected --case-type x)');
  });

  it('a path is never read as options', () => {
    const p = { file: 'cases/{x}.yaml', message: 'm', severity: 'error' as const };
    expect(formatProblem(p, flagOf)).toBe('cases/{x}.yaml: error: m');
  });

  it.each([
    ['caseType', '--case-type'],
    ['maxCost', '--max-cost'],
    ['module', '--module'],
    ['guards', '--no-guards'],
    ['types', '--type'],
  ])('%s is shown as %s', (key, flag) => expect(flagOf(key)).toBe(flag));

  it('evaluate() with a module of one string runs that module, and an unknown one is one problem, not one per character', async () => {
    const root = repoCopy();
    const config = join(root, 'orderflow.config.yaml');
    const error = (await evaluate({ config, provider: 'sim', module: 'no_such_module', env: {} }).catch((e: unknown) => e)) as InputError;
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatch(/^module: error: unknown module "no_such_module" \(expected one of /);
  });
});

describe('reports where runs put them', () => {
  it('loadReport and diffReports take the run folder evaluate() returned, its report.json, or a loaded report', async () => {
    const root = repoCopy();
    const config = join(root, 'orderflow.config.yaml');
    const a = await evaluate({ config, provider: 'sim', module: 'intent_recognition', baseline: false, out: join(root, 'a'), env: {} });
    const b = await evaluate({ config, provider: 'sim:gullible', module: 'intent_recognition', baseline: false, out: join(root, 'b'), env: {} });
    const fromFolder = await loadReport(a.outDir);
    expect(fromFolder).toEqual(await loadReport(a.files.json));
    expect(await loadReport(fromFolder)).toBe(fromFolder);

    const byFolder = await diffReports(a.outDir, b.outDir);
    expect(byFolder.newly_failing_count).toBe(b.head.summary.failed + b.head.summary.error);
    expect(byFolder.newly_failing_count).toBeGreaterThan(0);
    expect(await diffReports(a.files.json, b.files.json)).toEqual(byFolder);
    const loaded = await diffReports(fromFolder, await loadReport(b.outDir));
    expect({ ...loaded, path: byFolder.path }).toEqual(byFolder);
  });

  it('a folder without report.json, and a report that is not one, are InputErrors naming it', async () => {
    const root = repoCopy();
    await expect(loadReport(join(root, 'prompts'))).rejects.toThrow(/prompts: error: is a folder without report\.json/);
    await expect(loadReport({ cases: 'no' } as never)).rejects.toThrow(/report: error: .*not a report\.json/);
  });
});
