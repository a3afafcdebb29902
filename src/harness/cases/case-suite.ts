/**
 * The case suite: every case file under cases/, validated as a whole before a
 * run starts (ids unique across the suite, every module known), then handed
 * to the run: kept parsed when small, read again file by file when large, so
 * that memory does not grow with the number of cases.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hasErrors, InputError, type Problem } from '../base/errors.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { promptSetKey } from '../registry/prompt-set-key.js';
import { displayPath } from '../base/display-path.js';
import { decodeUtf8, readFileBytes } from '../base/text-file.js';
import { compileFilter, type CaseFilter } from './case-filter.js';
import type { ScenarioItem, ScenarioParser } from './scenario-item.js';
import type { SuiteAgent } from './suite-agent.js';
import { parseModuleCaseFile, type LoadedModuleCase } from './load-module-cases.js';
import { recentParses } from './recent-parses.js';
import { caseContentHash } from './case-hash.js';
import { readStoredParse, storedParse } from './stored-parses.js';

/** A module case or a pipeline scenario: what the runner runs. */
export type SuiteItem = LoadedModuleCase | ScenarioItem;

function itemId(item: SuiteItem): string {
  return item.kind === 'module' ? item.case_id : item.scenario_id;
}

function itemKey(item: SuiteItem) {
  return { case_id: itemId(item), module: item.kind === 'module' ? item.module : 'pipeline', case_type: item.case_type };
}

const MAX_CASE_FILE_BYTES = 8 * 1024 * 1024;
/**
 * A suite of up to this many selected cases is parsed once: the cases stay in
 * memory between validation and the run (about 1.6 KB each). A larger suite
 * keeps none and reads its files again while running, so that memory stays
 * flat however many cases there are.
 */
const KEEP_PARSED_UP_TO = 10_000;

interface SuiteFile {
  path: string;
  shown: string;
  /** Module id, or "pipeline" for scenario files. */
  module: string;
  /** Cases in the file that pass the filter. */
  selected: number;
  /** sha1 of the bytes validated: a file read again while running must still be the one validated. */
  digest: string;
  cached?: SuiteItem[];
}

export interface CaseSuite {
  files: SuiteFile[];
  /** Every case of the suite, selected or not: id → content hash. */
  hashes: Map<string, string>;
  /** Selected cases per module and case type. */
  counts: Record<string, Record<string, number>>;
  total: number;
  filter: CaseFilter;
  /** What loading found that does not stop a run (a goal that measures nothing): printed, never refused. */
  warnings: Problem[];
  /** Ids that selected cases name as their source case or twin: the clusters more than one case shares. */
  sharedClusters: Set<string>;
  /** Ids of the selected cases, when asked for (a resumed run sets aside results of other cases). */
  ids?: Set<string>;
  /** The agent the suite was loaded for, and its scenario parser when the suite has scenario files: iterateSuite reads large suites again with them. */
  agent: SuiteAgent;
  scenarioParser?: ScenarioParser;
}

/** The folder of pipeline scenarios; every other folder under cases/ is named after a module. */
export const PIPELINE_DIR = 'pipeline';

/**
 * Parsed case files by what decides their parse: path, bytes and the active
 * prompts they are validated against. `eval --watch` keeps one across runs, so
 * that a save re-parses the file saved and not the suite.
 */
export type SuiteParseCache = Map<string, { items: SuiteItem[]; problems: Problem[] }>;

export async function loadCaseSuite(
  casesDir: string,
  active: Map<string, PromptFile>,
  filter: CaseFilter = {},
  options: {
    /** The agent under test: its scenario format, and the names and output readers its module cases are checked with. */
    agent: SuiteAgent;
    collectIds?: boolean;
    keepParsedUpTo?: number;
    parseCache?: SuiteParseCache;
  },
): Promise<CaseSuite> {
  const problems: Problem[] = [];
  const suite: CaseSuite = {
    files: [],
    hashes: new Map(),
    sharedClusters: new Set(),
    counts: {},
    total: 0,
    filter,
    warnings: [],
    agent: options.agent,
    ...(options.collectIds ? { ids: new Set<string>() } : {}),
  };
  const select = compileFilter(filter);
  // id → where it was first defined, packed as file number and line: a suite of 100,000 ids stays small.
  const seen = new Map<string, number>();
  const shownFiles: string[] = [];
  const LINE_SPAN = 2 ** 24;
  let keep = true;

  const files = await listCaseFiles(casesDir, problems);
  if (files.some((f) => f.module === PIPELINE_DIR)) suite.scenarioParser = await options.agent.scenarioFormat.parser();
  for (const { module, path } of files) {
    const shown = displayPath(path);
    if (module !== PIPELINE_DIR && !active.get(module)) {
      problems.push({
        file: shown,
        severity: 'error',
        message: `unknown module "${module}" (folder name under cases/)`,
        expected: `one of ${[...active.keys(), PIPELINE_DIR].join(', ')}`,
      });
      continue;
    }
    const read = await readCaseFile(path, shown, problems);
    if (read === undefined) continue;
    // Decoded only when parsed: a file read back from the parse cache was decoded, with the same bytes, when it was stored.
    const items = cachedParse(options.parseCache, keep, path, shown, read.digest, module, active, options.agent, problems, () => {
      const decoded = decodeUtf8(read.bytes, shown);
      if (decoded.problem) {
        problems.push(decoded.problem);
        return [];
      }
      return parseItems(suite, shown, decoded.text, module, active, problems);
    });
    const fileNumber = shownFiles.push(shown) - 1;
    const selected: SuiteItem[] = [];
    for (const item of items) {
      const key = itemKey(item);
      const other = seen.get(key.case_id);
      if (other !== undefined) {
        const where = `${shownFiles[Math.floor(other / LINE_SPAN)]}:${other % LINE_SPAN}`;
        problems.push({
          file: shown,
          line: item.line,
          field: 'case_id',
          severity: 'error',
          message: `duplicate id "${key.case_id}", first defined at ${where}`,
        });
      } else seen.set(key.case_id, fileNumber * LINE_SPAN + item.line);
      suite.hashes.set(key.case_id, caseContentHash(item));
      if (!select(key)) continue;
      selected.push(item);
      suite.ids?.add(key.case_id);
      const source = (item.kind === 'pipeline' ? item.twin_of : null) ?? item.generated_by?.source_case;
      if (source) suite.sharedClusters.add(source);
      const byType = (suite.counts[key.module] ??= {});
      byType[item.case_type] = (byType[item.case_type] ?? 0) + 1;
    }
    const file: SuiteFile = { path, shown, module, selected: selected.length, digest: read.digest };
    suite.total += selected.length;
    if (keep && suite.total > (options.keepParsedUpTo ?? KEEP_PARSED_UP_TO)) {
      keep = false;
      for (const f of suite.files) delete f.cached;
      // A suite this large is read again while it runs; kept here, its first files would stay in memory all run.
      recentParses.clear();
    }
    if (keep) file.cached = selected;
    suite.files.push(file);
  }
  // Only an error refuses the run; the warnings go along with it so that the user sees both at once.
  if (hasErrors(problems)) throw new InputError(problems);
  suite.warnings = problems;
  return suite;
}

/** One hash for the whole suite: equal suites, equal fingerprints. */
export function suiteFingerprint(hashes: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const id of [...hashes.keys()].sort()) hash.update(`${id} ${hashes.get(id)}\n`);
  return hash.digest('hex');
}

/** Cases and scenarios one file at a time, in suite order. */
export async function* iterateSuite(suite: CaseSuite, active: Map<string, PromptFile>): AsyncGenerator<SuiteItem> {
  const select = compileFilter(suite.filter);
  for (const file of suite.files) {
    if (file.selected === 0) continue;
    if (file.cached) {
      // Handed over once: kept, they would stay in memory for the whole run. A second pass reads the file again.
      const cached = file.cached;
      delete file.cached;
      yield* cached;
      continue;
    }
    const bytes = await readFile(file.path);
    // Not checked against the prompts again below (done a moment ago): unchanged bytes are what makes that safe.
    if (digestOf(bytes) !== file.digest) {
      throw new InputError({
        file: file.shown,
        severity: 'error',
        message: 'file changed while the run was going; its cases were validated before the change',
        expected: 'case files left alone during a run; run again',
      });
    }
    const problems: Problem[] = [];
    const prompts = promptsKey(file.module, active, suite.agent);
    const items =
      (prompts !== undefined ? readStoredParse({ shown: file.shown, digest: file.digest, module: file.module, prompts }, problems) : undefined) ??
      parseItems(suite, file.shown, decodeUtf8(bytes, file.shown).text!, file.module, active, problems, false);
    // Warnings were reported when the suite was loaded; the same bytes give the same ones again.
    if (hasErrors(problems)) throw new InputError(problems);
    for (const item of items) if (select(itemKey(item))) yield item;
  }
}

/**
 * The file's items from `cache` (eval --watch's), else from the parses kept in this process
 * (`keepRecent`: while the suite is small enough to keep parsed), else parsed now.
 */
function cachedParse(
  cache: SuiteParseCache | undefined,
  keepRecent: boolean,
  path: string,
  shown: string,
  digest: string,
  module: string,
  active: Map<string, PromptFile>,
  agent: SuiteAgent,
  problems: Problem[],
  parse: () => SuiteItem[],
): SuiteItem[] {
  // A module's cases are checked against its own prompt; scenarios against every module's.
  const prompts = promptsKey(module, active, agent);
  // A prompt built by hand may lack its hash: nothing would tell its parse from another's.
  if (prompts === undefined) return parse();
  const parseOrRead = () => storedParse({ shown, digest, module, prompts }, problems, parse);
  if (!cache) return keepRecent ? recentParses.parse(shown, `${module}\u0000${digest}\u0000${prompts}`, problems, parseOrRead) : parseOrRead();
  const key = `${path}\u0000${digest}\u0000${prompts}`;
  const hit = cache.get(key);
  if (hit) {
    problems.push(...hit.problems);
    return hit.items;
  }
  const before = problems.length;
  const items = parseOrRead();
  // Entries of older bytes of the same file are dead: one entry per file.
  for (const k of cache.keys()) if (k.startsWith(`${path}\u0000`)) cache.delete(k);
  cache.set(key, { items, problems: problems.slice(before) });
  return items;
}

/** What a file's cases are checked against: the hashes of the prompts (a module's own, or every module's for scenarios) and the agent's tool names. */
function promptsKey(module: string, active: Map<string, PromptFile>, agent: SuiteAgent): string | undefined {
  const prompts = promptSetKey(module === PIPELINE_DIR ? active.values() : [active.get(module)]);
  // The tool names a module case may expect come from the agent, not a prompt.
  return prompts === undefined ? undefined : `${prompts}|${agent.contracts.tools.join(',')}`;
}

function parseItems(
  suite: CaseSuite,
  shown: string,
  text: string,
  module: string,
  active: Map<string, PromptFile>,
  problems: Problem[],
  check = true,
): SuiteItem[] {
  return module === PIPELINE_DIR
    ? suite.scenarioParser!(shown, text, active, problems)
    : parseModuleCaseFile(shown, text, module, active.get(module)!, problems, suite.agent, check);
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
    // A broken link among the folders is not a module folder either; a file in there is read (and refused) below.
    if (
      !(await stat(dir).then(
        (s) => s.isDirectory(),
        () => false,
      ))
    )
      continue;
    for (const name of (await readdir(dir)).sort()) {
      if (/\.ya?ml$/.test(name)) files.push({ module, path: join(dir, name) });
    }
  }
  return files;
}

const digestOf = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('base64');

async function readCaseFile(path: string, shown: string, problems: Problem[]): Promise<{ bytes: Uint8Array; digest: string } | undefined> {
  const size = await stat(path).then(
    (s) => s.size,
    () => 0,
  );
  if (size > MAX_CASE_FILE_BYTES) {
    problems.push({
      file: shown,
      severity: 'error',
      message: `file is ${(size / 1024 / 1024).toFixed(1)} MB`,
      expected: `case files under ${MAX_CASE_FILE_BYTES / 1024 / 1024} MB; split it`,
    });
    return undefined;
  }
  const read = await readFileBytes(path, shown);
  if (read.problem) {
    problems.push(read.problem);
    return undefined;
  }
  return { bytes: read.bytes, digest: digestOf(read.bytes) };
}
