/**
 * The gate's settings as a baseline records them, and what changed since:
 * a threshold dropped, a min lowered, a max raised, a limit raised or turned
 * off is a loosening. Loosenings are listed under the verdict and fail the
 * gate unless accepted on the command line.
 */
import type { Config, Threshold } from '../config/config.js';
import { DEFAULT_STATISTICS, type StatisticsConfig } from '../config/statistics-config.js';

export interface GateSettings {
  gate: Record<string, Threshold>;
  max_new_failures: number | null;
  max_removed_cases: number | null;
  /** The settings that decide verdicts on a live model (absent in records made before them: the defaults). */
  statistics?: Pick<StatisticsConfig, 'mode' | 'alpha'>;
}

export interface SettingChange {
  /** `gate.case_pass_rate.min`, `max_new_failures`, ... */
  setting: string;
  before: number | null;
  after: number | null;
  loosened: boolean;
  message: string;
}

export function gateSettingsOf(config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'> & Partial<Pick<Config, 'statistics'>>): GateSettings {
  const gate: Record<string, Threshold> = {};
  for (const [metric, t] of Object.entries(config.gate)) if (t) gate[metric] = { ...t };
  const { mode, alpha } = config.statistics ?? DEFAULT_STATISTICS;
  return { gate, max_new_failures: config.max_new_failures, max_removed_cases: config.max_removed_cases, statistics: { mode, alpha } };
}

/** How much a mode judges by chance: forcing statistical rules on a deterministic provider loosens the gate. */
const MODE_STRICTNESS: Record<StatisticsConfig['mode'], number> = { exact: 2, auto: 1, statistical: 0 };

/** A limit on a count: null means no limit. */
const COUNT_LIMITS = ['max_new_failures', 'max_removed_cases'] as const;

export function compareGateSettings(before: GateSettings, after: GateSettings): SettingChange[] {
  const changes: SettingChange[] = [];
  const add = (setting: string, was: number | null, now: number | null, loosened: boolean) => {
    const show = (v: number | null, unset: string) => (v === null ? unset : String(v));
    changes.push({
      setting,
      before: was,
      after: now,
      loosened,
      message: `${setting} ${show(was, 'unset')} → ${show(now, 'unset')}${loosened ? ' (loosened)' : ''}`,
    });
  };
  for (const metric of [...new Set([...Object.keys(before.gate), ...Object.keys(after.gate)])].sort()) {
    const was = before.gate[metric] ?? {};
    const now = after.gate[metric] ?? {};
    if (was.min !== now.min) add(`gate.${metric}.min`, was.min ?? null, now.min ?? null, was.min !== undefined && (now.min === undefined || now.min < was.min));
    if (was.max !== now.max) add(`gate.${metric}.max`, was.max ?? null, now.max ?? null, was.max !== undefined && (now.max === undefined || now.max > was.max));
    if (!!was.strict !== !!now.strict)
      changes.push({
        setting: `gate.${metric}.strict`,
        before: was.strict ? 1 : 0,
        after: now.strict ? 1 : 0,
        loosened: !!was.strict,
        message: `gate.${metric}.strict ${!!was.strict} → ${!!now.strict}${was.strict ? ' (loosened)' : ''}`,
      });
  }
  const was = before.statistics ?? DEFAULT_STATISTICS;
  const now = after.statistics ?? DEFAULT_STATISTICS;
  // A smaller alpha needs stronger evidence before it calls a drop significant.
  if (was.alpha !== now.alpha) add('statistics.alpha', was.alpha, now.alpha, now.alpha < was.alpha);
  if (was.mode !== now.mode) {
    const loosened = MODE_STRICTNESS[now.mode] < MODE_STRICTNESS[was.mode];
    changes.push({
      setting: 'statistics.mode',
      before: null,
      after: null,
      loosened,
      message: `statistics.mode ${was.mode} → ${now.mode}${loosened ? ' (loosened)' : ''}`,
    });
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
