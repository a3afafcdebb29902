/**
 * One flags table (src/harness/cli/flag-table.ts): the keys of eval's flags are the
 * keys evaluate() takes, every key is printed as its own flag, and no flag is
 * spelled in src/ outside cli/ but in the texts listed below, which core code
 * writes into reports, pages and files without passing through the CLI.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/harness/base/errors.js';
import { FLAG_TABLE } from '../../../src/harness/cli/flag-table.js';
import { flagOf } from '../../../src/harness/cli/option-flags.js';
import { checkEvaluateOptions } from '../../../src/harness/evaluate/evaluate-options.js';

const LONG = /--[a-z][a-z0-9-]*/;
const longFlag = (flags: string) => LONG.exec(flags)![0];

/** eval's flags that the command keeps for itself: how it prints, and which job it does instead of a run. */
const EVAL_COMMAND_OWN = ['quiet', 'dryRun', 'estimate', 'watch'];

describe('the flags table', () => {
  it("names eval's flags by the keys evaluate() takes: a key it does not know would be refused by name", () => {
    for (const spec of FLAG_TABLE.eval.filter((s) => !EVAL_COMMAND_OWN.includes(s.key))) {
      expect(() => checkEvaluateOptions({ [spec.key]: undefined }), spec.key).not.toThrow();
    }
    // The check above can fail: a key evaluate() does not take is refused.
    expect(() => checkEvaluateOptions({ caseTypes: undefined })).toThrow(InputError);
  });

  it('prints every key as the flag the table gives it (both spellings of an on/off option)', () => {
    for (const spec of Object.values(FLAG_TABLE).flat()) expect(flagOf(spec.key).split('/'), spec.key).toContain(longFlag(spec.flags));
    expect(flagOf('baseline')).toBe('--baseline/--no-baseline');
    expect(flagOf('types')).toBe('--type');
  });

  it('gives each key one flag across commands, so a problem about it reads the same in every command', () => {
    const flagsOf = new Map<string, Set<string>>();
    for (const spec of Object.values(FLAG_TABLE).flat()) flagsOf.set(spec.key, (flagsOf.get(spec.key) ?? new Set()).add(longFlag(spec.flags)));
    const several = [...flagsOf].filter(([key, flags]) => flags.size > 1 && key !== 'baseline');
    expect(several).toEqual([]);
  });
});

/**
 * Core code that still spells a flag, and why: text written into report.md, report.json, the viewer's
 * pages, generated case files, a JSON Schema description or a case's error, which reaches the user
 * without passing through cli/ (where a `{key}` would become its flag).
 */
const SPELLED_OUTSIDE_CLI: Record<string, string> = {
  'src/harness/evaluate/resume-command.ts': 'the command line that finishes a run, written into report.json and report.md',
  'src/harness/generate/generate-module-cases.ts': 'the header comment of a generated case file',
  'src/harness/generate/generate-pipeline-variants.ts': 'the header comment of a generated variants file',
  'src/harness/providers/budget.ts': "the stop reason of a spent budget, in report.json's incomplete",
  'src/harness/providers/openai-provider.ts': "a hung endpoint's error, in the case's result",
  'src/agent/models/sim/sim-provider.ts': "the reason sim skips a module's cases, in their results",
  'src/harness/registry/prompt-metadata.ts': 'a lint problem that `lint --json` prints as it is',
  'src/harness/report/baseline.ts': "an untrusted baseline's note in the report, and the on/off pair --no-baseline",
  'src/harness/report/gate.ts': "a gate check's reason, in the reports",
  'src/harness/report/report-md-review.ts': 'report.md',
  'src/harness/report/statistics/render-statistics-md.ts': 'report.md',
  'src/harness/config/statistics-config.ts': "the config's published JSON Schema descriptions",
  'src/harness/view/live-run.ts': "the viewer's page",
  'src/harness/view/run-folders.ts': "the viewer's page",
};

/** Every .ts file under src/, as [path, text]. */
function sources(dir = 'src'): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [[path.split('\\').join('/'), readFileSync(path, 'utf8')] as [string, string]] : [];
  });
}

/** The code of a file without its comments (a comment may say which flag a user types). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');
}

/** orderflow's own flags in a text: other double dashes (CSS variables, git's options) are not ours. */
function ourFlags(text: string): string[] {
  const ours = new Set(Object.values(FLAG_TABLE).flatMap((specs) => specs.map((s) => longFlag(s.flags))));
  return (text.match(/(?<![\w-])--[a-z][a-z0-9-]*(?![\w-])/g) ?? []).filter((f) => ours.has(f));
}

describe('flag spellings outside cli/', () => {
  it('finds a flag where one is spelled (the scan can fail)', () => {
    expect(ourFlags(withoutComments("const s = 'run again with --resume'; // --out"))).toEqual(['--resume']);
    expect(ourFlags('color: var(--muted); git --porcelain')).toEqual([]);
  });

  it('core code names options by their key; only the texts listed above spell a flag', () => {
    const spelling = sources()
      .filter(([path]) => !path.startsWith('src/harness/cli/'))
      .filter(([path, text]) => ourFlags(withoutComments(text)).length > 0 && !(path in SPELLED_OUTSIDE_CLI))
      .map(([path, text]) => `${path}: ${[...new Set(ourFlags(withoutComments(text)))].join(' ')}`);
    expect(spelling).toEqual([]);
  });

  it('lists no file that no longer spells a flag', () => {
    const texts = new Map(sources());
    const stale = Object.keys(SPELLED_OUTSIDE_CLI).filter((path) => ourFlags(withoutComments(texts.get(path) ?? '')).length === 0);
    expect(stale).toEqual([]);
  });
});
