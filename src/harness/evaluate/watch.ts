/**
 * `orderflow eval --watch`: one run, then a run on every save under the
 * prompt folder, the case folder and the config, of only what the change can
 * affect — a prompt: its module's cases and the scenarios whose trace called
 * that module; a case file: the cases in it; the config: everything. Each run
 * is an ordinary run folder (so `orderflow view` shows it, live), and what
 * changed in the verdict since the last time each case ran is handed back.
 * A broken file is a problem of that run, never the end of the watch.
 */
import { watch as watchFolder, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { InputError, RunInterrupted } from '../base/errors.js';
import { parseDataFile } from '../base/source-positions.js';
import { PIPELINE_DIR, type SuiteParseCache } from '../cases/case-suite.js';
import { parsePromptFile } from '../registry/prompt-file.js';
import { loadWorkspace } from '../workspace.js';
import type { CaseStatus } from '../runner/case-result.js';
import type { RunEvent } from '../runner/run-events.js';
import { checkEvaluateOptions, type EvaluateOptions } from './evaluate-options.js';
import { evaluateIn, type EvaluateResult } from './evaluate.js';
import { agent } from '../agent-registration.js';

interface VerdictChanges {
  newly_failing: string[];
  newly_passing: string[];
  /** Cases that ran for the first time in this watch (new in a file, or first run). */
  new_cases: number;
  /** Share of passed cases among those re-run: before (as they last ran) and now. */
  pass_rate: { before: number | null; after: number };
  /** Per module touched by the run: its pass rate over every case the watch has seen, before and after. */
  by_module: { module: string; before: number; after: number }[];
}

export type WatchEvent =
  | { type: 'run_started'; reason: string; cases: number | 'all' }
  | { type: 'run_finished'; reason: string; result: EvaluateResult; changes: VerdictChanges; ms: number }
  | { type: 'run_refused'; reason: string; error: InputError }
  | { type: 'run_failed'; reason: string; error: Error }
  | { type: 'nothing_to_run'; reason: string };

export interface WatchSettings {
  signal: AbortSignal;
  onEvent: (event: WatchEvent) => void;
  /** Saves closer together than this are one change (an editor writes a file in several steps). */
  debounceMs?: number;
  observer?: EvaluateOptions['observer'];
}

interface Known {
  module: string;
  status: CaseStatus;
}

/** Resolves when the signal aborts (Ctrl-C), after the run in progress has stopped. */
export async function watchEvaluate(given: EvaluateOptions, settings: WatchSettings): Promise<void> {
  const base = checkEvaluateOptions(given);
  const ws = await loadWorkspace(base);
  const promptsDir = resolve(base.prompts ?? ws.config.paths.prompts);
  const casesDir = resolve(base.cases ?? ws.config.paths.cases);
  const configFile = ws.configFile ? resolve(ws.configFile) : null;

  const known = new Map<string, Known>();
  const parseCache: SuiteParseCache = new Map();
  /** Scenario id → the modules its last trace called. */
  const calls = new Map<string, Set<string>>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let full = true;

  const runOnce = async (reason: string, ids: string[] | 'all') => {
    if (ids !== 'all' && ids.length === 0) {
      settings.onEvent({ type: 'nothing_to_run', reason });
      return;
    }
    settings.onEvent({ type: 'run_started', reason, cases: ids === 'all' ? 'all' : ids.length });
    const started = performance.now();
    const seen: { id: string; module: string; status: CaseStatus }[] = [];
    const observe = (event: RunEvent) => {
      settings.observer?.(event);
      if (event.type !== 'case_finished') return;
      const r = event.result;
      seen.push({ id: r.case_id, module: r.module, status: r.status });
      if (r.kind === 'pipeline') calls.set(r.case_id, modulesCalled(r.trace));
    };
    // One signal per run, following the watch's: a run leaves no listener behind on the long-lived one.
    const run = new AbortController();
    const forward = () => run.abort();
    settings.signal.addEventListener('abort', forward, { once: true });
    try {
      const result = await evaluateIn({ ...given, ...(ids === 'all' ? {} : { id: ids }), observer: observe, signal: run.signal }, { parseCache });
      const changes = compare(known, seen);
      settings.onEvent({ type: 'run_finished', reason, result, changes, ms: performance.now() - started });
    } catch (error) {
      if (error instanceof RunInterrupted) return;
      if (error instanceof InputError) settings.onEvent({ type: 'run_refused', reason, error });
      else settings.onEvent({ type: 'run_failed', reason, error: error as Error });
    } finally {
      settings.signal.removeEventListener('abort', forward);
    }
  };

  const affected = async (paths: string[]): Promise<{ reason: string; ids: string[] | 'all' }> => {
    const shown = paths.map((p) => relative(process.cwd(), p) || p);
    const reason = `${shown.slice(0, 3).join(', ')}${shown.length > 3 ? ` and ${shown.length - 3} more` : ''} changed`;
    if (full || paths.some((p) => p === configFile)) return { reason, ids: 'all' };
    const ids = new Set<string>();
    for (const path of paths) {
      if (isInside(path, promptsDir)) {
        const module = await moduleOfPrompt(path);
        // A prompt file nobody can read (deleted, half-written) is a change to every module: run all.
        if (!module) return { reason, ids: 'all' };
        for (const [id, k] of known) if (k.module === module) ids.add(id);
        for (const [id, modules] of calls) if (modules.has(module)) ids.add(id);
      } else if (isInside(path, casesDir)) {
        const inFile = await idsInCaseFile(path, casesDir);
        // A file that does not parse: the whole selection, so that loading it says where it is broken.
        if (!inFile) return { reason, ids: 'all' };
        for (const id of inFile) ids.add(id);
      }
    }
    return { reason, ids: [...ids] };
  };

  const drain = async () => {
    while (pending.size > 0 && !settings.signal.aborted) {
      const paths = [...pending];
      pending.clear();
      const { reason, ids } = await affected(paths);
      full = false;
      await runOnce(reason, ids);
    }
  };

  const changed = (path: string) => {
    // Editors' swap and temp files (.swp, sed's sedXXXX, file~) are not the suite.
    if (settings.signal.aborted || !(path === configFile || /\.(?:md|ya?ml)$/.test(path))) return;
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) return;
      running = drain().finally(() => {
        running = null;
        // A save that landed during the run: its turn now.
        if (pending.size > 0) changed([...pending][0]!);
      });
    }, settings.debounceMs ?? 100);
  };

  const watchers: FSWatcher[] = [
    watchFolder(promptsDir, { recursive: true }, (_e, name) => name && changed(resolve(promptsDir, name.toString()))),
    watchFolder(casesDir, { recursive: true }, (_e, name) => name && changed(resolve(casesDir, name.toString()))),
  ];
  if (configFile) {
    // The folder, not the file: an editor that saves by renaming replaces the file a watch would hold.
    watchers.push(watchFolder(dirname(configFile), (_e, name) => name?.toString() === basename(configFile) && changed(configFile)));
  }
  try {
    await runOnce('first run', 'all');
    full = false;
    await new Promise<void>((done) => {
      if (settings.signal.aborted) done();
      settings.signal.addEventListener('abort', () => done(), { once: true });
    });
    clearTimeout(timer);
    await running;
  } finally {
    for (const w of watchers) w.close();
  }
}

function compare(known: Map<string, Known>, seen: { id: string; module: string; status: CaseStatus }[]): VerdictChanges {
  const touched = new Set(seen.map((s) => s.module));
  const before = rates(known, touched);
  const newlyFailing: string[] = [];
  const newlyPassing: string[] = [];
  let previouslyPassed = 0;
  let comparable = 0;
  let newCases = 0;
  // A case run several times (--repeat) counts as passed only when every trial passed.
  const latest = new Map<string, { module: string; status: CaseStatus }>();
  for (const s of seen) {
    const prior = latest.get(s.id);
    latest.set(s.id, { module: s.module, status: prior && prior.status !== 'passed' ? prior.status : s.status });
  }
  for (const [id, now] of latest) {
    const old = known.get(id);
    if (!old) newCases += 1;
    else {
      comparable += 1;
      if (old.status === 'passed') previouslyPassed += 1;
      if (old.status === 'passed' && now.status !== 'passed') newlyFailing.push(id);
      if (old.status !== 'passed' && now.status === 'passed') newlyPassing.push(id);
    }
    known.set(id, now);
  }
  const after = rates(known, touched);
  const passedNow = [...latest.values()].filter((s) => s.status === 'passed').length;
  return {
    newly_failing: newlyFailing.sort(),
    newly_passing: newlyPassing.sort(),
    new_cases: newCases,
    pass_rate: {
      before: comparable === latest.size && comparable > 0 ? previouslyPassed / comparable : null,
      after: latest.size ? passedNow / latest.size : 1,
    },
    by_module: [...touched]
      .sort()
      .filter((m) => before.has(m))
      .map((m) => ({ module: m, before: before.get(m)!, after: after.get(m)! })),
  };
}

function rates(known: Map<string, Known>, modules: Set<string>): Map<string, number> {
  const counts = new Map<string, { passed: number; total: number }>();
  for (const k of known.values()) {
    if (!modules.has(k.module)) continue;
    const c = counts.get(k.module) ?? { passed: 0, total: 0 };
    c.total += 1;
    if (k.status === 'passed') c.passed += 1;
    counts.set(k.module, c);
  }
  return new Map([...counts].map(([m, c]) => [m, c.passed / c.total]));
}

/** The modules a scenario's trace called, stage by stage. */
function modulesCalled(trace: unknown): Set<string> {
  const stages = (trace as { stages?: { stage?: unknown }[] } | undefined)?.stages ?? [];
  return new Set(stages.map((s) => s.stage).filter((s): s is string => typeof s === 'string'));
}

/** The module a prompt file declares in its metadata, read as the registry reads it; null when it cannot be read. */
async function moduleOfPrompt(path: string): Promise<string | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  return text === null ? null : (parsePromptFile(path, text, agent.contracts).prompt?.metadata.module ?? null);
}

/** The ids a case or scenario file holds now, read as the loader reads it: none when it is gone, null when it does not parse. */
async function idsInCaseFile(path: string, casesDir: string): Promise<string[] | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  if (text === null) return [];
  const scenarios = relative(casesDir, path).split(sep)[0] === PIPELINE_DIR;
  const parsed = parseDataFile(text, scenarios ? 'scenarios' : 'test_cases');
  if (parsed.error) return null;
  const items = (parsed.value as Record<string, unknown> | null)?.[scenarios ? 'scenarios' : 'test_cases'];
  const key = scenarios ? 'scenario_id' : 'case_id';
  return Array.isArray(items) ? items.map((item) => (item as Record<string, unknown> | null)?.[key]).filter((id): id is string => typeof id === 'string') : [];
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder + sep);
}
