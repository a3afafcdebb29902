/**
 * The seven helpers through the real OpenAI client against a loopback server
 * answering like sim: the same verdicts as --provider sim, and a one-word or
 * list output is asked for without a json_object response format (which
 * would force an object).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MODULES } from '../../../src/agent/vocabulary/seed-contracts.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { evalIn, readResults, repoCopy } from '../../support/eval-fixture.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';

describe('the retrieval, memory and moderation modules on --provider openai', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer(simAnswering((await loadWorkspace()).active, 'gullible'));
  });
  afterAll(() => server.close());

  it('give the verdicts sim gives, and send a response format only for object outputs', async () => {
    const root = repoCopy();
    const modules = [...KNOWLEDGE_MODULES];
    await evalIn(root, { provider: 'sim:gullible', module: modules, out: join(root, 'sim') });
    await evalIn(root, {
      provider: 'openai',
      model: 'loopback',
      module: modules,
      out: join(root, 'http'),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
    });
    const verdicts = (dir: string) =>
      Object.fromEntries(readResults(dir).map((r) => [r.case_id, `${r.status} ${r.failed_checks.map((c) => c.name).join(',')}`]));
    const viaHttp = verdicts(join(root, 'http'));
    expect(viaHttp).toEqual(verdicts(join(root, 'sim')));
    expect(Object.values(viaHttp).some((v) => v.startsWith('failed'))).toBe(true);
    const formats = new Map<string, unknown>();
    for (const r of server.completionRequests())
      formats.set(JSON.parse(r.body.messages.find((m: { role: string }) => m.role === 'user').content).module, r.body.response_format);
    expect(formats.get('content_moderation')).toBeUndefined();
    expect(formats.get('memory_extraction')).toBeUndefined();
    expect(formats.get('document_router')).toEqual({ type: 'json_object' });
  }, 60_000);
});
