/**
 * Reading module inputs defensively. Inputs were validated against the Input
 * Schema before sim sees them, but free-form parts (`slots: {}`,
 * `user_claims: []`, tool data) can hold anything, and a sim module must never
 * throw on odd values. One set of readers for every module: two strictness
 * levels for strings, because text fields and tool facts differ (see below).
 */
export type Json = Record<string, unknown>;

export function asRecord(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

export function asRecords(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v) => v && typeof v === 'object' && !Array.isArray(v)).map((v) => v as Json) : [];
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A free-text field as text: anything but a string reads as no text at all. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A free-text field that may be absent: a blank string is absent too. */
export function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The strings of a list of free text; other items are dropped. */
export function strings(value: unknown): string[] {
  return list(value).filter((v): v is string => typeof v === 'string');
}

/** A tool fact or id: tools may report a number or a boolean where a string was meant, and that is still the fact. */
export function asString(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** A list of tool facts or ids, each read as asString reads it. */
export function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(asString).filter((s): s is string => s !== null) : [];
}

export function asInteger(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/** Every string inside a value, keys excluded: what a check for injected text must read. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

/** The customer's turns of a conversation_history, oldest first. */
export function userTurns(history: unknown): string[] {
  return turnsOf(history, 'user');
}

/** The assistant's turns of a conversation_history, oldest first. */
export function assistantTurns(history: unknown): string[] {
  return turnsOf(history, 'assistant');
}

function turnsOf(history: unknown, role: string): string[] {
  return list(history)
    .map(asRecord)
    .filter((t) => t.role === role)
    .map((t) => str(t.content));
}

export function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

/** A confidence rounded to two decimals and kept inside [0, 1], so that outputs stay stable and readable. */
export function confidence(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}
