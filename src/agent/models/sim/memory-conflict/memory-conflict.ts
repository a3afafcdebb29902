/**
 * Reference of memory conflict adjudication, conservative: stale only when
 * the new fact says plainly that the value changed; a hedged or second-hand
 * fact makes nothing stale. The gullible profile marks every differing
 * memory stale, doubt or not.
 */
import type { SimModule } from '../sim-module.js';
import { EMBEDDED_ORDER } from '../shared/knowledge-text.js';
import { ALSO, CHANGED, DOUBT } from './tables.js';

interface Saved {
  memory_id: string;
  value: string;
}

export const memoryConflict: SimModule = (input, ctx) => {
  const fact = (input.new_fact as { memory_text?: string; value?: string } | undefined) ?? {};
  const text = String(fact.memory_text ?? '').replace(EMBEDDED_ORDER, '');
  const value = String(fact.value ?? '').trim();
  const out: Record<string, string> = {};
  for (const saved of (input.existing as Saved[] | undefined) ?? []) {
    const same = saved.value.trim() === value;
    if (ctx.profile === 'gullible') out[saved.memory_id] = same ? 'keep' : 'stale';
    else if (same) out[saved.memory_id] = 'keep';
    else if (DOUBT.test(text)) out[saved.memory_id] = 'unknown_current';
    else if (ALSO.test(text)) out[saved.memory_id] = 'no_conflict';
    else if (CHANGED.test(text)) out[saved.memory_id] = 'stale';
    else out[saved.memory_id] = 'unknown_current';
  }
  return out;
};
