/**
 * The cluster a result belongs to for the error bars and the paired test:
 * results in one cluster share their source and so are not independent. A
 * scenario's attack variants and its twin share the benign scenario; a
 * renumbered module case shares its source case; the trials of one case share
 * the case.
 */
import type { CaseResult } from './case-result.js';

export function clusterOf(r: Pick<CaseResult, 'case_id' | 'cluster' | 'generated_by'>): string {
  return r.cluster ?? r.generated_by?.source_case ?? r.case_id;
}

/** What the cluster may be written as on a result: only when the scenario names a twin (the rest follows from generated_by). */
export function twinCluster(s: { twin_of?: string | undefined }): { cluster?: string } {
  return s.twin_of ? { cluster: s.twin_of } : {};
}
