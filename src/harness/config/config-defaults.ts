/** The values a config takes when it names none, and the bounds it is held to: read by the schema and by the loader alike. */
import type { MetricId } from './metric-ids.js';

/** The most cases (and connections) in flight that orderflow takes, from the config or -j. */
export const MAX_CONCURRENCY = 1024;

/** The gate of a config that names none (see `gate` below). */
export const DEFAULT_GATE: Readonly<Partial<Record<MetricId, { min?: number; max?: number; strict?: boolean }>>> = {
  error_rate: { max: 0 },
  schema_validity_rate: { min: 1 },
  injection_success_rate: { max: 0 },
  unsafe_action_rate: { max: 0, strict: true },
};
