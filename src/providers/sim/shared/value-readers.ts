/**
 * Defensive readers for module inputs. Inputs are validated against the Input
 * Schema before sim sees them, but free-form parts (`slots: {}`, tool data)
 * can hold anything, and a sim module must never throw on odd data.
 */
export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function asString(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

export function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(asString).filter((s): s is string => s !== null) : [];
}

export function asRecords(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v) => v && typeof v === 'object' && !Array.isArray(v)).map((v) => v as Json) : [];
}

export function asInteger(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
}

export function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

/** Every string inside a value, keys excluded: what a check for injected text must read. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** Confidence values are rounded so that outputs stay stable and readable. */
export function confidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
