import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { evalIn, readResults, repoCopy } from '../../support/eval-fixture.js';
import { sharedEval } from '../../support/shared-eval.js';

const KEY = 'sk-test-SECRET-e2e-4242';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the real openai client against a loopback server answering like sim', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    const ws = await loadWorkspace();
    server = await startOpenAICompatibleServer(simAnswering(ws.active, 'reference'));
  });
  afterAll(() => server.close());

  it('gives the same verdicts as --provider sim, module cases and pipeline scenarios alike, and leaks no key', async () => {
    const root = repoCopy();
    // The sim run of the same suite, shared with other files (read only).
    const sim = await sharedEval('sim');
    const viaSim = { head: sim.report };
    const viaHttp = await evalIn(root, {
      provider: 'openai',
      model: 'loopback-sim',
      out: join(root, 'http'),
      concurrency: 16,
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: server.baseURL },
    });
    const verdicts = (dir: string) =>
      Object.fromEntries(readResults(dir).map((r) => [r.case_id, `${r.status} ${r.failed_checks.map((c) => c.name).join(',')}`]));
    expect(verdicts(join(root, 'http'))).toEqual(verdicts(sim.out));
    expect(viaHttp.head.gate.passed).toBe(viaSim.head.gate.passed);
    // The header records the settings the calls were really made with: OPENAI_BASE_URL, not the config's null.
    expect(viaHttp.head.run.call_settings).toMatchObject({ base_url: server.baseURL.replace(/\/$/, ''), temperature: 0, max_tokens: 2048 });
    expect(viaSim.head.run.call_settings).toBeUndefined();
    // A live model is judged statistically; sim and a replay from the cache stay exact.
    expect(viaHttp.head.statistics.mode).toBe('statistical');
    expect(viaSim.head.statistics.mode).toBe('exact');
    // Scenarios really went through the HTTP client: one request per stage call.
    const pipelineCalls = readResults(join(root, 'http'))
      .filter((r) => r.kind === 'pipeline')
      .reduce((n, r) => n + r.call_latencies_ms.length, 0);
    expect(pipelineCalls).toBeGreaterThan(10);
    expect(viaHttp.head.metrics.cost_usd!.input_tokens).toBeGreaterThan(0);

    // Second run: every call answered from the cache, no request reaches the server.
    const before = server.completionRequests().length;
    const replay = await evalIn(root, {
      provider: 'openai',
      model: 'loopback-sim',
      out: join(root, 'replay'),
      replay: true,
      env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    });
    expect(server.completionRequests().length).toBe(before);
    expect(replay.head.summary.error).toBe(0);
    expect(replay.head.statistics).toMatchObject({ mode: 'exact', mode_reason: expect.stringMatching(/replayed from the cache/) });
    expect(verdicts(join(root, 'replay'))).toEqual(verdicts(sim.out));

    for (const file of [...filesUnder(join(root, 'http')), ...filesUnder(join(root, 'replay')), ...filesUnder(join(root, '.orderflow-cache'))]) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(KEY);
    }
  }, 120_000);

  it('a replay miss is an error on that case, never a live call', async () => {
    const root = repoCopy();
    // A cache that holds something, only not these calls (an empty one is refused up front).
    mkdirSync(join(root, '.orderflow-cache/00'), { recursive: true });
    writeFileSync(join(root, '.orderflow-cache/00/other.json'), '{}');
    const before = server.completionRequests().length;
    const result = await evalIn(root, {
      provider: 'openai',
      model: 'never-recorded',
      module: ['intent_recognition'],
      out: join(root, 'out'),
      replay: true,
      env: { OPENAI_BASE_URL: server.baseURL },
    });
    expect(server.completionRequests().length).toBe(before);
    expect(result.head.summary.error).toBe(result.head.summary.total);
    expect(result.head.gate.passed).toBe(false);
    expect(readResults(join(root, 'out'))[0]!.error).toMatch(/replay/i);
  });
});
