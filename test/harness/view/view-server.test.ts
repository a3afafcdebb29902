/**
 * `orderflow view`'s server in this process, on a free loopback port, over a
 * reports folder of real runs: every page, the live stream of a run in
 * progress, the refusals (any method but GET and HEAD, a path out of the
 * folder, a request addressed to another host), corrupt and half-written
 * folders shown as such, and hostile text escaped.
 */
import { appendFileSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockRunFolder } from '../../../src/harness/runner/run-folder-lock.js';
import { startViewServer, type ViewServer } from '../../../src/harness/view/view-server.js';
import { HOSTILE, makeViewerRuns, plantHostileRun, type ViewerRuns } from '../../support/viewer-runs.js';
import { readReport } from '../../support/eval-fixture.js';
import { runCli } from '../../support/run-cli.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

let runs: ViewerRuns;
let server: ViewServer;

beforeAll(async () => {
  runs = await makeViewerRuns();
  const { reports } = runs;
  // A run with two arms, the old prompt pinned (so the cases v3 broke pass again).
  const arms = await runCli(
    [
      'eval',
      '-q',
      '-p',
      'sim',
      '-p',
      'sim:gullible',
      '--no-baseline',
      '--prompt',
      'customer_response_generation=response_v2',
      '--out',
      join(reports, 'arms-run'),
    ],
    { cwd: runs.root },
  );
  expect(arms.code, arms.stderr).toBe(0);
  // Disk as it can be: a report.json cut short, one that is no report, a results file of no results, a link out of the folder.
  mkdirSync(join(reports, 'cut-short'));
  writeFileSync(join(reports, 'cut-short/report.json'), readFileSync(join(reports, runs.baseline, 'report.json'), 'utf8').slice(0, 500));
  mkdirSync(join(reports, 'not-a-report'));
  writeFileSync(join(reports, 'not-a-report/report.json'), '{"run": 1, "cases": "none"}');
  mkdirSync(join(reports, 'garbage-results'));
  writeFileSync(join(reports, 'garbage-results/results.jsonl'), 'hello\n{"type": 3}\n');
  const outside = sharedCopyOfRepo([]);
  cpSync(join(reports, runs.baseline), join(outside, 'secret-run'), { recursive: true });
  symlinkSync(join(outside, 'secret-run'), join(reports, 'linked-run'));
  plantHostileRun(reports, runs.regressed, 'hostile-run', readReport(join(reports, runs.regressed)).baseline!.newly_failing[0]!);
  server = await startViewServer({ dir: reports, port: 0, baseline: join(reports, 'baseline.json'), pollMs: 50 });
}, 240_000);

afterAll(async () => {
  await server?.close();
});

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(new URL(path, server.url), { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/** A request exactly as written: fetch would resolve `..` before sending. */
function raw(path: string, options: { method?: string; host?: string } = {}): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.host ? { host: options.host } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Reads server-sent events until `until` says it has seen enough (or the time runs out). */
async function events(path: string, until: (seen: { event: string; data: unknown }[]) => boolean, act?: () => Promise<void>, timeoutMs = 20_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const res = await fetch(new URL(path, server.url), { signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const seen: { event: string; data: unknown }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const acting = act?.();
  try {
    while (!until(seen)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) seen.push({ event, data: JSON.parse(data) });
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
    await acting;
  }
  return seen;
}

describe('the pages', () => {
  it('the runs: newest first, with provider, verdict, counts, metrics and prompt versions; the corrupt ones named as such', async () => {
    const { status, body, headers } = await get('/');
    expect(status).toBe(200);
    expect(headers.get('content-security-policy')).toMatch(
      /default-src 'none'.*script-src 'sha256-.*connect-src 'self'.*form-action 'self'.*frame-ancestors 'none'/,
    );
    expect(body).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
    const order = [...body.matchAll(/<tr data-run="([^"]+)"/g)].map((m) => m[1]);
    const finished = [runs.gullible, runs.pinned, runs.regressed, runs.baseline];
    expect(order.filter((n) => finished.includes(n!))).toEqual(finished);
    // Corrupt folders are listed with what is wrong; a link out of the folder is not a run of it.
    for (const name of ['cut-short', 'not-a-report', 'garbage-results']) expect(order).toContain(name);
    expect(order).not.toContain('linked-run');
    const row = (name: string) => body.slice(body.indexOf(`<tr data-run="${name}"`), body.indexOf('</tr>', body.indexOf(`<tr data-run="${name}"`)));
    expect(row('cut-short')).toContain('corrupt');
    expect(row('cut-short')).toMatch(/report\.json: cannot read|report\.json: .*JSON/);
    expect(row('not-a-report')).toContain('not a report.json');
    expect(row('garbage-results')).toContain('no run header');
    const regressed = readReport(join(runs.reports, runs.regressed));
    expect(row(runs.regressed)).toContain('FAILED');
    expect(row(runs.regressed)).toContain(`${regressed.summary.passed}/${regressed.summary.total} passed`);
    expect(row(runs.regressed)).toContain(
      '<div class="prompt-changed" title="customer_response_generation">response_v3 <span class="muted">(was response_v2)</span></div>',
    );
    expect(row(runs.pinned)).toContain(
      '<div class="prompt-changed" title="customer_response_generation">response_v2 <span class="muted">(was response_v3)</span></div>',
    );
    // Only the module whose prompt changed is called out; the others are folded.
    expect(row(runs.regressed).match(/class="prompt-changed"/g)).toHaveLength(1);
    expect(row(runs.regressed)).toMatch(/<summary>all \d+ prompts<\/summary>/);
    expect(row(runs.regressed)).toContain(`case_pass_rate</span> ${(regressed.metrics.case_pass_rate!.value! * 100).toFixed(1)}%`);
    expect(row(runs.baseline)).toContain('passed');
    expect(row(runs.gullible)).toContain('sim:gullible');
    expect(row('arms-run')).toContain('<td>sim, sim:gullible</td>');
    expect(row(runs.gullible)).toContain('<td></td>');
    // The filters offer what the runs hold.
    expect(body).toContain('<option value="sim:gullible">sim:gullible</option>');
    expect(body).toContain('<option value="corrupt">corrupt</option>');
    expect(body).toContain('<option value="customer_response_generation">');
  });

  it('the trends: a chart per metric with intervals and the baseline, and when each case started failing, in which prompt version', async () => {
    const { status, body } = await get(`/trends?series=${encodeURIComponent('sim · sim')}`);
    expect(status).toBe(200);
    expect(body).toContain('<option value="sim · sim" selected>');
    const chart = body.slice(body.indexOf('data-metric="case_pass_rate"'), body.indexOf('</figure>', body.indexOf('data-metric="case_pass_rate"')));
    // The baseline, the regression, the pin back, the run with arms (its gated arm is sim).
    expect(chart.match(/<circle/g)).toHaveLength(4);
    expect(chart.match(/class="ci"/g)).toHaveLength(4);
    expect(chart).toContain('class="baseline-line"');
    // The run recorded as the baseline is ringed.
    expect(chart).toMatch(new RegExp(`data-run="${runs.baseline}"><line class="ci"[^>]*></line><circle class="pt pt-baseline"`));
    const regressed = readReport(join(runs.reports, runs.regressed));
    // Every case that broke in the regressed run is listed as fixed now (the pin restored it), with its cell in that run failed.
    const history = body.slice(body.indexOf('id="case-history"'));
    for (const id of regressed.baseline!.newly_failing) {
      const at = history.indexOf(`<code class="case-id">${id}</code>`);
      expect(history.slice(0, at)).toMatch(/<tr data-kind="fixed"[^>]*><td>$/);
      expect(history.slice(at, history.indexOf('</tr>', at))).toContain(`title="${runs.regressed}: failed"`);
    }
  });

  it("the trends of a case failing now: since the run where it broke, with that run's prompt version and what changed", async () => {
    const { reports } = runs;
    // A fifth run, on v3 again: the cases broken by v3 fail now, since that run.
    const regressedAgain = `${runs.regressed}-again`;
    cpSync(join(reports, runs.regressed), join(reports, regressedAgain), { recursive: true });
    const path = join(reports, regressedAgain, 'report.json');
    const report = JSON.parse(readFileSync(path, 'utf8'));
    report.run.started_at = new Date(Date.now() + 60_000).toISOString();
    report.run.id = `${report.run.id}-again`;
    writeFileSync(path, JSON.stringify(report));
    try {
      const { body } = await get(`/trends?series=${encodeURIComponent('sim · sim')}`);
      const id = report.baseline.newly_failing[0];
      const history = body.slice(body.indexOf('id="case-history"'));
      const row = history.slice(history.indexOf(`<code class="case-id">${id}</code>`));
      const line = row.slice(0, row.indexOf('</tr>'));
      expect(history.slice(0, history.indexOf(`<code class="case-id">${id}</code>`))).toMatch(/<tr data-kind="failing"[^>]*><td>$/);
      expect(line).toContain(`href="/runs/${regressedAgain}/"`);
      expect(line).toContain('prompt <b>response_v3</b>');
      expect(line).toContain('prompts changed in that run: response_v2 → response_v3');
      expect(line).toContain(`class="cell f since" title="${regressedAgain}: failed"`);
    } finally {
      // Leave the folder as the other tests expect it.
      rmSync(join(reports, regressedAgain), { recursive: true });
    }
  });

  it("one run: report.html's page with the viewer's links and filters for the first failing stage and the failed check", async () => {
    const { status, body } = await get(`/runs/${runs.gullible}/`);
    expect(status).toBe(200);
    expect(body).toContain('<nav class="viewer-nav">');
    expect(body).toContain('id="verdict"');
    expect(body).toMatch(/<select id="f-stage"[^>]*><option value="">any first failing stage<\/option><option value="[a-z_]+">/);
    expect(body).toMatch(/<select id="f-check"[^>]*><option value="">any failed check<\/option><option value="[a-z_]+">/);
    // Passed scenarios keep their timeline (read from results.jsonl, not report.json).
    expect(body).toContain('details class="lazy"');
    expect(await get(`/runs/${runs.gullible}`)).toMatchObject({ status: 302 });
    // A run with arms: its gated arm's report, with the arms compared.
    const arms = await get('/runs/arms-run/');
    expect(arms.body).toContain('id="arms"');
    expect(arms.body).toContain('id="case-table"');
  });

  it("two runs side by side: diff --html's page, flipped cases first", async () => {
    const { status, body } = await get(`/compare?a=${runs.baseline}&b=${runs.regressed}`);
    expect(status).toBe(200);
    expect(body).toContain('<nav class="viewer-nav">');
    const sections = [...body.matchAll(/<section id="([a-z-]+)"/g)].map((m) => m[1]);
    expect(sections.slice(0, 2)).toEqual(['prompt-versions', 'newly-failing']);
    const regressed = readReport(join(runs.reports, runs.regressed));
    expect(body).toContain(`Newly failing (passed in A, fails in B) (${regressed.baseline!.newly_failing_count})`);
    expect((await get(`/compare?a=${runs.baseline}`)).status).toBe(400);
    expect((await get(`/compare?a=${runs.baseline}&b=nope`)).status).toBe(404);
    const corrupt = await get(`/compare?a=${runs.baseline}&b=cut-short`);
    expect(corrupt.status).toBe(409);
    expect(corrupt.body).toContain('cut-short is corrupt');
  });

  it('a corrupt or half-written folder is a page that says so, and the server goes on', async () => {
    const cut = await get('/runs/cut-short/');
    expect(cut.status).toBe(200);
    expect(cut.body).toContain('id="corrupt"');
    expect(cut.body).toContain('corrupt or half-written');
    const notReport = await get('/runs/not-a-report/');
    expect(notReport.body).toContain('not a report.json');
    // A report.json that passes the shape check but breaks deeper down.
    mkdirSync(join(runs.reports, 'deep-break'));
    const report = readReport(join(runs.reports, runs.baseline));
    writeFileSync(
      join(runs.reports, 'deep-break/report.json'),
      JSON.stringify({ ...report, metrics: { case_pass_rate: 'x' }, gate: { passed: true, checks: 5 }, summary: report.summary, stage_failures: 7 }),
    );
    const deep = await get('/runs/deep-break/');
    expect([200]).toContain(deep.status);
    expect(deep.body).toMatch(/id="corrupt"|id="verdict"/);
    expect((await get('/')).status).toBe(200);
    expect((await get('/trends')).status).toBe(200);
  });

  it('the raw files of a run, as text in a sandbox; nothing else of the folder', async () => {
    const json = await get(`/runs/${runs.baseline}/report.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.headers.get('x-content-type-options')).toBe('nosniff');
    expect(json.headers.get('content-security-policy')).toContain('sandbox');
    expect(JSON.parse(json.body).run.id).toBeTruthy();
    expect((await get(`/runs/${runs.baseline}/.orderflow-run`)).status).toBe(404);
    expect((await get(`/runs/${runs.baseline}/report.html`)).status).toBe(404);
  });

  it('HEAD answers as GET without a body', async () => {
    const head = await get('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
  });
});

describe('what the viewer refuses', () => {
  it('every method but GET and HEAD: 405, and the folder is as it was', async () => {
    const before = readdirSync(runs.reports).map((n) => `${n}:${lstatSync(join(runs.reports, n)).mtimeMs}`);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of ['/', `/runs/${runs.baseline}/`, `/runs/${runs.baseline}/report.json`]) {
        const r = await raw(path, { method });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.allow).toBe('GET, HEAD');
      }
    }
    expect(readdirSync(runs.reports).map((n) => `${n}:${lstatSync(join(runs.reports, n)).mtimeMs}`)).toEqual(before);
  });

  it.each([
    ['/runs/../../etc/passwd', 400],
    ['/runs/..%2f..%2fetc%2fpasswd/', 400],
    ['/runs/%2e%2e/report.json', 400],
    [`/runs/${'x'}%5c..%5c..%5cetc/`, 400],
    ['/runs/%00/', 400],
    ['/runs/%E0%A4%A/', 400],
    ['/runs/linked-run/report.json', 404],
    ['/runs/.orderflow-cache/', 404],
    ['/runs/baseline.json/', 404],
  ])('a path out of the folder: %s → %i', async (path, status) => {
    const r = await raw(path);
    expect(r.status).toBe(status);
    expect(r.body).not.toContain('"run"');
  });

  it('the nearest path that is not refused: a run of the folder by its name', async () => {
    expect((await raw(`/runs/${runs.baseline}/report.json`)).status).toBe(200);
  });

  it('a request addressed to another host name (DNS rebinding) is refused; 127.0.0.1 and localhost at the port are answered', async () => {
    expect((await raw('/', { host: 'evil.example' })).status).toBe(403);
    expect((await raw('/', { host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await raw('/', { host: `127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await raw('/', { host: `127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await raw('/', { host: `localhost:${server.port}` })).status).toBe(200);
  });
});

describe('hostile text', () => {
  it('is escaped on every page that shows it: the runs, the trends, the run, the comparison', async () => {
    const pages = ['/', '/trends', '/runs/hostile-run/', `/compare?a=${runs.baseline}&b=hostile-run`];
    for (const path of pages) {
      const { body, status } = await get(path);
      expect(status, path).toBe(200);
      expect(body, path).not.toContain('<script>window.__pwned');
      expect(body, path).not.toContain('<img src=x');
    }
    expect((await get('/')).body).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect((await get('/runs/hostile-run/')).body).toContain('&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;');
  });

  it('travels the event stream as JSON, for the page to set as text', async () => {
    const seen = await events('/runs/hostile-run/events', (s) => s.some((e) => e.event === 'state'));
    const results = seen.filter((e) => e.event === 'result').map((e) => e.data as { id: string });
    expect(results.map((r) => r.id)).toContain(HOSTILE);
  });
});

describe('a run in progress', () => {
  it('streams each result as it lands, a line half-written waits for its end, a bad line is named, and the end brings the verdict', async () => {
    const dir = join(runs.reports, 'zz-live');
    mkdirSync(dir);
    const lock = lockRunFolder(dir, []);
    const source = readFileSync(join(runs.reports, runs.regressed, 'results.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    const [header, ...lines] = source;
    const results = join(dir, 'results.jsonl');
    writeFileSync(results, `${header}\n${lines[0]}\n`);
    try {
      const list = await get('/');
      expect(list.body).toMatch(/<tr data-run="zz-live"[^>]*data-verdict="running"/);
      expect((await get('/runs/zz-live/')).headers.get('location')).toBe('/runs/zz-live/live');
      const live = await get('/runs/zz-live/live');
      expect(live.body).toContain('data-events="/runs/zz-live/events"');
      expect(live.body).toContain('data-baseline="1"');

      const third = lines[2]!;
      const seen = await events(
        '/runs/zz-live/events',
        (s) => s.some((e) => e.event === 'state' && (e.data as { state: string }).state === 'finished'),
        async () => {
          const wait = () => new Promise((r) => setTimeout(r, 200));
          await wait();
          appendFileSync(results, `${lines[1]}\n${third.slice(0, 40)}`);
          await wait();
          appendFileSync(results, `${third.slice(40)}\nnot json at all\n`);
          await wait();
          appendFileSync(results, `${lines.slice(3).join('\n')}\n`);
          await wait();
          cpSync(join(runs.reports, runs.regressed, 'report.json'), join(dir, 'report.json'));
          lock.release();
        },
      );
      const names = seen.map((e) => e.event);
      expect(names[0]).toBe('header');
      expect((seen[0]!.data as { planned: number }).planned).toBe(lines.length);
      expect(seen.find((e) => e.event === 'state')!.data).toMatchObject({ state: 'running' });
      const ids = seen.filter((e) => e.event === 'result').map((e) => (e.data as { id: string }).id);
      expect(ids).toEqual(lines.map((l) => JSON.parse(l).case_id));
      const problem = seen.find((e) => e.event === 'problem')!.data as { message: string };
      expect(problem.message).toBe('results.jsonl line 5 is not a result (not JSON): shown as such, not counted');
      // Newly failing so far: against the baseline, each case once.
      const regressed = readReport(join(runs.reports, runs.regressed));
      const newly = seen.filter((e) => e.event === 'result' && (e.data as { newly_failing: boolean }).newly_failing).map((e) => (e.data as { id: string }).id);
      expect(newly.sort()).toEqual([...regressed.baseline!.newly_failing].sort());
      expect(seen.at(-1)!.data).toMatchObject({ state: 'finished', passed: false, report: '/runs/zz-live/' });
    } finally {
      lock.release();
    }
  });

  it('a run that stopped before its report is shown as stopped, with what it had', async () => {
    const dir = join(runs.reports, 'zz-stopped');
    mkdirSync(dir);
    const source = readFileSync(join(runs.reports, runs.baseline, 'results.jsonl'), 'utf8')
      .split('\n')
      .slice(0, 4)
      .join('\n');
    writeFileSync(join(dir, 'results.jsonl'), `${source}\n{"type":"case_res`);
    const list = await get('/');
    expect(list.body).toMatch(/<tr data-run="zz-stopped"[^>]*data-verdict="interrupted"/);
    expect(list.body).toContain('stopped before its report (no report.json): --resume finishes it');
    // The torn last line waits; lines added later are counted from where the reading stopped.
    expect(list.body).toContain('3 results so far');
    appendFileSync(join(dir, 'results.jsonl'), 'ult"}\n');
    expect((await get('/')).body).toContain('1 line(s) of results.jsonl are not results');
    writeFileSync(join(dir, 'results.jsonl'), `${source}\n`);
    const after = (await get('/')).body;
    const row = after.slice(after.indexOf('<tr data-run="zz-stopped"'), after.indexOf('</tr>', after.indexOf('<tr data-run="zz-stopped"')));
    expect(row).toContain('3 results so far');
    expect(row).not.toContain('not results');
    const seen = await events('/runs/zz-stopped/events', (s) => s.some((e) => e.event === 'state'));
    expect(seen.filter((e) => e.event === 'result')).toHaveLength(3);
    expect(seen.find((e) => e.event === 'state')!.data).toMatchObject({ state: 'stopped' });
  });

  it('a page following the newest run is told of a newer one as soon as it appears', async () => {
    const seen = await events(
      `/runs/${runs.gullible}/events`,
      (s) => s.some((e) => e.event === 'newer'),
      async () => {
        await new Promise((r) => setTimeout(r, 300));
        const dir = join(runs.reports, 'zzz-next');
        mkdirSync(dir);
        writeFileSync(
          join(dir, 'results.jsonl'),
          `${readFileSync(join(runs.reports, runs.baseline, 'results.jsonl'), 'utf8')
            .split('\n')[0]!
            .replace(/"started_at":"[^"]+"/, `"started_at":"${new Date(Date.now() + 3_600_000).toISOString()}"`)}\n`,
        );
      },
    );
    expect(seen.find((e) => e.event === 'newer')!.data).toEqual({ name: 'zzz-next', live: '/runs/zzz-next/live?follow=1' });
    expect((await get('/live')).headers.get('location')).toBe('/runs/zzz-next/live?follow=1');
  });
});
