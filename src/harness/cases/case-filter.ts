/** --module, --case-type, --id and --shard selection, applied the same way at planning and at run time. */
import { createHash } from 'node:crypto';
import { globMatcher } from '../base/glob-match.js';

export interface CaseFilter {
  modules?: string[];
  caseTypes?: string[];
  /** Exact ids or globs with `*`. */
  ids?: string[];
  /** 1-based shard index and shard count: `--shard 2/4`. */
  shard?: { index: number; count: number };
}

export interface CaseKey {
  case_id: string;
  module: string;
  case_type: string;
}

export function compileFilter(filter: CaseFilter): (c: CaseKey) => boolean {
  const idPatterns = filter.ids?.map(globMatcher);
  return (c) =>
    (!filter.modules?.length || filter.modules.includes(c.module)) &&
    (!filter.caseTypes?.length || filter.caseTypes.includes(c.case_type)) &&
    (!idPatterns?.length || idPatterns.some((matches) => matches(c.case_id))) &&
    (!filter.shard || shardOf(c.case_id, filter.shard.count) === filter.shard.index - 1);
}

/** Stable across machines and runs: a hash of the id, not the position in the suite. */
export function shardOf(caseId: string, count: number): number {
  return createHash('sha1').update(caseId).digest().readUInt32BE(0) % count;
}
