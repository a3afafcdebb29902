/**
 * A request-rate limit in front of a loopback handler, as hosted APIs enforce
 * it: a token bucket of `ratePerSec` tokens a second holding at most `burst`;
 * a request that finds it empty gets 429 with Retry-After (whole seconds, as
 * the RFC wants) and retry-after-ms (the exact wait, as OpenAI sends it).
 */
import type { ReplyHandler } from './openai-compatible-server.js';

export interface RateLimitCounters {
  admitted: number;
  rejected: number;
}

export function rateLimited(inner: ReplyHandler, options: { ratePerSec: number; burst: number }): { handler: ReplyHandler; counters: RateLimitCounters } {
  const counters: RateLimitCounters = { admitted: 0, rejected: 0 };
  let tokens = options.burst;
  let last = performance.now();
  const handler: ReplyHandler = (request) => {
    const now = performance.now();
    tokens = Math.min(options.burst, tokens + ((now - last) / 1000) * options.ratePerSec);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      counters.admitted += 1;
      return inner(request);
    }
    counters.rejected += 1;
    const waitMs = Math.ceil(((1 - tokens) / options.ratePerSec) * 1000);
    return {
      status: 429,
      headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))), 'retry-after-ms': String(waitMs) },
      body: { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
    };
  };
  return { handler, counters };
}
