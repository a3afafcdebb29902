/**
 * report.html as a person sees it: rendered by headless Chromium, checked for
 * console errors, the verdict, the charts, working filters, and model output
 * that stays inert however hostile. A screenshot of the sim:gullible report is
 * saved next to it (report-screenshot.png) for review.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalIn, readReport, repoCopy } from '../../support/eval-fixture.js';
import { METRIC_IDS } from '../../../src/harness/config/metric-ids.js';
import { BROWSER_AVAILABLE, BROWSER_REQUIRED, launchChromium, openReport } from '../../support/headless-chromium.js';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli } from '../../support/run-cli.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

/** Tries every way out of a text node: markup, handlers, remote loads, a closing tag. */
const HOSTILE = [
  '</pre></code></td></tr></table><script>window.__pwned = 1</script>',
  '<img src="http://127.0.0.1:9/pixel.png" onerror="window.__pwned = 2">',
  '<svg onload="window.__pwned = 3"><a href="javascript:window.__pwned = 4">x</a></svg>',
  '<iframe src="http://127.0.0.1:9/"></iframe><link rel="stylesheet" href="http://127.0.0.1:9/x.css">',
  '" onmouseover="window.__pwned = 5" x="',
].join('\n');

describe.skipIf(!BROWSER_AVAILABLE && !BROWSER_REQUIRED)('report.html in headless Chromium', () => {
  let browser: Browser;
  let root: string;
  let out: string;
  beforeAll(async () => {
    browser = await launchChromium();
    root = sharedCopyOfRepo();
    out = join(root, 'gullible');
    copyFileSync(join(process.cwd(), 'reports/baseline.json'), join(root, 'baseline.json'));
    await evalIn(root, { provider: 'sim:gullible', out, baseline: join(root, 'baseline.json') });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the verdict, the charts, the failing cases and a trace timeline, with no console error; the screenshot is saved', async () => {
    const report = readReport(out);
    const { page, consoleErrors, pageErrors, requests } = await openReport(browser, join(out, 'report.html'));
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(requests).toHaveLength(1); // the file itself: nothing else is fetched

    expect(await page.locator('#verdict .verdict-line').innerText()).toContain('Gate FAILED');
    const reasons = await page.locator('#verdict li').allInnerTexts();
    expect(reasons).toEqual(report.gate.failures.map((f) => f.message));
    // Charts: per module, per case type, the stage funnel and the guards — drawn, with one bar row per group.
    expect(await page.locator('#charts svg').count()).toBe(2);
    expect(await page.locator('#charts svg').first().locator('g').count()).toBe(Object.keys(report.by_module).length);
    expect(await page.locator('#pipeline svg').count()).toBe(2);
    expect(await page.locator('#pipeline svg').first().locator('.row-highlight').count()).toBe(Object.keys(report.stage_failures).length);
    const cards = page.locator('#metrics .card-fail');
    expect((await cards.evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { metric: string } }).dataset.metric))).sort()).toEqual(
      report.gate.failures
        .map((f) => f.metric)
        .filter((m) => (METRIC_IDS as readonly string[]).includes(m))
        .sort(),
    );
    // The failing cases with their reasons, and the first failing scenario's trace with its failing stage marked.
    expect(await page.locator('#failing li').count()).toBeGreaterThanOrEqual(10);
    expect(await page.locator('#featured-trace .step-fail').count()).toBe(1);
    expect(await page.locator('#featured-trace .step-fail .attribution').innerText()).toMatch(/expected[\s\S]+got/);

    await page.setViewportSize({ width: 1500, height: 2600 });
    await page.screenshot({ path: join(out, 'report-screenshot.png'), timeout: 120_000 });
    expect(statSync(join(out, 'report-screenshot.png')).size).toBeGreaterThan(50_000);
    // A reviewer's order, as laid out on the screenshot: the verdict, the prompt changes, the regressions, then the rest.
    const tops: number[] = [];
    for (const id of ['verdict', 'prompt-changes', 'failing', 'metrics', 'charts', 'cases', 'details'])
      tops.push((await page.locator(`#${id}`).boundingBox())!.y);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).toBe(tops.length);
    // A passed scenario's trace is unpacked when opened: its timeline appears, with no console error.
    const lazy = page.locator('details.lazy').first();
    await lazy.locator('summary').click();
    await expect.poll(() => lazy.locator('.timeline .step').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    // Kept for a reviewer of this repository (test-output/ is ignored by git).
    mkdirSync(join(process.cwd(), 'test-output'), { recursive: true });
    copyFileSync(join(out, 'report-screenshot.png'), join(process.cwd(), 'test-output/report-sim-gullible.png'));
  }, 180_000);

  it('filters the case table by status, module, flip and search text', async () => {
    const report = readReport(out);
    const { page, consoleErrors } = await openReport(browser, join(out, 'report.html'));
    const visible = () => page.locator('#case-table tbody tr:not([hidden])');
    expect(await visible().count()).toBe(report.cases.length);

    await page.selectOption('#f-status', 'passed');
    expect(await visible().count()).toBe(report.summary.passed);
    expect(new Set(await visible().evaluateAll((rows) => rows.map((r) => (r as unknown as { dataset: { status: string } }).dataset.status)))).toEqual(
      new Set(['passed']),
    );

    await page.selectOption('#f-status', 'failed');
    await page.selectOption('#f-module', 'pipeline');
    const failedScenarios = report.cases.filter((c) => c.module === 'pipeline' && c.status === 'failed');
    expect(await visible().count()).toBe(failedScenarios.length);
    expect(await page.locator('#f-count').innerText()).toBe(`${failedScenarios.length} of ${report.cases.length} cases shown`);

    await page.selectOption('#f-module', '');
    await page.selectOption('#f-status', '');
    await page.check('#f-flip');
    // Every case that moved since the baseline: flipped either way, new, or edited (its flip not counted, but shown).
    const b = report.baseline!;
    expect(await visible().count()).toBe(b.newly_failing_count + b.newly_passing_count + b.added + b.changed_count);
    await page.uncheck('#f-flip');

    // A scenario of the agent's full chain (a capability-routing one can stop after the router and a read).
    const target = failedScenarios.find((c) => !c.id.startsWith('pipe-cap-'))!.id;
    await page.fill('#f-search', target.toUpperCase());
    expect(await visible().evaluateAll((rows) => rows.map((r) => r.querySelector('code')!.textContent))).toEqual([target]);
    // The row links to the case's details, with its checks and trace.
    await visible().locator('a').click();
    const detail = page.locator('article.case:target');
    expect(await detail.locator('code').first().innerText()).toBe(target);
    expect(await detail.locator('.timeline .step').count()).toBeGreaterThan(3);
    expect(consoleErrors).toEqual([]);
  }, 120_000);

  it('renders orderflow diff --html side by side, flipped cases first', async () => {
    const r = await runCli(['diff', join(root, 'baseline.json'), out, '--html'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    const file = join(out, 'diff.html');
    expect(r.stdout).toContain(`side by side: ${file}`);
    const { page, consoleErrors, requests } = await openReport(browser, file);
    expect(consoleErrors).toEqual([]);
    expect(requests).toHaveLength(1);
    const report = readReport(out);
    // The prompt versions of both runs come first, then the cases that flipped.
    expect(await page.locator('section').first().getAttribute('id')).toBe('prompt-versions');
    expect(await page.locator('section').nth(1).getAttribute('id')).toBe('newly-failing');
    expect(await page.locator('#newly-failing tbody tr').count()).toBe(report.baseline!.newly_failing_count);
    const first = page.locator('#newly-failing tbody tr').first().locator('.badge');
    expect(await first.allInnerTexts()).toEqual(['passed', 'failed']);
  }, 120_000);

  describe('with hostile model output', () => {
    let server: LoopbackServer;
    beforeAll(async () => {
      server = await startOpenAICompatibleServer(() => ({ content: HOSTILE }));
    });
    afterAll(() => server.close());

    it('keeps script tags, event handlers and external images inert', async () => {
      const hostileRoot = repoCopy();
      rmSync(join(hostileRoot, 'cases'), { recursive: true });
      mkdirSync(join(hostileRoot, 'cases/intent_recognition'), { recursive: true });
      writeFileSync(
        join(hostileRoot, 'cases/intent_recognition/one.yaml'),
        `test_cases:\n  - case_id: hostile-001\n    case_type: adversarial\n    description: '<script>window.__pwned = 6</script>'\n    input: { user_query: "订单 O123 我要退款" }\n    expected_behavior: { expected_enum_values: { intent: refund_request } }\n`,
      );
      const hostileOut = join(hostileRoot, 'out');
      await evalIn(hostileRoot, {
        provider: 'openai',
        model: 'm',
        out: hostileOut,
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL },
        cache: false,
      });
      const html = readFileSync(join(hostileOut, 'report.html'), 'utf8');
      expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
      expect(html).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'; img-src 'none'/,
      );

      const { page, consoleErrors, pageErrors, requests } = await openReport(browser, join(hostileOut, 'report.html'));
      await page.locator('pre.output').first().hover();
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      // The output is on the page as text, and created no element of its own.
      expect(await page.locator('pre.output').first().innerText()).toContain('<script>window.__pwned = 1</script>');
      expect(await page.locator('img, iframe, link[rel=stylesheet], svg a, [onerror], [onload], [onmouseover]').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(1);
      expect(requests).toHaveLength(1);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
      expect(existsSync(join(hostileOut, 'report.md'))).toBe(true);
    }, 120_000);
  });
});
