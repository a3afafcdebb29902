/**
 * A server that answers without end must not cost memory without end: the
 * openai provider stops reading a reply past its limit, fails that call (not
 * retried: the same request would get the same answer) and the next call works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedFetch } from '../../../src/harness/providers/bounded-fetch.js';
import { OpenAIProvider } from '../../../src/harness/providers/openai-provider.js';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { ProviderError, ReplyTooLarge } from '../../../src/harness/base/errors.js';

const MiB = 1024 * 1024;
let server: LoopbackServer;
let prompt: PromptFile;
let huge = true;

beforeAll(async () => {
  prompt = (await loadWorkspace()).active.get('intent_recognition')!;
  server = await startOpenAICompatibleServer(() => ({ content: huge ? 'x'.repeat(3 * MiB) : '{"intent":"other"}' }));
});
afterAll(() => server.close());

describe('a reply body over the limit', () => {
  it('fails the call once, names the limit, and the next call is answered', async () => {
    const provider = new OpenAIProvider({
      model: 'm',
      apiKey: 'k-test',
      baseURL: server.baseURL,
      timeoutMs: 10_000,
      maxRetries: 3,
      retryBaseDelayMs: 5,
      maxReplyBytes: MiB,
    });
    const call = () => provider.complete({ module: prompt.metadata.module, prompt, input: {}, trial: 0, caseId: 'c' });
    const failure = await call().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as Error).message).toMatch(/reply body is over 1 MiB; reading stopped there/);
    expect(server.requests).toHaveLength(1);
    huge = false;
    expect((await call()).text).toBe('{"intent":"other"}');
  });

  it('is cut while it streams when no length is declared, and a reply under the limit passes unchanged', async () => {
    const chunk = new Uint8Array(64 * 1024);
    let pulled = 0;
    const endless = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled += 1;
              controller.enqueue(chunk);
            },
          }),
        ),
      );
    await expect(boundedFetch(MiB, endless as typeof fetch)('http://127.0.0.1/')).rejects.toBeInstanceOf(ReplyTooLarge);
    expect(pulled * chunk.byteLength).toBeLessThanOrEqual(MiB + 3 * chunk.byteLength);

    const small = await boundedFetch(MiB, (() =>
      Promise.resolve(new Response('{"ok":true}', { status: 201, headers: { 'x-request-id': 'r1' } }))) as typeof fetch)('http://127.0.0.1/');
    expect(small.status).toBe(201);
    expect(small.headers.get('x-request-id')).toBe('r1');
    expect(await small.json()).toEqual({ ok: true });

    // A compressed body's declared length says nothing of the text: it is counted as it is read.
    const gzipped = () =>
      Promise.resolve(
        new Response(new ReadableStream<Uint8Array>({ pull: (c) => c.enqueue(chunk) }), { headers: { 'content-length': '100', 'content-encoding': 'gzip' } }),
      );
    await expect(boundedFetch(MiB, gzipped as typeof fetch)('http://127.0.0.1/')).rejects.toBeInstanceOf(ReplyTooLarge);
  });
});
