/**
 * Settings a person gives a run over the config: --timeout and --max-retries
 * (and their environment variables) reach the client, and -j above
 * openai.max_connections is stated, not silently capped.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalIn, readResults, repoCopy } from '../../support/eval-fixture.js';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';

describe('per-run call settings', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer(() => ({ hang: true }));
  });
  afterAll(() => server.close());

  const run = (root: string, extra: Record<string, unknown>, env: Record<string, string> = {}) =>
    evalIn(root, {
      provider: 'openai',
      model: 'm',
      id: ['intent-seed-*'],
      out: join(root, `out-${Math.random().toString(16).slice(2)}`),
      cache: false,
      ...extra,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL, ...env },
    });

  it('--timeout and --max-retries beat ORDERFLOW_TIMEOUT / ORDERFLOW_MAX_RETRIES, which beat the config', async () => {
    const root = repoCopy();
    const byFlag = await run(root, { timeout: '300ms', maxRetries: '0' }, { ORDERFLOW_TIMEOUT: '20', ORDERFLOW_MAX_RETRIES: '2' });
    const [flagged] = readResults(byFlag.outDir);
    expect(flagged!.error).toMatch(/no complete reply within 300 ms; gave up after 1 attempt/);

    const byEnv = await run(root, {}, { ORDERFLOW_TIMEOUT: '250ms', ORDERFLOW_MAX_RETRIES: '1' });
    const [enved] = readResults(byEnv.outDir);
    expect(enved!.error).toMatch(/no complete reply within 250 ms; gave up after 2 attempts/);
  });

  it('-j above openai.max_connections is stated as a warning', async () => {
    const root = repoCopy();
    const result = await run(root, { concurrency: 100, timeout: '200ms', maxRetries: '0' });
    // Named by the option's key through the API; the CLI prints it as its flag.
    expect(result.warnings.map((w) => `${w.option}: ${w.message}`)).toContainEqual(
      expect.stringMatching(/^concurrency: 100 cases run at once, but openai\.max_connections allows 64 calls in flight/),
    );
  });
});
