/**
 * The case suite: every case file under cases/, validated as a whole before a
 * run starts (ids unique across the suite, every module known), then read
 * again file by file while running, so that memory does not grow with the
 * number of cases.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, type Problem } from '../errors.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { displayPath } from '../registry/registry.js';
import { compileFilter, type CaseFilter } from './case-filter.js';
import { parseModuleCaseFile, type LoadedModuleCase } from './load-module-cases.js';

export const MAX_CASE_FILE_BYTES = 8 * 1024 * 1024;
/** Suites up to this many cases stay parsed in memory between validation and the run. */
const KEEP_PARSED_UP_TO = 20_000;

export interface SuiteFile {
  path: string;
  shown: string;
  module: string;
  /** Cases in the file that pass the filter. */
  selected: number;
  cached?: LoadedModuleCase[];
}

export interface CaseSuite {
  files: SuiteFile[];
  /** Selected cases per module and case type. */
  counts: Record<string, Record<string, number>>;
  total: number;
  filter: CaseFilter;
}

/** Folder names under cases/ that are not module ids. */
const NON_MODULE_DIRS = new Set(['pipeline']);

export async function loadCaseSuite(casesDir: string, active: Map<string, PromptFile>, filter: CaseFilter = {}): Promise<CaseSuite> {
  const problems: Problem[] = [];
  const suite: CaseSuite = { files: [], counts: {}, total: 0, filter };
  const select = compileFilter(filter);
  const seen = new Map<string, string>();
  let kept = 0;

  for (const { module, path } of await listCaseFiles(casesDir, problems)) {
    const shown = displayPath(path);
    const prompt = active.get(module);
    if (!prompt) {
      problems.push({ file: shown, severity: 'error', message: `unknown module "${module}" (folder name under cases/)`, expected: `one of ${[...active.keys()].join(', ')}` });
      continue;
    }
    const text = await readCaseFile(path, shown, problems);
    if (text === undefined) continue;
    const cases = parseModuleCaseFile(shown, text, module, prompt, problems);
    const file: SuiteFile = { path, shown, module, selected: 0 };
    const selected: LoadedModuleCase[] = [];
    for (const c of cases) {
      const other = seen.get(c.case_id);
      if (other) problems.push({ file: shown, line: c.line, field: 'case_id', severity: 'error', message: `duplicate case_id "${c.case_id}", first defined at ${other}` });
      seen.set(c.case_id, `${shown}:${c.line}`);
      if (!select(c)) continue;
      selected.push(c);
      const byType = (suite.counts[module] ??= {});
      byType[c.case_type] = (byType[c.case_type] ?? 0) + 1;
    }
    file.selected = selected.length;
    suite.total += selected.length;
    if (kept + selected.length <= KEEP_PARSED_UP_TO) {
      file.cached = selected;
      kept += selected.length;
    }
    suite.files.push(file);
  }
  if (problems.length > 0) throw new InputError(problems);
  return suite;
}

/** Cases one file at a time, in suite order. */
export async function* iterateSuite(suite: CaseSuite, active: Map<string, PromptFile>): AsyncGenerator<LoadedModuleCase> {
  const select = compileFilter(suite.filter);
  for (const file of suite.files) {
    if (file.selected === 0) continue;
    if (file.cached) {
      yield* file.cached;
      continue;
    }
    const problems: Problem[] = [];
    const cases = parseModuleCaseFile(file.shown, await readFile(file.path, 'utf8'), file.module, active.get(file.module)!, problems);
    if (problems.length) throw new InputError(problems); // the file changed under a running eval
    for (const c of cases) if (select(c)) yield c;
  }
}

async function listCaseFiles(casesDir: string, problems: Problem[]): Promise<{ module: string; path: string }[]> {
  let entries: string[];
  try {
    entries = (await readdir(casesDir)).sort();
  } catch {
    problems.push({ file: displayPath(casesDir), severity: 'error', message: 'case folder not found', expected: 'cases/<module>/*.yaml' });
    return [];
  }
  const files: { module: string; path: string }[] = [];
  for (const module of entries) {
    const dir = join(casesDir, module);
    if (NON_MODULE_DIRS.has(module) || !(await stat(dir)).isDirectory()) continue;
    for (const name of (await readdir(dir)).sort()) {
      if (/\.ya?ml$/.test(name)) files.push({ module, path: join(dir, name) });
    }
  }
  return files;
}

async function readCaseFile(path: string, shown: string, problems: Problem[]): Promise<string | undefined> {
  const size = (await stat(path)).size;
  if (size > MAX_CASE_FILE_BYTES) {
    problems.push({ file: shown, severity: 'error', message: `file is ${(size / 1024 / 1024).toFixed(1)} MB`, expected: `case files under ${MAX_CASE_FILE_BYTES / 1024 / 1024} MB; split it` });
    return undefined;
  }
  return readFile(path, 'utf8');
}
