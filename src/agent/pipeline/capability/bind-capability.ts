/**
 * Server-side binding of the entry model's candidate to an explicit scenario
 * version (docs/spec/capability-routing.md#server-side-version-binding). The model proposes a capability; it never names a
 * scenario or a version. A running conversation on the same capability keeps
 * its binding even when the catalog has moved on; a new business request
 * reads the catalog again; a version missing from the history is an error.
 * Every binding says why it is what it is, for the trace.
 */
import { catalogEntry, type Catalog, type CapabilityId } from './capability-catalog.js';

export interface Candidate {
  capability: string;
  operation: 'new' | 'continue';
}

export interface Binding {
  capability: CapabilityId;
  scenario: string;
  version: string;
  reason: string;
}

export type BindResult = { ok: true; binding: Binding } | { ok: false; error: string };

export function bindCapability(candidate: Candidate, current: Binding | null, catalog: Catalog): BindResult {
  const entry = catalogEntry(catalog, candidate.capability);
  if (!entry) return { ok: false, error: `"${candidate.capability}" is not a capability of the catalog` };
  if (current && current.capability === entry.capability && candidate.operation === 'continue') {
    return { ok: true, binding: { ...current, reason: `kept: the conversation continues ${current.capability} on ${current.scenario}@${current.version}` } };
  }
  const versions = catalog.history.get(entry.scenario) ?? [];
  if (!versions.includes(entry.version)) {
    return {
      ok: false,
      error: `${entry.scenario}@${entry.version} is not in the scenario's history (${versions.join(', ') || 'none'}); no other version is used instead`,
    };
  }
  const why = current
    ? `re-read the catalog: a new ${entry.capability} request after ${current.capability}`
    : `read the catalog: first ${entry.capability} request`;
  return { ok: true, binding: { capability: entry.capability, scenario: entry.scenario, version: entry.version, reason: why } };
}
