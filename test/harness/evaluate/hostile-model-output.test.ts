/**
 * What a model (or a server) says is stored bounded and shown inert: a 2 MB
 * reply keeps only its first 64 KiB with the full size noted, and control
 * characters or bare URLs in outputs, reasons and HTTP error bodies reach
 * neither the terminal nor report.md as effects or links. Real CLI, real
 * openai client, loopback server.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer, type Reply } from '../../support/openai-compatible-server.js';
import { runCli, type CliResult } from '../../support/run-cli.js';

const TWO_MB = 2 * 1024 * 1024;
const QUERIES = { big: '订单 O1 大输出', url: '订单 O123 我要退款', control: '订单 O2 控制字符', http: '订单 O3 服务器报错' } as const;
const CONTROL = '\u001b[2J\u001b[31mFAKE PASS\u0007\u0000\u202e';

const intentExample = () =>
  JSON.parse(readFileSync(join(process.cwd(), 'prompts/intent_v2.md'), 'utf8').split('## Example Output')[1]!.split('```json')[1]!.split('```')[0]!);

function reply(userContent: string): Reply {
  if (userContent.includes(QUERIES.big)) return { content: `${'x'.repeat(TWO_MB - 3)}多` };
  if (userContent.includes(QUERIES.url))
    return { content: JSON.stringify({ ...intentExample(), slots: { ...intentExample().slots, order_id: 'see http://evil.example/x or www.evil.example' } }) };
  if (userContent.includes(QUERIES.control)) return { content: `${CONTROL} not json` };
  return { status: 400, body: { error: { message: `${CONTROL} bad request, see https://evil.example/help` } } };
}

let server: LoopbackServer;
let root: string;
let run: CliResult;
const out = () => join(root, 'out');

beforeAll(async () => {
  server = await startOpenAICompatibleServer((request) => reply(JSON.stringify(request.body?.messages ?? '')));
  root = mkdtempSync(join(tmpdir(), 'orderflow-hostile-'));
  cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
  writeFileSync(join(root, 'orderflow.config.yaml'), 'provider: sim\nbaseline: null\ncache: { mode: off }\nopenai: { max_retries: 0 }\ngate: {}\n');
  mkdirSync(join(root, 'cases/intent_recognition'), { recursive: true });
  const cases = Object.entries(QUERIES).map(
    ([key, query]) =>
      `  - case_id: hostile-${key}\n    case_type: adversarial\n    input: { user_query: "${query}" }\n    expected_behavior:\n      expected_enum_values: { slots.order_id: O123 }\n`,
  );
  writeFileSync(join(root, 'cases/intent_recognition/hostile.yaml'), `test_cases:\n${cases.join('')}`);
  run = await runCli(['eval', '-p', 'openai', '-m', 'm', '--out', 'out'], { cwd: root, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const results = () =>
  readFileSync(join(out(), 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.type === 'case_result');

describe('a 2 MB model output', () => {
  it('is stored as its first 64 KiB with its full size noted, in every file', () => {
    expect(run.code, run.stderr).toBe(0); // gate: {} in this config: the verdicts are what is checked
    const big = results().find((r) => r.case_id === 'hostile-big')!;
    expect(big.status).toBe('failed');
    expect(big.raw_output_bytes).toBe(TWO_MB);
    expect(Buffer.byteLength(big.raw_output)).toBe(64 * 1024);
    for (const line of readFileSync(join(out(), 'results.jsonl'), 'utf8').split('\n')) expect(Buffer.byteLength(line)).toBeLessThan(72 * 1024);
    expect(statSync(join(out(), 'report.json')).size).toBeLessThan(200 * 1024);
    expect(statSync(join(out(), 'junit.xml')).size).toBeLessThan(200 * 1024);
    expect(readFileSync(join(out(), 'report.md'), 'utf8')).toContain(`model output (${TWO_MB} bytes; the first 64 KiB stored)`);
    expect(readFileSync(join(out(), 'junit.xml'), 'utf8')).toContain(`output (first 64 KiB of ${TWO_MB} bytes):`);
  });
});

describe('control characters and bare URLs', () => {
  it('the terminal shows control characters as escapes, never as effects', () => {
    const lines = run.stderr.split('\n').filter((l) => /^(FAIL|ERROR)/.test(l));
    expect(lines.map((l) => l.split(':')[0])).toEqual(
      expect.arrayContaining(['FAIL  intent_recognition hostile-control', 'ERROR intent_recognition hostile-http']),
    );
    // eslint-disable-next-line no-control-regex
    expect(run.stderr + run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(run.stderr).toContain('\\x1b[2J');
  });

  it('report.md holds no control character and no bare URL that GFM would turn into a link', () => {
    const md = readFileSync(join(out(), 'report.md'), 'utf8');
    // eslint-disable-next-line no-control-regex
    expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    expect(md).toContain('\\x1b[2J');
    expect(md).toMatch(/evil\.example\/x/);
    const gfmLike = new MarkdownIt({ html: true, linkify: true });
    gfmLike.linkify.set({ fuzzyLink: false });
    expect(gfmLike.render(md)).not.toMatch(/<a /);
  });

  it('report.html holds no control character and no bidirectional override: the override is shown as its escape', () => {
    const page = readFileSync(join(out(), 'report.html'), 'utf8');
    // eslint-disable-next-line no-control-regex
    expect(page).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
    expect(page).toContain('\\u202e');
  });
});
