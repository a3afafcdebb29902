/**
 * Opens a report in the system's headless Chromium (Debian's `chromium`
 * package; `.ci/run` installs it) through playwright-core — no browser
 * download — and records what a person's browser would: console errors, page
 * errors, every request the page tries to make.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM_PATH = process.env.ORDERFLOW_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

/**
 * Where no Chromium is installed (a laptop), the browser tests are skipped with
 * a note; in CI (CI set, as .ci/run's machine has it, and .ci/run installs
 * Chromium) or with ORDERFLOW_REQUIRE_BROWSER=1 a missing browser is a failure.
 */
export const BROWSER_AVAILABLE = existsSync(CHROMIUM_PATH);
export const BROWSER_REQUIRED = Boolean(process.env.CI || process.env.ORDERFLOW_REQUIRE_BROWSER);
if (!BROWSER_AVAILABLE && !BROWSER_REQUIRED) {
  process.stderr.write(`note: report.html browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set ORDERFLOW_CHROMIUM)\n`);
}

export interface OpenedPage {
  page: Page;
  consoleErrors: string[];
  pageErrors: string[];
  /** Every URL the page asked for, the report's own file included. */
  requests: string[];
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set ORDERFLOW_CHROMIUM`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu'], timeout: 90_000 });
}

export async function openReport(browser: Browser, file: string, viewport = { width: 1500, height: 1000 }): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport });
  // A shared CI machine can be slow to paint a large page: wait rather than flake.
  page.setDefaultTimeout(90_000);
  const opened: OpenedPage = { page, consoleErrors: [], pageErrors: [], requests: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') opened.consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => opened.pageErrors.push(String(e)));
  page.on('request', (r) => opened.requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load', timeout: 90_000 });
  return opened;
}
