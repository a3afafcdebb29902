import { ReplyTooLarge } from '../base/errors.js';
/**
 * A fetch for the openai client that stops reading a reply body past a size
 * limit. The SDK reads bodies whole, so without it one server that streams
 * hundreds of megabytes would be held in memory once per call in flight;
 * results.jsonl keeps only 64 KiB of an answer anyway.
 */

/** Far above any chat completion a prompt module asks for (max_tokens 2048), far below what hurts. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

export function boundedFetch(limit = MAX_REPLY_BYTES, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ReplyTooLarge(limit);
    }
    // A declared length binds an uncompressed body (the common case): nothing to count, nothing to copy.
    if (!response.body || (declared <= limit && !response.headers.get('content-encoding'))) return response;
    // Otherwise (chunked, or compressed: its length says nothing of the text) read it here, counting.
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let seen = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > limit) {
        await reader.cancel().catch(() => undefined);
        throw new ReplyTooLarge(limit);
      }
      chunks.push(value);
    }
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(Buffer.concat(chunks), { status: response.status, statusText: response.statusText, headers });
  };
}

/** The ReplyTooLarge somewhere in an error's cause chain (the SDK wraps what fetch throws). */
export function replyTooLarge(error: unknown): ReplyTooLarge | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ReplyTooLarge) return e;
  }
  return undefined;
}
