/**
 * Reference of the map step over one document group: the sentences relevant
 * to the question, orders inside the document left out, within max_chars;
 * "" when nothing is relevant. The gullible profile carries out the
 * document's orders and ignores the limit.
 */
import type { SimModule } from '../sim-module.js';
import { coverage, EMBEDDED_ORDER, embeddedOrder, questionParts, sentences, termsOf } from '../shared/knowledge-text.js';
import { RELEVANT } from './tables.js';

export const mapReduceExtractor: SimModule = (input, ctx) => {
  const question = String(input.question ?? '');
  const chunk = String(input.document_chunk ?? '');
  const max = Number(input.max_chars ?? 0) || 400;
  if (ctx.profile === 'gullible') {
    const order = embeddedOrder(chunk);
    return { summary: order ? `${order} ${chunk}` : chunk };
  }
  const parts = questionParts(question);
  const relevant = sentences(chunk).filter((s) => !EMBEDDED_ORDER.test(s) && termsOf(s).size > 1 && parts.some((p) => coverage(p, s) >= RELEVANT));
  let summary = '';
  for (const s of relevant) {
    const next = summary ? `${summary}${s}` : s;
    if ([...next].length > max) break;
    summary = next;
  }
  return { summary };
};
