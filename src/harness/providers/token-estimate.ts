/**
 * A tokenizer-free token estimate for cost forecasts: BPE vocabularies of
 * current chat models spend about one token per Chinese character and about
 * one per four characters of English, digits or JSON punctuation. Good to
 * some tens of percent, which is what a budget decision needs; the report's
 * real figures come from the endpoint's usage.
 */
const WIDE = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/gu;

export function estimateTokens(text: string): number {
  const wide = text.match(WIDE)?.length ?? 0;
  return wide + Math.ceil((text.length - wide) / 4);
}
