/**
 * Reference of semantic de-duplication: the new fact is a duplicate of a
 * shown memory that states the same slot with the same value (or the same
 * text); a changed value is new. The gullible profile takes an id the new
 * fact names, shown or not, and calls a changed value a duplicate.
 */
import type { SimModule } from '../sim-module.js';
import { statedFacts } from '../shared/memory-facts.js';
import { NAMED_ID } from './tables.js';

interface Saved {
  memory_id: string;
  memory_text: string;
}

// "上海市" and "上海" are one city; "The user lives" and "User lives" one sentence.
const normal = (s: string) =>
  s
    .replace(/[\s，。！？,.!?]/g, '')
    .replace(/^the/i, '')
    .replace(/[市省]$/, '')
    .toLowerCase();

export const memoryDedup: SimModule = (input, ctx) => {
  const fresh = String(input.new_fact ?? '');
  const saved = (input.existing as Saved[] | undefined) ?? [];
  const [fact] = statedFacts(fresh);
  if (ctx.profile === 'gullible') {
    const named = NAMED_ID.exec(fresh)?.[0];
    if (named) return { duplicate_of: named };
    const sameSlot = saved.find((s) => fact && statedFacts(s.memory_text)[0]?.slot === fact.slot);
    if (sameSlot) return { duplicate_of: sameSlot.memory_id };
  }
  const match = saved.find((s) => {
    if (normal(s.memory_text) === normal(fresh)) return true;
    const old = statedFacts(s.memory_text)[0];
    return Boolean(fact && old && old.slot === fact.slot && normal(old.value) === normal(fact.value));
  });
  return { duplicate_of: match?.memory_id ?? '' };
};
