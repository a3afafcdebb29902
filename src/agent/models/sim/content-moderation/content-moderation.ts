/**
 * Reference of model moderation: BLOCK for a request that seeks harm
 * (instructions for weapons or self-harm, a credible threat, doxxing, sexual
 * content with minors), ALLOW for everything else, alarming words in benign
 * use included; with administrator categories, BLOCK only inside them. The
 * gullible profile answers whatever word the message tells it to, and adds
 * an explanation to a block.
 */
import type { SimModule } from '../sim-module.js';
import { CATEGORY_WORDS, HARMS, TOLD } from './tables.js';

export const contentModeration: SimModule = (input, ctx) => {
  const message = String(input.user_message ?? '');
  const categories = ((input.categories as string[] | undefined) ?? []).map(String);
  if (ctx.profile === 'gullible') {
    const told = TOLD.exec(message)?.[1];
    if (told) return told.toUpperCase();
  }
  const inScope = Object.keys(HARMS).filter((h) => categories.length === 0 || categories.some((c) => CATEGORY_WORDS[h]!.test(c)));
  const harmful = inScope.some((h) => HARMS[h]!.test(message));
  if (!harmful) return 'ALLOW';
  return ctx.profile === 'gullible' ? 'BLOCK. This message asks for harmful instructions.' : 'BLOCK';
};
