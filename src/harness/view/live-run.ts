/**
 * A run followed as it runs: the page, and the server-sent events that feed
 * it — the run's header, then each line of results.jsonl as it lands (a line
 * that is not a result is reported, never fatal), the run's state (running,
 * stopped, finished with the gate's verdict) whenever it changes, and a newer
 * run as soon as one appears in the folder, so that a page opened on the
 * newest run follows a watch loop from run to run.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { html } from '../report/html/safe-html.js';
import { RESULTS_FILE } from '../runner/out-folder.js';
import { caseResultProblem, isRunHeader } from '../runner/result-line-shape.js';
import { liveWriter } from '../runner/run-folder-lock.js';
import { viewPage } from './page-shell.js';
import { LIVE_SCRIPT } from './page-scripts.js';
import { ResultsTail } from './results-tail.js';
import { readRun, type RunSummary } from './run-folders.js';
import { verdictBadge, when } from './runs-page.js';

export function livePage(run: RunSummary, folder: string, follow: boolean, hasBaseline: boolean) {
  const base = `/runs/${encodeURIComponent(run.name)}/`;
  const statuses = ['passed', 'failed', 'error', 'skipped'].map((s) => html`<option value="${s}">${s}</option>`);
  const body = html`<section id="live" data-events="${base}events" data-baseline="${hasBaseline ? '1' : '0'}" data-follow="${follow ? '1' : ''}">
<h2>Run <a href="${base}"><code>${run.name}</code></a> ${verdictBadge(run)} <span id="l-state" class="state">${run.state}</span>${follow ? html` <span class="muted">· following the newest run</span>` : ''}</h2>
<div class="run-meta">${run.provider ?? '–'} · ${run.model ?? '–'} · started ${when(run.startedAt)}${Object.keys(run.prompts).length ? ` · prompts ${Object.values(run.prompts).join(', ')}` : ''}</div>
<div id="l-verdict" class="verdict verdict-review"><div id="l-verdict-line" class="verdict-line">No result yet</div><div class="verdict-why"><progress id="l-bar"></progress> <span id="l-progress">waiting for results.jsonl</span></div></div>
<ul id="l-problems" class="step-error" hidden></ul>
<h2>Results as they land, newest first</h2>
<div class="filters"><select id="l-status" aria-label="status"><option value="">any status</option>${statuses}</select></div>
<table id="live-table" class="cases"><thead><tr><th>status</th><th>case</th><th>module</th><th>type</th><th>trial</th><th>since baseline</th><th>why</th></tr></thead><tbody></tbody></table>
</section>`;
  return viewPage({ title: `orderflow view · live · ${run.name}`, section: 'live', folder, body, script: LIVE_SCRIPT, followsEvents: true });
}

export interface LiveContext {
  reportsDir: string;
  pollMs: number;
  /** Each case's status in the baseline, for "newly failing so far"; null without one. */
  baseline: () => Promise<ReadonlyMap<string, string> | null>;
}

const HEARTBEAT_MS = 15_000;
const WHY_CAP = 300;

/** The event stream of one run, until the page goes away (or the server closes). */
export async function streamRun(run: RunSummary, context: LiveContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  let open = true;
  req.on('close', () => (open = false));
  const send = (event: string, data: unknown) => {
    if (open) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const tail = new ResultsTail(join(run.dir, RESULTS_FILE));
  const baseline = await context.baseline();
  const newlyFailing = new Set<string>();
  const known = new Set(await folderNames(context.reportsDir));
  let state = '';
  let lastBeat = Date.now();
  let lastLook = 0;
  while (open) {
    const read = await tail.read().catch((error: Error) => {
      send('problem', { message: `${RESULTS_FILE} cannot be read: ${error.message}` });
      return null;
    });
    if (read?.reset) {
      newlyFailing.clear();
      send('reset', {});
    }
    if (read?.dropped) send('problem', { message: `${read.dropped} line(s) of ${RESULTS_FILE} are too long to be results: skipped` });
    for (const line of read?.lines ?? []) {
      if (isRunHeader(line.value)) send('header', headerOf(line.value.run));
      else if (caseResultProblem(line.value, Number.MAX_SAFE_INTEGER) === undefined) send('result', rowOf(line.value as Result, baseline, newlyFailing));
      else
        send('problem', {
          message: `${RESULTS_FILE} line ${line.lineNo} is not a result (${line.value === undefined ? 'not JSON' : caseResultProblem(line.value, Number.MAX_SAFE_INTEGER)}): shown as such, not counted`,
        });
    }
    const now = await stateOf(run);
    if (now.state !== state) {
      state = now.state;
      send('state', now);
    }
    if (Date.now() - lastLook > 1_000) {
      lastLook = Date.now();
      const newer = await newerRun(context.reportsDir, known, run);
      if (newer) send('newer', { name: newer, live: `/runs/${encodeURIComponent(newer)}/live?follow=1` });
    }
    if (Date.now() - lastBeat > HEARTBEAT_MS) {
      lastBeat = Date.now();
      if (open) res.write(': still here\n\n');
    }
    await new Promise((resolve) => setTimeout(resolve, context.pollMs));
  }
  res.end();
}

interface Result {
  case_id: string;
  module: string;
  case_type: string;
  status: string;
  trial: number;
  error?: string;
  skipped_reason?: string;
  failed_checks: { name?: unknown; reason?: unknown }[];
  attribution?: { summary?: unknown };
}

function rowOf(r: Result, baseline: ReadonlyMap<string, string> | null, newlyFailing: Set<string>) {
  const failing = r.status === 'failed' || r.status === 'error';
  const newly = failing && baseline?.get(r.case_id) === 'passed' && !newlyFailing.has(r.case_id);
  if (newly) newlyFailing.add(r.case_id);
  return {
    id: r.case_id,
    module: r.module,
    case_type: r.case_type,
    status: r.status,
    trial: Number.isInteger(r.trial) ? r.trial : null,
    why: whyOf(r).slice(0, WHY_CAP),
    newly_failing: newly,
  };
}

function whyOf(r: Result): string {
  if (r.status === 'passed') return '';
  if (r.status === 'skipped') return `skipped: ${r.skipped_reason ?? ''}`;
  if (r.error) return `error: ${r.error}`;
  if (typeof r.attribution?.summary === 'string') return r.attribution.summary;
  const first = r.failed_checks[0];
  return first ? `${String(first.name)}: ${String(first.reason ?? '')}` : 'failed';
}

/** How many results the finished run will hold, when its header says: the cases selected, times the trials, times the arms. */
function headerOf(run: Record<string, unknown>) {
  const suite = run.suite as { selected?: unknown } | undefined;
  const selected = typeof suite?.selected === 'number' ? suite.selected : null;
  const repeat = run.repeat_mode === 'auto' ? 1 : typeof run.repeat === 'number' ? run.repeat : 1;
  const arms = Array.isArray(run.arms) && run.arms.length ? run.arms.length : 1;
  return { planned: selected === null ? null : selected * repeat * arms };
}

async function stateOf(run: RunSummary): Promise<{ state: string; text: string; passed?: boolean; report?: string }> {
  const report = await readFile(join(run.dir, 'report.json'), 'utf8').catch(() => null);
  if (report !== null) {
    let passed: unknown;
    try {
      passed = (JSON.parse(report) as { gate?: { passed?: unknown } }).gate?.passed;
    } catch {
      // Shown below as a report that is not one.
    }
    if (typeof passed !== 'boolean') return { state: 'corrupt', text: 'finished, but its report.json is not a report' };
    return { state: 'finished', text: 'finished', passed, report: `/runs/${encodeURIComponent(run.name)}/` };
  }
  return liveWriter(run.dir)
    ? { state: 'running', text: 'running' }
    : { state: 'stopped', text: 'not running: stopped before its report (--resume finishes it)' };
}

async function folderNames(dir: string): Promise<string[]> {
  return (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name);
}

/** A run folder that appeared since the stream began and started after this run. */
async function newerRun(reportsDir: string, known: Set<string>, run: RunSummary): Promise<string | null> {
  for (const name of await folderNames(reportsDir)) {
    if (known.has(name)) continue;
    const other = await readRun(reportsDir, name);
    // A folder made but not yet a run is looked at again next time.
    if (!other) continue;
    known.add(name);
    if (other.time >= run.time) return name;
  }
  return null;
}
