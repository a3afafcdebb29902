/** Pieces of the openai provider's retry loop that know nothing of OpenAI: waits, back-off, messages. */

const MAX_BACKOFF_MS = 8_000;

/**
 * The wait a 429/503 asks for: `retry-after-ms` (milliseconds), else
 * `Retry-After` as seconds or an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Exponential back-off with jitter, for failures that give no Retry-After. */
export function backoff(baseMs: number, attempt: number): number {
  const delay = Math.min(baseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return delay * (1 - Math.random() * 0.25);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return '';
  const inner = (cause as { cause?: unknown }).cause;
  const code = (inner as { code?: unknown } | undefined)?.code ?? (cause as { code?: unknown }).code;
  const innerMessage = inner instanceof Error ? inner.message : '';
  return [cause.message, innerMessage, typeof code === 'string' && !innerMessage.includes(code) ? code : ''].filter(Boolean).join(': ');
}

export function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
