/**
 * The run folders under the reports folder, as the viewer lists them: one
 * summary per folder, read from report.json when the run finished, from the
 * header and lines of results.jsonl while it runs (its lock names a live
 * writer) or when it stopped before its report. Nothing here trusts the disk:
 * a report.json that is not one, or a results file with no header, makes a
 * summary in state `corrupt` with the reason, never an exception.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkReportShape } from '../report/report-shape.js';
import type { Report } from '../report/report-types.js';
import { RESULTS_FILE, RUN_MARKER } from '../runner/out-folder.js';
import { LOCK_FILE, liveWriter } from '../runner/run-folder-lock.js';
import { isRunHeader } from '../runner/result-line-shape.js';
import { ResultsTail } from './results-tail.js';

type RunState = 'finished' | 'running' | 'interrupted' | 'corrupt';

interface MetricPoint {
  value: number | null;
  low: number | null;
  high: number | null;
}

interface RunCounts {
  total: number;
  passed: number;
  failed: number;
  error: number;
  skipped: number;
}

export interface RunSummary {
  /** The folder's name: the run's address in the viewer. */
  name: string;
  dir: string;
  state: RunState;
  /** Why the folder is corrupt, or what is odd about it (null when nothing is). */
  problem: string | null;
  runId: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** For ordering: when the run started, else when its folder last changed. */
  time: number;
  provider: string | null;
  model: string | null;
  /** module → the prompt version that ran. */
  prompts: Record<string, string>;
  modules: string[];
  counts: RunCounts | null;
  /** The gate's verdict (finished runs only). */
  verdict: 'passed' | 'failed' | null;
  gateFailures: string[];
  metrics: Record<string, MetricPoint>;
  /** The baseline this run was compared with: its run id and each metric's value there. */
  baseline: { runId: string | null; metrics: Record<string, number | null> } | null;
  arms: string[];
  /** Finished runs: each case's module and status, for the trends page. */
  cases: Map<string, { module: string; status: string }>;
}

const FILES = ['report.json', RESULTS_FILE, RUN_MARKER, LOCK_FILE] as const;

/** What each folder's summary was read from, so that an unchanged folder is not read again. */
const cache = new Map<string, { stamp: string; summary: RunSummary }>();

/** Every run folder directly under `reportsDir` (never through a link), newest first. */
export async function listRuns(reportsDir: string): Promise<RunSummary[]> {
  const entries = await readdir(reportsDir, { withFileTypes: true }).catch(() => []);
  const runs: RunSummary[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const summary = await readRun(reportsDir, entry.name);
    if (summary) runs.push(summary);
  }
  return runs.sort((a, b) => b.time - a.time || b.name.localeCompare(a.name));
}

/** One folder's summary, or null when it holds no run at all. */
export async function readRun(reportsDir: string, name: string): Promise<RunSummary | null> {
  const dir = join(reportsDir, name);
  const stats = await Promise.all(FILES.map((f) => lstat(join(dir, f)).catch(() => null)));
  if (!stats.some(Boolean)) return null;
  const [report, results] = stats;
  const folder = await lstat(dir).catch(() => null);
  if (!folder?.isDirectory()) return null;
  const running = !report && liveWriter(dir) !== null;
  const stamp = [...stats.map((s) => (s ? `${s.mtimeMs}:${s.size}` : '-')), running].join('|');
  const cached = cache.get(dir);
  if (cached?.stamp === stamp) return cached.summary;
  const base = emptySummary(name, dir, folder.mtimeMs);
  if (report) tallies.delete(join(dir, RESULTS_FILE));
  const summary = report
    ? await fromReport(base, join(dir, 'report.json'))
    : results
      ? await fromResults(base, join(dir, RESULTS_FILE), running ? 'running' : 'interrupted')
      : { ...base, state: running ? ('running' as const) : ('interrupted' as const), problem: running ? null : 'stopped before its first result' };
  cache.set(dir, { stamp, summary });
  return summary;
}

function emptySummary(name: string, dir: string, time: number): RunSummary {
  return {
    name,
    dir,
    state: 'corrupt',
    problem: null,
    runId: null,
    startedAt: null,
    finishedAt: null,
    time,
    provider: null,
    model: null,
    prompts: {},
    modules: [],
    counts: null,
    verdict: null,
    gateFailures: [],
    metrics: {},
    baseline: null,
    arms: [],
    cases: new Map(),
  };
}

async function fromReport(base: RunSummary, path: string): Promise<RunSummary> {
  let report: Report;
  try {
    const raw = await readFile(path, 'utf8');
    report = checkReportShape(JSON.parse(raw.replace(/^\uFEFF/, '')), 'report.json');
  } catch (error) {
    return { ...base, state: 'corrupt', problem: `report.json: ${firstLine(error)}` };
  }
  const run = report.run as Partial<Report['run']>;
  const summary: RunSummary = {
    ...withProvenance(base, run),
    state: 'finished',
    finishedAt: text(run.finished_at),
    counts: countsOf(report.summary),
    verdict: report.gate.passed ? 'passed' : 'failed',
    gateFailures: (report.gate.failures ?? []).map((f) => text((f as { message?: unknown }).message) ?? 'a gate check failed'),
    metrics: metricPoints(report.metrics),
    baseline: baselineOf(report.baseline),
    modules: isObject(report.by_module) ? Object.keys(report.by_module).sort() : [],
  };
  // A run with arms names them in its comparison block (the header's list is absent on older runs).
  const arms = (report as { arms?: { arms?: unknown } }).arms?.arms;
  if (!summary.arms.length && Array.isArray(arms)) summary.arms = arms.flatMap((a) => (isObject(a) && typeof a.name === 'string' ? [a.name] : []));
  for (const c of report.cases) summary.cases.set(c.id, { module: c.module, status: c.status });
  return summary;
}

/** What has been read of each results file without a report: a run in progress is read on from where it was, not again from its start. */
interface Tally {
  tail: ResultsTail;
  counts: RunCounts;
  modules: Set<string>;
  header: Partial<Report['run']> | null;
  unreadable: number;
}
const tallies = new Map<string, Tally>();
const freshCounts = (): RunCounts => ({ total: 0, passed: 0, failed: 0, error: 0, skipped: 0 });

async function tallyOf(path: string): Promise<Tally> {
  let tally = tallies.get(path);
  if (!tally) tallies.set(path, (tally = { tail: new ResultsTail(path), counts: freshCounts(), modules: new Set(), header: null, unreadable: 0 }));
  for (let more = true; more; ) {
    const read = await tally.tail.read();
    more = read.more;
    if (read.reset) Object.assign(tally, { counts: freshCounts(), modules: new Set(), header: null, unreadable: 0 });
    tally.unreadable += read.dropped;
    for (const line of read.lines) {
      const value = line.value as { type?: unknown; status?: unknown; module?: unknown } | undefined;
      const status = typeof value?.status === 'string' ? value.status : '';
      if (isRunHeader(value) && !tally.header) tally.header = value.run as Partial<Report['run']>;
      else if (value?.type === 'case_result' && status !== 'total' && Object.hasOwn(tally.counts, status)) {
        tally.counts.total += 1;
        tally.counts[status as keyof RunCounts] += 1;
        if (typeof value.module === 'string') tally.modules.add(value.module);
      } else tally.unreadable += 1;
    }
  }
  return tally;
}

async function fromResults(base: RunSummary, path: string, state: 'running' | 'interrupted'): Promise<RunSummary> {
  let tally: Tally;
  try {
    tally = await tallyOf(path);
  } catch (error) {
    tallies.delete(path);
    return { ...base, state: 'corrupt', problem: `${RESULTS_FILE}: ${firstLine(error)}` };
  }
  const { counts, header, unreadable } = tally;
  const summary: RunSummary = header ? withProvenance({ ...base, state }, header) : { ...base, state };
  if (!header && counts.total === 0 && unreadable > 0)
    return { ...summary, state: 'corrupt', problem: `${RESULTS_FILE}: no run header, and no line is a result` };
  const problems = [
    ...(header || counts.total === 0 ? [] : [`${RESULTS_FILE} has no run header`]),
    ...(unreadable ? [`${unreadable} line(s) of ${RESULTS_FILE} are not results`] : []),
    ...(state === 'interrupted' ? ['stopped before its report (no report.json): --resume finishes it'] : []),
  ];
  return {
    ...summary,
    counts: { ...counts },
    modules: summary.modules.length ? summary.modules : [...tally.modules].sort(),
    problem: problems.join('; ') || null,
  };
}

/** What a run header or report.json says about who ran what, each field checked before it is used. */
function withProvenance(base: RunSummary, run: Partial<Report['run']>): RunSummary {
  const prompts: Record<string, string> = {};
  if (isObject(run.prompts))
    for (const [module, p] of Object.entries(run.prompts)) {
      const name = isObject(p) ? text((p as { name?: unknown }).name) : null;
      if (name) prompts[module] = name;
    }
  const started = text(run.started_at);
  const time = started ? Date.parse(started) : Number.NaN;
  const filters = isObject(run.filters) ? (run.filters as { modules?: unknown }).modules : undefined;
  return {
    ...base,
    runId: text(run.id),
    startedAt: started,
    time: Number.isFinite(time) ? time : base.time,
    provider: text(run.provider),
    model: text(run.model),
    prompts,
    modules: Array.isArray(filters) && filters.length ? filters.filter((m): m is string => typeof m === 'string') : Object.keys(prompts).sort(),
    arms: Array.isArray(run.arms) ? run.arms.filter((a): a is string => typeof a === 'string') : [],
  };
}

function countsOf(summary: Report['summary']): RunCounts {
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const s = summary as Partial<RunCounts>;
  return { total: n(s.total), passed: n(s.passed), failed: n(s.failed), error: n(s.error), skipped: n(s.skipped) };
}

function metricPoints(metrics: Report['metrics']): Record<string, MetricPoint> {
  const points: Record<string, MetricPoint> = {};
  for (const [id, m] of Object.entries(metrics as Record<string, unknown>)) {
    if (!isObject(m)) continue;
    const interval = isObject(m.interval) ? m.interval : null;
    points[id] = { value: num(m.value), low: num(interval?.low), high: num(interval?.high) };
  }
  return points;
}

function baselineOf(diff: Report['baseline']): RunSummary['baseline'] {
  if (!isObject(diff)) return null;
  const metrics: Record<string, number | null> = {};
  if (isObject(diff.metrics)) for (const [id, m] of Object.entries(diff.metrics)) metrics[id] = isObject(m) ? num((m as { before?: unknown }).before) : null;
  return { runId: text(diff.run_id), metrics };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0]!;
