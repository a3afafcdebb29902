/** Every metric in report.json: a value with the counts it came from. */
export interface MetricValue {
  /** null when nothing was measured (denominator 0). */
  value: number | null;
  numerator: number;
  denominator: number;
  [extra: string]: unknown;
}

export function ratio(numerator: number, denominator: number, extra: Record<string, unknown> = {}, digits = 4): MetricValue {
  const scale = 10 ** digits;
  return {
    value: denominator === 0 ? null : Math.round((numerator / denominator) * scale) / scale,
    numerator: Math.round(numerator * scale) / scale,
    denominator,
    ...extra,
  };
}
