/** Numbers as a reviewer reads them on the page. */
import type { MetricId } from '../../config/metric-ids.js';

export function formatMetric(id: MetricId | string, value: number | null): string {
  if (value === null) return '–';
  if (id === 'latency_ms') return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  if (id === 'cost_usd') return `$${value.toFixed(4)}`;
  return `${(value * 100).toFixed(1)}%`;
}

export function formatDelta(id: string, delta: number): string {
  const sign = delta > 0 ? '+' : '−';
  const abs = Math.abs(delta);
  if (id === 'latency_ms') return `${sign}${abs.toFixed(2)} ms`;
  if (id === 'cost_usd') return `${sign}$${abs.toFixed(4)}`;
  return `${sign}${(abs * 100).toFixed(1)} pts`;
}
