/**
 * A 3,000-character case id in report.html: the case table, the failing list
 * and the page stay within the window (the id is shortened there, whole in its
 * tooltip and in the case's details, which wrap it).
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_AVAILABLE, BROWSER_REQUIRED, launchChromium, openReport } from '../../support/headless-chromium.js';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const LONG_ID = `long-${'x'.repeat(2_990)}-end`;

describe.skipIf(!BROWSER_AVAILABLE && !BROWSER_REQUIRED)('report.html with a 3,000-character case id', () => {
  let browser: Browser;
  let root: string;
  beforeAll(async () => {
    browser = await launchChromium();
    root = tempDir('orderflow-long-id-');
    cpSync(join(process.cwd(), 'test/fixtures/bad-input/_base'), root, { recursive: true });
    cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
    // Failing, so the id is in the failing list, the table and the details.
    writeFileSync(
      join(root, 'cases/intent_recognition/long.yaml'),
      `test_cases:\n  - case_id: ${LONG_ID}\n    case_type: normal\n    input:\n      user_query: 订单 O123 三天了还没发货，我要退款！\n    expected_behavior:\n      expected_enum_values: { intent: logistics_query }\n`,
    );
    const r = await runCli(['eval', '-q', '--out', 'r'], { cwd: root });
    expect(r.code, r.stderr).toBeLessThan(2);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('keeps the table and the page within the window, with the whole id in the tooltip and the details', async () => {
    const { page, pageErrors } = await openReport(browser, join(root, 'r/report.html'), { width: 1200, height: 900 });
    expect(pageErrors).toEqual([]);
    type Page = { document: { documentElement: { scrollWidth: number } } };
    const widths = {
      page: await page.evaluate(() => (globalThis as unknown as Page).document.documentElement.scrollWidth),
      table: (await page.locator('#case-table').boundingBox())!.width,
      failing: (await page.locator('#failing').boundingBox())!.width,
    };
    expect(widths.page).toBeLessThanOrEqual(1200);
    expect(widths.table).toBeLessThanOrEqual(1200);
    expect(widths.failing).toBeLessThanOrEqual(1200);
    // Every id carries its tooltip; the long one is shown shortened, whole in the tooltip.
    const shown = await page
      .locator('#case-table code.case-id')
      .evaluateAll((els) => els.map((e) => ({ title: e.getAttribute('title'), text: (e as unknown as { innerText: string }).innerText })));
    const long = shown.filter((c) => c.title === LONG_ID);
    expect(long).toHaveLength(1);
    expect(long[0]!.text.length).toBeLessThan(100);
    expect(await page.locator('code.case-id.full', { hasText: LONG_ID }).count()).toBe(1);
  });
});
