/**
 * Ctrl-C during a run: the process ends at once with status 130, even with a
 * model call hanging, says how many results are on disk and prints the exact
 * command that finishes the run; that command then runs only what is missing.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../support/openai-compatible-server.js';
import { runCli, startCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const intentExample = () => readFileSync(join(process.cwd(), 'prompts/intent_v2.md'), 'utf8').split('## Example Output')[1]!.split('```json')[1]!.split('```')[0]!;

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('SIGINT', () => {
  it('exits 130 at once, reports the results on disk and the --resume command, which finishes the run', async () => {
    let hang = true;
    const answer = intentExample();
    server = await startOpenAICompatibleServer((request) => (hang && request.index >= 2 ? { hang: true } : { content: answer, delayMs: 20 }));
    const root = tempDir('orderflow-sigint-');
    cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
    writeFileSync(join(root, 'orderflow.config.yaml'), 'provider: sim\nbaseline: null\ncache: { mode: off }\nopenai: { max_retries: 0, timeout_ms: 600000 }\n');
    mkdirSync(join(root, 'cases/intent_recognition'), { recursive: true });
    const cases = Array.from({ length: 6 }, (_, i) => `  - case_id: sig-${i}\n    case_type: normal\n    input: { user_query: "订单 O12${i} 我要退款" }\n    expected_behavior: {}\n`);
    writeFileSync(join(root, 'cases/intent_recognition/sig.yaml'), `test_cases:\n${cases.join('')}`);
    const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL };

    const cli = startCli(['eval', '-p', 'openai', '-m', 'm', '-j', '1', '--module', 'intent_recognition', '--out', 'run one'], { cwd: root, env });
    await waitFor(() => cli.stderrSoFar().includes('2/6 done') && server!.completionRequests().length >= 3);
    const sent = Date.now();
    cli.child.kill('SIGINT');
    const r = await cli.done;
    expect(r.code, r.stderr).toBe(130);
    expect(Date.now() - sent).toBeLessThan(5_000);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toContain('interrupted: 2 of 6 results are on disk in run one/results.jsonl; no report was written');
    const command = /^resume with: (.*)$/m.exec(r.stderr)?.[1];
    expect(command).toBe("orderflow eval -p openai -m m -j 1 --module intent_recognition --resume --out 'run one'");
    const lines = readFileSync(join(root, 'run one/results.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines.filter((l) => l.includes('"case_result"'))).toHaveLength(2);

    hang = false;
    const args = command!.replace(/^orderflow /, '').replace(" 'run one'", '').split(' ').concat('run one');
    const resumed = await runCli(args, { cwd: root, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('running 6 case(s) on openai (2 already done)');
    const ids = readFileSync(join(root, 'run one/results.jsonl'), 'utf8').split('\n').filter((l) => l.includes('"case_result"')).map((l) => JSON.parse(l).case_id).sort();
    expect(ids).toEqual(['sig-0', 'sig-1', 'sig-2', 'sig-3', 'sig-4', 'sig-5']);
  }, 120_000);
});
