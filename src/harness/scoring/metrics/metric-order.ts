import { METRIC_IDS } from '../../config/metric-ids.js';
import { METRICS } from './registered-metrics.js';

/**
 * The order the reports list metrics in: the published ids (config/metric-ids.ts,
 * which the gate's thresholds name), then any registered metric not published there.
 */
export const METRIC_ORDER: readonly string[] = [...METRIC_IDS, ...METRICS.map((m) => m.id).filter((id) => !(METRIC_IDS as readonly string[]).includes(id))];

/** Whether a rise of the metric is bad; pass^k and an id nothing registers are better higher. */
export function lowerIsBetter(id: string): boolean {
  return METRICS.find((m) => m.id === id)?.lowerIsBetter ?? false;
}
