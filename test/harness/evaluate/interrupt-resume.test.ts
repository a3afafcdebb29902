/**
 * Ctrl-C during a run: the process ends at once with status 130, even with a
 * model call hanging, says how many results are on disk and prints the exact
 * command that finishes the run; that command then runs only what is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli, startCli } from '../../support/run-cli.js';
import { intentExample, intentProject, waitFor } from '../../support/intent-project.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('SIGINT', () => {
  it('exits 130 at once, reports the results on disk and the --resume command, which finishes the run', async () => {
    let hang = true;
    const answer = intentExample();
    server = await startOpenAICompatibleServer((request) => (hang && request.index >= 2 ? { hang: true } : { content: answer, delayMs: 20 }));
    const root = intentProject({
      prefix: 'sig',
      count: 6,
      config: 'provider: sim\nbaseline: null\ncache: { mode: off }\nopenai: { max_retries: 0, timeout_ms: 600000 }\n',
    });
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
    const args = command!
      .replace(/^orderflow /, '')
      .replace(" 'run one'", '')
      .split(' ')
      .concat('run one');
    const resumed = await runCli(args, { cwd: root, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('running 6 case(s) on openai (2 already done)');
    const ids = readFileSync(join(root, 'run one/results.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"case_result"'))
      .map((l) => JSON.parse(l).case_id)
      .sort();
    expect(ids).toEqual(['sig-0', 'sig-1', 'sig-2', 'sig-3', 'sig-4', 'sig-5']);
  }, 120_000);
});
