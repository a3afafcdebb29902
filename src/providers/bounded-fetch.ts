/**
 * A fetch for the openai client that stops reading a reply body past a size
 * limit. The SDK reads bodies whole, so without it one server that streams
 * hundreds of megabytes would be held in memory once per call in flight;
 * results.jsonl keeps only 64 KiB of an answer anyway.
 */

/** Far above any chat completion a prompt module asks for (max_tokens 2048), far below what hurts. */
export const MAX_REPLY_BYTES = 8 * 1024 * 1024;

export class ReplyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the reply body is over ${formatBytes(limit)}; reading stopped there`);
    this.name = 'ReplyTooLarge';
  }
}

export function boundedFetch(limit = MAX_REPLY_BYTES, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ReplyTooLarge(limit);
    }
    if (!response.body) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(new ReplyTooLarge(limit));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The ReplyTooLarge somewhere in an error's cause chain (the SDK wraps what fetch throws). */
export function replyTooLarge(error: unknown): ReplyTooLarge | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ReplyTooLarge) return e;
  }
  return undefined;
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;
}
