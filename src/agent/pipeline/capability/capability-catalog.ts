/**
 * The small capability catalog of the capability-routing design (docs/spec/capability-routing.md#the-capability-catalog):
 * what the entry model may choose among, and - held by the server only - the
 * explicit scenario version each capability binds to. A version that is not
 * in the scenario's history is never replaced by "the latest".
 */
import type { CapabilityId } from '../../vocabulary/capability-ids.js';
export type { CapabilityId } from '../../vocabulary/capability-ids.js';

export interface CatalogEntry {
  capability: CapabilityId;
  /** What the entry model reads: scope and exclusions, never the scenario or version. */
  description: string;
  scenario: string;
  version: string;
}

/** scenario → the versions its configuration history holds. */
type ScenarioHistory = ReadonlyMap<string, readonly string[]>;

export interface Catalog {
  entries: readonly CatalogEntry[];
  history: ScenarioHistory;
}

export function catalogEntry(catalog: Catalog, capability: string): CatalogEntry | undefined {
  return catalog.entries.find((e) => e.capability === capability);
}

/** What the entry model is shown: ids and descriptions only. */
export function entryModelView(catalog: Catalog): { capability: string; description: string }[] {
  return catalog.entries.map(({ capability, description }) => ({ capability, description }));
}
