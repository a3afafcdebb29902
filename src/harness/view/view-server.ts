/**
 * `orderflow view`'s server: read-only pages over a reports folder. It
 * answers GET and HEAD only (anything else is 405), reaches a run only by a
 * folder name the listing of the reports folder holds (so no path leads out
 * of it), and, bound to the loopback address, answers only requests addressed
 * to it (a page of another site that resolves its name to 127.0.0.1 gets
 * nothing). A request that fails is an error page, never the server's end.
 */
import { createReadStream } from 'node:fs';
import { lstat, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadBaseline } from '../report/baseline.js';
import { html } from '../report/html/safe-html.js';
import { livePage, streamRun, type LiveContext } from './live-run.js';
import { viewPage } from './page-shell.js';
import { listRuns, readRun, type RunSummary } from './run-folders.js';
import { comparePage, notFoundPage, problemPage, runReportPage, type Rendered } from './run-pages.js';
import { runsPage, runsStamp } from './runs-page.js';
import { trendsPage } from './trends-page.js';

export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1']);

export interface ViewServerOptions {
  /** The reports folder. */
  dir: string;
  /** How the folder is named on the pages. */
  label?: string;
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** The baseline record, for "newly failing so far" on a live run. */
  baseline?: string | null;
  /** How often a followed run's results.jsonl and the folder are looked at. */
  pollMs?: number;
}

export interface ViewServer {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** The files of a run folder that are served as they are (as text, never as a page). */
const RAW_FILES: Record<string, string> = {
  'report.json': 'application/json; charset=utf-8',
  'results.jsonl': 'text/plain; charset=utf-8',
  'report.md': 'text/plain; charset=utf-8',
  'junit.xml': 'text/plain; charset=utf-8',
};

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** Two finished runs of the folder side by side, or the page that says why not. */
async function compareRuns(findRun: (name: string) => Promise<RunSummary | null>, label: string, a: string | null, b: string | null): Promise<Rendered> {
  const [runA, runB] = await Promise.all([a ? findRun(a) : null, b ? findRun(b) : null]);
  if (!runA || !runB)
    return {
      ...notFoundPage(`Compare needs two runs of this folder: ?a=<run>&b=<run> (${!a || !b ? 'one is missing' : `no run named ${runA ? b : a}`}).`, label),
      status: a && b ? 404 : 400,
    };
  const unfinished = [runA, runB].find((r) => r.state !== 'finished');
  if (unfinished) return { status: 409, html: notFoundPage(`Run ${unfinished.name} is ${unfinished.state}: only finished runs can be compared.`, label).html };
  return comparePage(runA, runB, label);
}

/** A run's report page, rendered again only when its report.json or results.jsonl changed. */
function reportPageCache(label: string): (run: RunSummary) => Promise<Rendered> {
  const rendered = new Map<string, { stamp: string; page: Rendered }>();
  return async (run: RunSummary): Promise<Rendered> => {
    const stamp = await Promise.all(
      ['report.json', 'results.jsonl'].map((f) =>
        stat(join(run.dir, f)).then(
          (s) => `${s.mtimeMs}:${s.size}`,
          () => '-',
        ),
      ),
    ).then((s) => s.join('|'));
    const hit = rendered.get(run.dir);
    if (hit?.stamp === stamp) return hit.page;
    const made = await runReportPage(run, label);
    rendered.delete(run.dir);
    rendered.set(run.dir, { stamp, page: made });
    // The last few pages looked at: enough to go back and forth, not a copy of the folder.
    while (rendered.size > 4) rendered.delete(rendered.keys().next().value!);
    return made;
  };
}

/** The runs page's stream: the runs' names and states, sent when they change. */
async function streamRuns(dir: string, pollMs: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.writeHead(200, { ...COMMON_HEADERS, 'content-type': 'text/event-stream; charset=utf-8' });
  if (req.method === 'HEAD') return void res.end();
  let open = true;
  req.on('close', () => (open = false));
  let last = '';
  while (open) {
    const stamp = runsStamp(await listRuns(dir));
    if (stamp !== last && open) res.write(`event: runs\ndata: ${JSON.stringify({ stamp })}\n\n`);
    last = stamp;
    await new Promise((resolve) => setTimeout(resolve, Math.max(pollMs * 4, 500)));
  }
  res.end();
}

export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const host = options.host ?? '127.0.0.1';
  const loopbackOnly = LOOPBACK_HOSTS.has(host);
  const label = options.label ?? options.dir;
  const live: LiveContext = { reportsDir: options.dir, pollMs: options.pollMs ?? 250, baseline: baselineReader(options.baseline ?? null) };
  const cachedReport = reportPageCache(label);
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, req, 405, 'text/plain; charset=utf-8', 'orderflow view is read-only: GET and HEAD only\n', { allow: 'GET, HEAD' });
    if (loopbackOnly && !addressedToUs(req.headers.host, port))
      return send(res, req, 403, 'text/plain; charset=utf-8', `orderflow view answers only at http://127.0.0.1:${port}/ or http://localhost:${port}/\n`);
    const url = new URL(req.url ?? '/', 'http://viewer.invalid');
    const segments = pathSegments(req.url ?? '/');
    if (!segments) return send(res, req, 400, 'text/plain; charset=utf-8', 'refused: not a page of this viewer (a path outside the reports folder?)\n');
    const page = (r: Rendered, policy?: string) => send(res, req, r.status, 'text/html; charset=utf-8', r.html, policyHeader(policy));

    if (segments.length === 0) {
      const p = runsPage(await listRuns(options.dir), label);
      return page({ status: 200, html: p.html }, p.policy);
    }
    const [head, name, leaf, ...rest] = segments;
    if (head === 'trends' && segments.length === 1) {
      const p = trendsPage(await listRuns(options.dir), label, url.searchParams.get('series'));
      return page({ status: 200, html: p.html }, p.policy);
    }
    if (head === 'events' && segments.length === 1) return streamRuns(options.dir, live.pollMs, req, res);
    if (head === 'live' && segments.length === 1) {
      // The newest run in progress (a watch loop's), else the newest run.
      const all = await listRuns(options.dir);
      const newest = all.find((r) => r.state === 'running') ?? all[0];
      return redirect(res, newest ? `/runs/${encodeURIComponent(newest.name)}/live?follow=1` : '/');
    }
    if (head === 'compare' && segments.length === 1) return page(await compareRuns(findRun, label, url.searchParams.get('a'), url.searchParams.get('b')));
    if (head !== 'runs' || name === undefined || rest.length) return page(notFoundPage('No such page.', label));
    const run = await findRun(name);
    if (!run) return page(notFoundPage(`No run folder named ${name} in ${label}.`, label));
    if (leaf === undefined) return redirect(res, `/runs/${encodeURIComponent(run.name)}/`);
    if (leaf === '') {
      if (run.state === 'running' || run.state === 'interrupted') return redirect(res, `/runs/${encodeURIComponent(run.name)}/live`);
      if (run.state === 'corrupt') return page(problemPage(run.name, label, 'run', new SyntaxError(run.problem ?? 'not a run orderflow wrote')));
      return page(await cachedReport(run));
    }
    if (leaf === 'live') {
      const p = livePage(run, label, url.searchParams.get('follow') === '1', (await live.baseline()) !== null);
      return page({ status: 200, html: p.html }, p.policy);
    }
    if (leaf === 'events') {
      if (req.method === 'HEAD') return send(res, req, 200, 'text/event-stream; charset=utf-8', '');
      return streamRun(run, live, req, res);
    }
    const type = RAW_FILES[leaf];
    if (type) return rawFile(req, res, join(run.dir, leaf), type);
    return page(notFoundPage('No such page.', label));
  };

  const findRun = async (name: string): Promise<RunSummary | null> =>
    (await listRuns(options.dir)).some((r) => r.name === name) ? readRun(options.dir, name) : null;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug or a folder changed under the request: that page fails, the server goes on.
      if (res.headersSent) return void res.destroy();
      const body = viewPage({
        title: 'orderflow view · error',
        section: 'runs',
        folder: label,
        body: html`<section class="corrupt"><h2>This page failed</h2><pre class="output">${String((error as Error)?.message ?? error)}</pre></section>`,
      });
      send(res, req, 500, 'text/html; charset=utf-8', body.html, policyHeader(body.policy));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The path's segments, decoded; null when one could lead anywhere but a page
 * of the viewer: `..`, `.`, a separator or a NUL inside a segment, or an
 * escape that does not decode. `/runs/x/` ends with an empty segment.
 */
function pathSegments(rawUrl: string): string[] | null {
  if (!rawUrl.startsWith('/')) return null;
  const path = rawUrl.split(/[?#]/, 1)[0]!;
  if (path === '/') return [];
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

function addressedToUs(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader.toLowerCase());
  if (!m) return false;
  const name = m[1]!.replace(/^\[|\]$/g, '');
  return LOOPBACK_HOSTS.has(name) && (m[2] === undefined ? port === 80 : Number(m[2]) === port);
}

const policyHeader = (policy?: string) => ({
  'content-security-policy': policy ? `${policy}; frame-ancestors 'none'` : `frame-ancestors 'none'; base-uri 'none'`,
});

function send(res: ServerResponse, req: IncomingMessage, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, 'content-type': type, 'content-length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { ...COMMON_HEADERS, location, 'content-length': '0' });
  res.end();
}

/** A file of the run as it is on disk: never a link, shown as text in a sandbox. */
async function rawFile(req: IncomingMessage, res: ServerResponse, path: string, type: string): Promise<void> {
  const info = await lstat(path).catch(() => null);
  if (!info?.isFile()) return send(res, req, 404, 'text/plain; charset=utf-8', 'not in this run folder\n');
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': type,
    'content-length': String(info.size),
    'content-security-policy': "sandbox; default-src 'none'",
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(path)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** The baseline's case statuses, read again only when the file changes; null when there is none or it cannot be read. */
function baselineReader(path: string | null): () => Promise<ReadonlyMap<string, string> | null> {
  let seen = '';
  let statuses: ReadonlyMap<string, string> | null = null;
  return async () => {
    if (!path) return null;
    const stamp = await stat(path).then(
      (s) => `${s.mtimeMs}:${s.size}`,
      () => '-',
    );
    if (stamp === seen) return statuses;
    seen = stamp;
    statuses =
      stamp === '-'
        ? null
        : await loadBaseline(path).then(
            (b) => new Map([...b.cases].map(([id, c]) => [id, c.status])),
            () => null,
          );
    return statuses;
  };
}
