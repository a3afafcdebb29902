/**
 * `orderflow summary` does not trust report.json: a field it prints that is
 * not what orderflow writes is exit 2 naming the field, and hostile free text
 * in any printed field comes out inert in the step summary (no raw HTML, no
 * Markdown image, link or heading, no ESC, no live @mention or #reference).
 * Model-written mentions are neutralised in report.md too.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli } from '../../support/run-cli.js';
import { intentProject } from '../../support/intent-project.js';
import { sharedCopyOfRepo, tempDir } from '../../support/temp-dir.js';

const HOSTILE = '<img src=x onerror=alert(1)> ![i](https://e.test/x.png) [click](https://e.test/) \n# Heading \x1b[2J @octocat @org/team #1 GH-2';

/**
 * What GitHub would render or notify. Code spans show their text literally, and
 * so does a `<pre>` HTML block for Markdown (CommonMark HTML block type 1); GitHub
 * is not relied on to skip mentions inside <pre>, so those are looked for there too.
 */
function liveMarkup(markdown: string): string[] {
  const text = markdown.replace(/`[^`\n]*`/g, '``');
  const prose = text.replace(/<pre>[\s\S]*?<\/pre>/g, '<pre></pre>');
  const found: string[] = [];
  if (/<img/i.test(prose)) found.push('raw <img>');
  if (/(?<!\\)\[[^\]\n]*(?<!\\)\]\(/.test(prose)) found.push('a Markdown link or image');
  if (/^\s{0,3}#{1,6}\s*Heading/m.test(prose)) found.push('a heading');
  if (/@(?:octocat|org\/team)/.test(text)) found.push('an @mention');
  if (/(?:^|[^\w])#1\b/.test(text)) found.push('an issue reference');
  if (/\bGH-2/.test(text)) found.push('a GH- reference');
  if (markdown.includes('\x1b')) found.push('raw ESC');
  return found;
}

let root: string;
let report: any;
beforeAll(async () => {
  root = sharedCopyOfRepo();
  mkdirSync(join(root, 'reports'), { recursive: true });
  cpSync(join(process.cwd(), 'reports/baseline.json'), join(root, 'reports/baseline.json'));
  const r = await runCli(['eval', '-q', '-p', 'sim:gullible', '--module', 'intent_recognition', '--out', 'run'], { cwd: root });
  expect(r.code, r.stderr).toBe(1);
  report = JSON.parse(readFileSync(join(root, 'run/report.json'), 'utf8'));
}, 120_000);

const copy = () => JSON.parse(JSON.stringify(report));

async function summaryOf(forged: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = join(tempDir(), 'report.json');
  writeFileSync(file, JSON.stringify(forged));
  return runCli(['summary', file], { cwd: root });
}

describe('orderflow summary on a forged report.json', () => {
  it('shows hostile text in every printed text field inertly', async () => {
    const r = copy();
    expect(r.cases.filter((c: any) => c.status !== 'passed').length).toBeGreaterThan(0);
    expect(r.baseline).not.toBeNull();
    Object.assign(r.run, {
      provider: HOSTILE,
      model: HOSTILE,
      report_dir: HOSTILE,
      git: { commit: HOSTILE, dirty: false },
      incomplete: { done: 1, total: 2, reason: HOSTILE, resume: HOSTILE },
    });
    r.gate.checks[0] = { ...r.gate.checks[0], passed: false, reason: HOSTILE, accepted: 'failed-gate' };
    r.gate_settings_changes = [{ message: HOSTILE, loosened: true }];
    const change = { path: HOSTILE, message: HOSTILE, severity: 'breaking' };
    r.prompt_changes = [
      {
        module: 'intent_recognition',
        before: { name: HOSTILE, version: HOSTILE },
        after: { name: HOSTILE, version: HOSTILE },
        breaking_count: 1,
        unacknowledged: [change],
        diff: { schema: [change], structured: [change], text: [{ section: HOSTILE, added: [HOSTILE], removed: [] }], metadata: [{ key: 'changelog' }] },
      },
    ];
    Object.assign(r.baseline, {
      path: HOSTILE,
      run_id: HOSTILE,
      untrusted: HOSTILE,
      not_comparable: [HOSTILE],
      newly_failing: [HOSTILE, ...r.baseline.newly_failing],
      acknowledged_failing: [{ id: HOSTILE, change: HOSTILE }],
      acknowledged_failing_count: 1,
      changed: [{ id: HOSTILE, after: 'failed' }],
      changed_count: 1,
      removed: [HOSTILE],
      removed_count: 1,
      recorded_with: { accepted: ['removed-cases'], gate: { passed: false, failing: [HOSTILE] }, replaced: { removed: [HOSTILE], removed_count: 1 } },
    });
    const failing = r.cases.find((c: any) => c.status !== 'passed');
    Object.assign(failing, { id: HOSTILE, failed_checks: [{ name: HOSTILE, reason: HOSTILE }] });
    r.cases.push({ ...failing, status: 'error', error: HOSTILE });

    const out = await summaryOf(r);
    expect(out.code, out.stderr).toBe(0);
    // Each hostile field did reach the summary: else this shows nothing.
    expect(out.stdout.split('Heading').length - 1).toBeGreaterThan(20);
    expect(liveMarkup(out.stdout)).toEqual([]);
  });

  const forgeries: [string, (r: any) => void, RegExp][] = [
    [
      'a module that is markup',
      (r) => (r.cases.find((c: any) => c.status !== 'passed').module = HOSTILE),
      /report\.json: error: cases\.\d+\.module: not a report\.json: must be a snake_case module id/,
    ],
    [
      'a prompt change of a module that is a heading',
      (r) => (r.prompt_changes = [{ module: '# Heading', before: null, after: null, breaking_count: 0, unacknowledged: [], diff: null }]),
      /prompt_changes\.0\.module/,
    ],
    ['an --accept value that leaves its code span', (r) => (r.gate.checks[0].accepted = 'x` <img src=x>'), /gate\.checks\.0\.accepted/],
    ['a count that is text', (r) => (r.summary.total = '31 <img src=x>'), /summary\.total/],
    ['a baseline count that is text', (r) => (r.baseline.newly_failing_count = '<b>14</b>'), /baseline\.newly_failing_count/],
    ['missing shards that are text', (r) => (r.run.partial = { missing_shards: ['<img src=x>'], of: 2 }), /run\.partial\.missing_shards\.0/],
    [
      'an incomplete run whose counts are markup',
      (r) => (r.run.incomplete = { done: '![i](https://e.test/x.png)', total: 2, reason: 'x', resume: 'y' }),
      /run\.incomplete\.done/,
    ],
    [
      'a failure reason that is not text',
      (r) => (r.cases.find((c: any) => c.status !== 'passed').failed_checks = [{ name: 'x', reason: { toString: 1 } }]),
      /cases\.\d+\.failed_checks\.0\.reason/,
    ],
  ];
  for (const [what, forge, field] of forgeries) {
    it(`refuses ${what}: exit 2 naming the field, one line`, async () => {
      const r = copy();
      forge(r);
      const out = await summaryOf(r);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr.trim().split('\n')).toHaveLength(1);
      expect(out.stderr).toMatch(field);
    });
  }
});

describe('mentions and issue references in model-written text', () => {
  let server: LoopbackServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('are neutralised in report.md and the summary', async () => {
    const words = `cc @octocat @org/team, see #1 and GH-2 ${HOSTILE}`;
    // One reply the case fails on (its text in report.md), one error whose message the summary quotes.
    server = await startOpenAICompatibleServer((request) =>
      request.index === 0 ? { content: words } : { status: 400, body: { error: { message: words, type: 'invalid_request_error' } } },
    );
    const dir = intentProject({
      prefix: 'mention',
      count: 2,
      config: 'provider: openai\nmodel: m\nbaseline: null\ncache: { mode: off }\nopenai: { max_retries: 0 }\n',
    });
    const r = await runCli(['eval', '-q', '-j', '1', '--out', 'out'], { cwd: dir, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL } });
    expect(r.code, r.stderr).toBe(1);
    const md = readFileSync(join(dir, 'out/report.md'), 'utf8');
    const summary = await runCli(['summary', 'out'], { cwd: dir });
    expect(summary.code, summary.stderr).toBe(0);
    for (const text of [md, summary.stdout]) {
      // The model's words are there, only no longer references.
      expect(text).toContain('@\u200Doctocat');
      expect(liveMarkup(text)).toEqual([]);
    }
  });
});
