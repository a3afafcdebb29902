/**
 * A capability-routing scenario's catalog as the server holds it, turn by turn
 * (the operator's moves applied), and the knowledge each capability may search.
 */
import type { CapabilityCatalogSpec } from '../../scenarios/capability-scenario-schema.js';
import type { Catalog } from './capability-catalog.js';

/** The catalog as it stands in `turn` (1-based): the moves before it applied. */
export function catalogAt(spec: CapabilityCatalogSpec, turn: number): Catalog {
  const entries = spec.entries.map((e) => {
    const move = spec.moves.filter((m) => m.capability === e.capability && m.before_turn <= turn).at(-1);
    return move ? { ...e, version: move.version } : e;
  });
  return { entries, history: new Map(Object.entries(spec.history)) };
}

/** The policy types of the capability's knowledge. */
export function knowledgeOf(spec: CapabilityCatalogSpec, capability: string): string[] {
  return spec.entries.find((e) => e.capability === capability)?.knowledge ?? [];
}
