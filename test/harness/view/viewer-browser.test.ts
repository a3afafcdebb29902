/**
 * `orderflow view` as a person sees it, in headless Chromium over real runs:
 * each page loads with no console error and fetches nothing but the viewer
 * itself; the filters work; a run in progress updates as lines are appended
 * to its results.jsonl and ends with the gate's verdict; a page following the
 * newest run moves to the next one; hostile text stays text. The runs page is
 * saved as docs/viewer.png, the trends page as docs/viewer-trends.png.
 */
import { appendFileSync, copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockRunFolder, type RunFolderLock } from '../../../src/harness/runner/run-folder-lock.js';
import { startViewServer, type ViewServer } from '../../../src/harness/view/view-server.js';
import { readReport } from '../../support/eval-fixture.js';
import { BROWSER_AVAILABLE, BROWSER_REQUIRED, launchChromium } from '../../support/headless-chromium.js';
import { HOSTILE, makeViewerRuns, plantHostileRun, type ViewerRuns } from '../../support/viewer-runs.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

describe.skipIf(!BROWSER_AVAILABLE && !BROWSER_REQUIRED)('orderflow view in headless Chromium', () => {
  let browser: Browser;
  let runs: ViewerRuns;
  let server: ViewServer;
  const opened: { errors: string[]; foreign: string[] } = { errors: [], foreign: [] };

  beforeAll(async () => {
    [browser, runs] = await Promise.all([launchChromium(), makeViewerRuns()]);
    server = await startViewServer({ dir: runs.reports, label: 'reports', port: 0, baseline: join(runs.reports, 'baseline.json'), pollMs: 100 });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await browser?.close();
  });

  async function open(path: string, viewport = { width: 1400, height: 900 }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(30_000);
    page.on('console', (m) => {
      if (m.type() === 'error') opened.errors.push(`${path}: ${m.text()}`);
    });
    page.on('pageerror', (e) => opened.errors.push(`${path}: ${String(e)}`));
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) opened.foreign.push(r.url());
    });
    await page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
    return page;
  }
  const visibleRows = (page: Page, table: string) => page.locator(`${table} tbody tr:not([hidden])`);

  it('the runs: newest first, filtered by verdict, provider and module, the filter kept in the address; two compared side by side', async () => {
    const page = await open('/');
    expect(await visibleRows(page, '#runs-table').count()).toBe(4);
    expect(
      await page.locator('#runs-table tbody tr').evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { run: string } }).dataset.run)),
    ).toEqual([runs.gullible, runs.pinned, runs.regressed, runs.baseline]);
    await page.selectOption('#r-verdict', 'failed');
    expect(await visibleRows(page, '#runs-table').count()).toBe(2);
    expect(page.url()).toContain('?verdict=failed');
    await page.selectOption('#r-provider', 'sim');
    expect(await visibleRows(page, '#runs-table').evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { run: string } }).dataset.run))).toEqual([
      runs.regressed,
    ]);
    expect(await page.locator('#r-count').innerText()).toBe('1 of 4 runs shown');
    await page.reload();
    expect(await visibleRows(page, '#runs-table').count()).toBe(1);
    await page.selectOption('#r-verdict', '');
    await page.selectOption('#r-provider', '');
    await page.selectOption('#r-module', 'pipeline');
    expect(await visibleRows(page, '#runs-table').count()).toBe(4);

    await page.selectOption('#compare select[name=a]', runs.baseline);
    await page.selectOption('#compare select[name=b]', runs.regressed);
    await page.click('#compare button');
    await page.waitForURL(/\/compare\?/);
    const regressed = readReport(join(runs.reports, runs.regressed));
    expect(await page.locator('#newly-failing tbody tr').count()).toBe(regressed.baseline!.newly_failing_count);
    expect(await page.locator('#newly-failing tbody tr').first().locator('.badge').allInnerTexts()).toEqual(['passed', 'failed']);
    expect(opened.errors).toEqual([]);
    expect(opened.foreign).toEqual([]);
  }, 120_000);

  it('the trends: a chart per metric, and the case history filtered', async () => {
    const page = await open(`/trends?series=${encodeURIComponent('sim · sim')}`);
    expect(await page.locator('figure.trend').count()).toBeGreaterThan(5);
    expect(await page.locator('figure[data-metric="case_pass_rate"] circle').count()).toBe(3);
    const all = await visibleRows(page, '#history').count();
    expect(all).toBeGreaterThan(0);
    await page.selectOption('#h-kind', 'failing');
    expect(await visibleRows(page, '#history').count()).toBe(0);
    await page.selectOption('#h-kind', 'fixed');
    expect(await visibleRows(page, '#history').count()).toBe(all);
    const id = readReport(join(runs.reports, runs.regressed)).baseline!.newly_failing[0]!;
    await page.fill('#h-search', id.toUpperCase());
    expect(await visibleRows(page, '#history').locator('code').allInnerTexts()).toEqual([id]);
    expect(opened.errors).toEqual([]);
  }, 120_000);

  it('one run: the report with its filters — status, module, first failing stage, failed check — and the trace timeline', async () => {
    const report = readReport(join(runs.reports, runs.gullible));
    const page = await open(`/runs/${runs.gullible}/`);
    expect(await page.locator('#verdict .verdict-line').innerText()).toContain('Gate FAILED');
    expect(await visibleRows(page, '#case-table').count()).toBe(report.cases.length);
    const stage = await page.locator('#f-stage option').nth(1).getAttribute('value');
    await page.selectOption('#f-stage', stage!);
    expect(await visibleRows(page, '#case-table').count()).toBe(report.cases.filter((c) => c.first_failing_stage === stage).length);
    await page.selectOption('#f-stage', '');
    const check = await page.locator('#f-check option').nth(1).getAttribute('value');
    await page.selectOption('#f-check', check!);
    expect(await visibleRows(page, '#case-table').count()).toBe(report.cases.filter((c) => c.failed_checks.some((f) => f.name === check)).length);
    await page.selectOption('#f-check', '');
    await page.selectOption('#f-status', 'failed');
    await page.selectOption('#f-module', 'pipeline');
    expect(await visibleRows(page, '#case-table').count()).toBe(report.cases.filter((c) => c.status === 'failed' && c.module === 'pipeline').length);
    expect(await page.locator('#featured-trace .timeline .step').count()).toBeGreaterThan(3);
    expect(opened.errors).toEqual([]);
    expect(opened.foreign).toEqual([]);
  }, 120_000);

  describe('a run in progress', () => {
    let lock: RunFolderLock | undefined;
    afterAll(() => lock?.release());

    it("updates as results land, with the progress and the verdict so far, then the gate's verdict; the screenshots are saved", async () => {
      const dir = join(runs.reports, 'zz-live');
      mkdirSync(dir);
      lock = lockRunFolder(dir, []);
      const [header, ...lines] = readFileSync(join(runs.reports, runs.regressed, 'results.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean);
      const results = join(dir, 'results.jsonl');
      // Started now: the newest run of the folder.
      writeFileSync(results, `${header!.replace(/"started_at":"[^"]+"/, `"started_at":"${new Date().toISOString()}"`)}\n`);
      const page = await open('/live');
      // The newest run is the one in progress: /live follows it.
      await page.waitForURL(/\/runs\/zz-live\/live\?follow=1$/);
      const rows = page.locator('#live-table tbody tr');
      expect(await page.locator('#l-verdict-line').innerText()).toBe('No result yet');
      appendFileSync(results, `${lines.slice(0, 10).join('\n')}\n`);
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(10);
      expect(await page.locator('#l-progress').innerText()).toMatch(new RegExp(`^10 of ${lines.length} results`));
      expect(await rows.first().locator('td').nth(1).innerText()).toBe(JSON.parse(lines[9]!).case_id);
      appendFileSync(results, `${lines.slice(10).join('\n')}\n`);
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(lines.length);
      const regressed = readReport(join(runs.reports, runs.regressed));
      expect(await page.locator('#l-verdict-line').innerText()).toBe(
        `Failing so far: ${regressed.baseline!.newly_failing_count} newly failing against the baseline`,
      );
      expect(await page.locator('#l-verdict').getAttribute('class')).toBe('verdict verdict-fail');
      await page.selectOption('#l-status', 'failed');
      expect(await visibleRows(page, '#live-table').count()).toBe(lines.filter((l) => JSON.parse(l).status === 'failed').length);
      await page.selectOption('#l-status', '');

      // The runs page, with the run in progress on top: the viewer's screenshot.
      const list = await open('/', { width: 1400, height: 640 });
      expect(await list.locator('#runs-table tbody tr').first().getAttribute('data-verdict')).toBe('running');
      await list.screenshot({ path: join(process.cwd(), 'docs/viewer.png'), fullPage: true });
      const trends = await open(`/trends?series=${encodeURIComponent('sim · sim')}`, { width: 1400, height: 900 });
      await trends.screenshot({ path: join(process.cwd(), 'docs/viewer-trends.png') });

      copyFileSync(join(runs.reports, runs.regressed, 'report.json'), join(dir, 'report.json'));
      lock.release();
      await expect.poll(() => page.locator('#l-verdict-line').innerText(), { timeout: 10_000 }).toBe('Gate FAILED · open the report');
      expect(await page.locator('#l-state').innerText()).toBe('finished');

      // Following the newest run: a new run in the folder takes the page to it.
      const next = join(runs.reports, 'zzz-next');
      mkdirSync(next);
      writeFileSync(
        join(next, 'results.jsonl'),
        `${header!.replace(/"started_at":"[^"]+"/, `"started_at":"${new Date(Date.now() + 3_600_000).toISOString()}"`)}\n`,
      );
      await page.waitForURL(/\/runs\/zzz-next\/live\?follow=1$/, { timeout: 10_000 });
      expect(opened.errors).toEqual([]);
      expect(opened.foreign).toEqual([]);
    }, 120_000);
  });

  describe('with hostile text in a run', () => {
    let hostileServer: ViewServer;
    beforeAll(async () => {
      const dir = join(sharedCopyOfRepo([]), 'reports');
      mkdirSync(dir);
      cpSync(join(runs.reports, runs.regressed), join(dir, runs.regressed), { recursive: true });
      const id = readReport(join(runs.reports, runs.regressed)).baseline!.newly_failing[0]!;
      plantHostileRun(dir, runs.regressed, 'hostile-run', id);
      hostileServer = await startViewServer({ dir, port: 0, pollMs: 100 });
    });
    afterAll(() => hostileServer?.close());

    it('stays text on the runs page, the trends, the run, the comparison and the live page', async () => {
      for (const path of ['/', '/trends', '/runs/hostile-run/', `/compare?a=${runs.regressed}&b=hostile-run`, '/runs/hostile-run/live']) {
        const page = await browser.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        await page.goto(new URL(path, hostileServer.url).href, { waitUntil: 'load' });
        if (path.endsWith('/live')) await expect.poll(() => page.locator('#live-table tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(10);
        await page.mouse.move(300, 300);
        expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned), path).toBeUndefined();
        expect(await page.locator('img, iframe, [onerror], [onload], [onmouseover]').count(), path).toBe(0);
        // The page's own script, and the inert data block of report.html's lazy details.
        expect(await page.locator('script:not([type="application/json"])').count(), path).toBeLessThanOrEqual(1);
        expect(await page.locator('body').innerText(), path).toContain('<script>window.__pwned = 1</script>');
        expect(errors, path).toEqual([]);
        await page.close();
      }
      expect(HOSTILE).toContain('<script>');
    }, 120_000);
  });
});
