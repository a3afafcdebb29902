/**
 * The gate's settings as a baseline records them, and what changed since:
 * a threshold dropped, a min lowered, a max raised, a limit raised or turned
 * off is a loosening. Loosenings are listed under the verdict and fail the
 * gate unless accepted on the command line.
 */
import type { Config, Threshold } from '../config/config.js';

export interface GateSettings {
  gate: Record<string, Threshold>;
  max_new_failures: number | null;
  max_removed_cases: number | null;
}

export interface SettingChange {
  /** `gate.case_pass_rate.min`, `max_new_failures`, ... */
  setting: string;
  before: number | null;
  after: number | null;
  loosened: boolean;
  message: string;
}

export function gateSettingsOf(config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'>): GateSettings {
  const gate: Record<string, Threshold> = {};
  for (const [metric, t] of Object.entries(config.gate)) if (t) gate[metric] = { ...t };
  return { gate, max_new_failures: config.max_new_failures, max_removed_cases: config.max_removed_cases };
}

/** A limit on a count: null means no limit. */
const COUNT_LIMITS = ['max_new_failures', 'max_removed_cases'] as const;

export function compareGateSettings(before: GateSettings, after: GateSettings): SettingChange[] {
  const changes: SettingChange[] = [];
  const add = (setting: string, was: number | null, now: number | null, loosened: boolean) => {
    const show = (v: number | null, unset: string) => (v === null ? unset : String(v));
    changes.push({ setting, before: was, after: now, loosened, message: `${setting} ${show(was, 'unset')} → ${show(now, 'unset')}${loosened ? ' (loosened)' : ''}` });
  };
  for (const metric of [...new Set([...Object.keys(before.gate), ...Object.keys(after.gate)])].sort()) {
    const was = before.gate[metric] ?? {};
    const now = after.gate[metric] ?? {};
    if (was.min !== now.min) add(`gate.${metric}.min`, was.min ?? null, now.min ?? null, was.min !== undefined && (now.min === undefined || now.min < was.min));
    if (was.max !== now.max) add(`gate.${metric}.max`, was.max ?? null, now.max ?? null, was.max !== undefined && (now.max === undefined || now.max > was.max));
  }
  for (const knob of COUNT_LIMITS) {
    const was = before[knob] ?? null;
    const now = after[knob] ?? null;
    if (was === now) continue;
    // For a count limit, null is "no limit": the loosest setting there is.
    add(knob, was, now, was !== null && (now === null || now > was));
  }
  return changes;
}
