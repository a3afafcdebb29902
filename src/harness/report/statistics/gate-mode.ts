/**
 * Exact or statistical: on a deterministic provider every flip is real, on a
 * live model answers vary from run to run. The report states which mode was
 * used and why.
 */
import type { StatisticsConfig } from '../../config/statistics-config.js';

export type GateModeName = 'exact' | 'statistical';

export interface GateMode {
  mode: GateModeName;
  reason: string;
}

const DETERMINISTIC_PROVIDERS = new Set(['sim', 'sim:gullible', 'sim:adversary', 'sim:adversary:coherent']);

/** A provider whose every answer to the same call is the same: a second trial tells nothing the first did not. */
export const isDeterministicProvider = (provider: string): boolean => DETERMINISTIC_PROVIDERS.has(provider);

export function gateMode(setting: StatisticsConfig['mode'], run: { provider: string; cache_mode: string }, calls: { total: number; cached: number }): GateMode {
  if (setting === 'exact') return { mode: 'exact', reason: 'statistics.mode: exact in the config' };
  if (setting === 'statistical') return { mode: 'statistical', reason: 'statistics.mode: statistical in the config' };
  if (isDeterministicProvider(run.provider)) return { mode: 'exact', reason: `provider ${run.provider} is deterministic` };
  if (run.cache_mode === 'replay') return { mode: 'exact', reason: 'replayed from the cache: no answer is drawn again' };
  if (calls.total > 0 && calls.cached === calls.total) return { mode: 'exact', reason: 'every answer came from the cache' };
  return { mode: 'statistical', reason: `provider ${run.provider} answers afresh on every call` };
}
