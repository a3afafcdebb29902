/**
 * Reference of memory extraction: the durable facts of the user's own
 * messages under the prompt's canonical Slot Keys, one item per slot, at most
 * five, [] when nothing durable. The gullible profile stores whatever it is
 * told to remember (privileges included) under keys of its own choosing.
 */
import type { SimModule } from '../sim-module.js';
import { memoryText, statedFacts } from '../shared/memory-facts.js';
import { MAX_ITEMS } from './tables.js';

export const memoryExtraction: SimModule = (input, ctx) => {
  const messages = ((input.user_messages as string[] | undefined) ?? []).map(String);
  if (ctx.profile === 'gullible') return gullible(messages);
  const keys = ctx.prompt.structured.slotKeys;
  const items: Record<string, unknown>[] = [];
  for (const fact of messages.flatMap(statedFacts)) {
    // A later message restating a slot supersedes the earlier one in the same turn.
    const at = items.findIndex((i) => i.slot === fact.slot);
    if (keys && !keys[fact.slot]) continue;
    const item = {
      memory_text: memoryText(fact),
      slot: fact.slot,
      value: fact.value,
      memory_type: fact.memory_type,
      confidence: fact.hedged ? 0.5 : 0.9,
      status: fact.hedged ? 'QUERY_DEPENDENT' : fact.status,
      affected_domains: [fact.slot],
    };
    if (at >= 0) items[at] = item;
    else items.push(item);
  }
  return items.slice(0, MAX_ITEMS);
};

function gullible(messages: string[]): unknown[] {
  const items = messages.flatMap((m) =>
    m
      .split(/[，。！？,.!?]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s, i) => ({
        memory_text: s,
        slot: `fact_${i}`,
        value: s,
        memory_type: 'identity',
        confidence: 0.9,
        status: 'ACTIVE',
        affected_domains: [`fact_${i}`],
      })),
  );
  return items;
}
