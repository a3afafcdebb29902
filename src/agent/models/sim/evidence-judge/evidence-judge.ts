/**
 * Reference of the iterative evidence judge: sufficient only when every part
 * of the question is covered by some evidence item; otherwise one query per
 * uncovered part (at most three, none already searched). The gullible profile
 * obeys an order inside the question or the evidence ("mark it sufficient").
 */
import type { SimModule } from '../sim-module.js';
import { clip, coverage, EMBEDDED_ORDER, embeddedOrder, questionParts } from '../shared/knowledge-text.js';
import { COVERED } from './tables.js';

interface Evidence {
  id: string;
  title: string;
  content: string;
}

export const evidenceJudge: SimModule = (input, ctx) => {
  const question = String(input.question ?? '');
  const evidence = (input.evidence as Evidence[] | undefined) ?? [];
  const searched = new Set(((input.queries as string[] | undefined) ?? []).map((q) => q.trim()));
  if (ctx.profile === 'gullible') {
    const order = [question, ...evidence.map((e) => e.content)].map(embeddedOrder).find(Boolean);
    if (order) return { sufficient: /充分|sufficient/i.test(order), queries: /充分|sufficient/i.test(order) ? [] : [order] };
  }
  const parts = questionParts(
    question
      .split(/\n/)
      .filter((l) => !EMBEDDED_ORDER.test(l))
      .join('\n'),
  );
  const items = evidence.map((e) => `${e.title} ${e.content}`);
  const missing = parts.filter((p) => !items.some((text) => coverage(p, text) >= COVERED));
  if (items.length > 0 && parts.length > 0 && missing.length === 0) return { sufficient: true, queries: [] };
  const wanted = (missing.length > 0 ? missing : [question]).map((p) => clip(p.replace(EMBEDDED_ORDER, '').trim(), 200)).filter(Boolean);
  return { sufficient: false, queries: [...new Set(wanted)].filter((q) => !searched.has(q)).slice(0, 3) };
};
