/**
 * The order in which every report lists failures: what a reviewer must look
 * at first. Cases that passed in the baseline and fail now, then errors, then
 * whole-pipeline scenarios (end-to-end behaviour), then module cases by module.
 */
import type { CaseEntry } from './case-entries.js';

export function failureOrder(a: CaseEntry & { newlyFailing?: boolean }, b: CaseEntry & { newlyFailing?: boolean }): number {
  return rank(a) - rank(b) || a.module.localeCompare(b.module) || a.id.localeCompare(b.id);
}

function rank(e: CaseEntry & { newlyFailing?: boolean }): number {
  return (e.newlyFailing ? 0 : 4) + (e.status === 'error' ? 0 : 2) + (e.module === 'pipeline' ? 0 : 1);
}
