/**
 * How large a drop this run could have detected: for the whole suite and for
 * each module, the smallest drop in pass rate that the one-sided test at alpha
 * would catch 80% of the time, and the --repeat that would bring it down to
 * the configured `detectable_drop`. A planning figure (normal approximation,
 * trials treated as independent), stated as such.
 */
import type { Metrics } from '../../scoring/metric-accumulator.js';
import { minimumDetectableDrop } from '../../scoring/proportion-statistics.js';

interface PowerGroup {
  group: string;
  cases: number;
  pass_rate: number;
  detectable_drop: number;
  /** The smallest --repeat that detects `target`, or null when more cases are needed (over MAX_REPEAT). */
  repeat_needed: number | null;
}

export interface PowerNote {
  power: number;
  target: number;
  repeat: number;
  overall: PowerGroup;
  /** Groups whose detectable drop is larger than the target. */
  underpowered: PowerGroup[];
  /** With one trial a flip cannot be told from noise: every passed → failed flip counts as a stable regression. */
  single_trial: boolean;
}

const POWER = 0.8;
const MAX_REPEAT = 20;

export function powerNote(metrics: Metrics, byModule: Record<string, Metrics>, repeat: number, alpha: number, target: number): PowerNote | null {
  const overall = group('overall', metrics, repeat, alpha, target);
  if (!overall) return null;
  const modules = Object.entries(byModule)
    .map(([name, m]) => group(name, m, repeat, alpha, target))
    .filter((g): g is PowerGroup => g !== null);
  return {
    power: POWER,
    target,
    repeat,
    overall,
    underpowered: [overall, ...modules].filter((g) => g.detectable_drop > target).sort((a, b) => b.detectable_drop - a.detectable_drop),
    single_trial: repeat === 1,
  };
}

function group(name: string, m: Metrics, repeat: number, alpha: number, target: number): PowerGroup | null {
  const rate = m.case_pass_rate;
  if (!rate || rate.value === null || rate.denominator === 0) return null;
  const cases = Math.round(rate.denominator / repeat);
  const drop = (k: number) => minimumDetectableDrop(rate.value!, cases * k, alpha, POWER);
  let needed: number | null = null;
  for (let k = 1; k <= MAX_REPEAT; k++) {
    if (drop(k) <= target) {
      needed = k;
      break;
    }
  }
  return { group: name, cases, pass_rate: rate.value, detectable_drop: Math.round(drop(repeat) * 1000) / 1000, repeat_needed: needed };
}
