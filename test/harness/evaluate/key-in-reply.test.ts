/**
 * A server that echoes the Authorization header back, in a 200 reply and in an
 * error: no form of the key (as sent, lowercased, base64, a 13-character
 * prefix) reaches results.jsonl, a report, junit.xml, the response cache or
 * what the CLI prints.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli } from '../../support/run-cli.js';
import { intentProject } from '../../support/intent-project.js';

const KEY = 'sk-live-7fQ2mXw9LpB4zR8tK1vN';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every form the echo below sends: what a redaction must catch. */
const FORMS = [KEY, KEY.toLowerCase(), Buffer.from(KEY).toString('base64'), Buffer.from(`Bearer ${KEY}`).toString('base64'), KEY.slice(0, 13)];

describe('the key in a reply', () => {
  it('is in no stored or printed string, whether the server echoes it in a 200 body or in an error', async () => {
    server = await startOpenAICompatibleServer((request) => {
      const auth = String(request.headers.authorization);
      const echo = `you sent ${auth} | ${auth.toLowerCase()} | ${Buffer.from(auth.slice(7)).toString('base64')} | ${Buffer.from(auth).toString('base64')} | ${auth.slice(7, 20)}…`;
      return request.index % 2 === 0
        ? { content: JSON.stringify({ intent: 'refund', debug: echo }) }
        : { status: 400, body: { error: { message: echo, type: 'invalid_request_error' } } };
    });
    const root = intentProject({
      prefix: 'echo',
      count: 4,
      config: 'provider: openai\nmodel: m\nbaseline: null\ncache: { mode: read_write }\nopenai: { max_retries: 0 }\n',
    });

    const r = await runCli(['eval', '-j', '1', '--module', 'intent_recognition', '--out', 'out'], {
      cwd: root,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.baseURL },
    });
    expect(r.code, r.stderr).toBe(1);
    expect(server.completionRequests()).toHaveLength(4);
    const results = readFileSync(join(root, 'out/results.jsonl'), 'utf8');
    // The echoes themselves were stored (else this test shows nothing), with the key taken out.
    expect(results).toContain('you sent Bearer ***');
    expect(results).toMatch(/HTTP 400 [^"]*you sent Bearer \*\*\*/);
    const files = [...filesUnder(join(root, 'out')), ...filesUnder(join(root, '.orderflow-cache'))];
    expect(files.map((f) => f.split('/').pop())).toEqual(expect.arrayContaining(['results.jsonl', 'report.json', 'report.md', 'report.html', 'junit.xml']));
    expect(files.filter((f) => f.includes('.orderflow-cache')).length).toBeGreaterThan(0);
    for (const text of [...files.map((f) => readFileSync(f, 'utf8')), r.stdout, r.stderr]) {
      for (const form of FORMS) expect(text).not.toContain(form);
    }
  });
});
