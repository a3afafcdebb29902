/**
 * How much of a repeated prompt prefix a server's cache can serve: OpenAI
 * caches a prefix only from 1,024 tokens on, and then in steps of 128 tokens
 * (1,024, 1,152, 1,280, …); a shorter system prompt is never read from the
 * cache, however often it is sent. The dry-run's forecast follows that rule,
 * so that a module with a short prompt is not forecast at the cached rate.
 */
const MIN_CACHED_PREFIX_TOKENS = 1024;
const CACHED_PREFIX_STEP = 128;

/** The tokens of a prefix of `tokens` that a later call reads from the cache. */
export function cacheablePrefixTokens(tokens: number): number {
  if (tokens < MIN_CACHED_PREFIX_TOKENS) return 0;
  return MIN_CACHED_PREFIX_TOKENS + Math.floor((tokens - MIN_CACHED_PREFIX_TOKENS) / CACHED_PREFIX_STEP) * CACHED_PREFIX_STEP;
}
