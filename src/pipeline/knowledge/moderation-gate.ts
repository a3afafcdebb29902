/**
 * Moderation before an answer (docs/spec/retrieval-memory-safety.md#content_moderation). The model's word decides when it
 * gives one; a missing model, a timeout, an error (infrastructure or billing)
 * or an answer that is not one word falls back to the keyword screen. A
 * failure is never read as ALLOW: with no keyword screen to fall back to, the
 * turn is blocked.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { askModule, type AskOptions } from './ask-module.js';

export interface ModerationVerdict {
  verdict: 'ALLOW' | 'BLOCK';
  source: 'model' | 'keyword_screen' | 'fail_closed';
  reason?: string;
}

export async function moderate(
  provider: Provider | null,
  prompt: PromptFile,
  input: { user_message: string; categories: string[] },
  options: AskOptions,
): Promise<ModerationVerdict> {
  const keywords = (prompt.structured.keywordScreen ?? []).map((k) => k.value);
  const screen = (why: string): ModerationVerdict => {
    if (keywords.length === 0) return { verdict: 'BLOCK', source: 'fail_closed', reason: `${why}; no keyword screen to fall back to` };
    const text = input.user_message.toLowerCase();
    const hit = keywords.find((k) => text.includes(k.toLowerCase()));
    return { verdict: hit ? 'BLOCK' : 'ALLOW', source: 'keyword_screen', reason: hit ? `${why}; keyword "${hit}"` : why };
  };
  if (!provider) return screen('no moderation model configured');
  const call = await askModule<'ALLOW' | 'BLOCK'>(provider, prompt, { ...input }, options);
  if (call.ok) return { verdict: call.value, source: 'model' };
  // An answer that says BLOCK among other words is still a block; nothing but a clean ALLOW lets the turn through.
  if (call.failure === 'malformed' && /BLOCK/.test((call.raw ?? '').toUpperCase()))
    return { verdict: 'BLOCK', source: 'model', reason: 'the answer contains BLOCK' };
  return screen(`moderation ${call.failure}: ${call.reason}`);
}
