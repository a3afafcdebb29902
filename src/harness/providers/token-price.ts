/**
 * What one call costs at a model's price per million tokens. Input tokens the
 * server read from its prompt cache (OpenAI's `prompt_tokens_details.cached_tokens`,
 * DeepSeek's `prompt_cache_hit_tokens`) are billed at the cached rate; where
 * the price gives no cached rate the cost of such a call is unknown (null),
 * never the full price passed off as the real one.
 */
import type { Usage } from './provider.js';

export interface Price {
  input_per_mtok: number;
  output_per_mtok: number;
  /** The rate of input tokens read from the prompt cache; absent: unknown. */
  cached_input_per_mtok?: number;
}

export function costOf(usage: Usage, price: Price): number | null {
  const cached = usage.cached_input_tokens ?? 0;
  if (cached > 0 && price.cached_input_per_mtok === undefined) return null;
  const fresh = usage.input_tokens - cached;
  return (fresh * price.input_per_mtok + cached * (price.cached_input_per_mtok ?? 0) + usage.output_tokens * price.output_per_mtok) / 1_000_000;
}

/** The cached share of a reply's prompt tokens as the server reports it, in either dialect; undefined when it says nothing. */
export function cachedPromptTokens(
  usage: { prompt_tokens_details?: { cached_tokens?: unknown } | null; prompt_cache_hit_tokens?: unknown } | undefined,
): unknown {
  return usage?.prompt_tokens_details?.cached_tokens ?? usage?.prompt_cache_hit_tokens;
}
