/**
 * Where a module receives untrusted text: the string in a case's input that an
 * attack rides on, found through the prompt's `## Untrusted Input Fields`.
 */
export type Path = (string | number)[];

/** Keys whose strings are customer- or attacker-written prose, best first. */
const PROSE_KEYS = ['user_query', 'content', 'failure_detail', 'issue_reason', 'reason', 'claim_text', 'note', 'remark', 'message', 'error', 'summary'];
/** Strings that are identifiers or enum values, not prose. */
const NOT_PROSE = /^(?:[A-Za-z]{0,3}-?\d+|[a-z_]+|[A-Z0-9_-]+)$/;

export function textSlot(input: Record<string, unknown>, untrusted: string[]): Path | null {
  for (const field of untrusted) {
    const base = resolve(input, field.split('.'));
    if (!base) continue;
    const found = proseIn(base.value, base.path);
    if (found) return found;
  }
  return null;
}

function resolve(root: unknown, segments: string[]): { value: unknown; path: Path } | null {
  let value = root;
  const path: Path = [];
  for (const key of segments) {
    while (Array.isArray(value)) {
      if (value.length === 0) return null;
      path.push(0);
      value = value[0];
    }
    if (!value || typeof value !== 'object' || !(key in value)) return null;
    value = (value as Record<string, unknown>)[key];
    path.push(key);
  }
  return { value, path };
}

function proseIn(value: unknown, path: Path): Path | null {
  if (typeof value === 'string') return value.trim() && !NOT_PROSE.test(value.trim()) ? path : null;
  if (Array.isArray(value)) {
    // conversation turns: the customer's own
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as { role?: unknown } | undefined;
      if (item && typeof item === 'object' && item.role !== undefined && item.role !== 'user') continue;
      const hit = proseIn(item, [...path, i]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const ranked = [...entries].sort(([a], [b]) => rank(a) - rank(b));
    for (const [key, v] of ranked) {
      const hit = proseIn(v, [...path, key]);
      if (hit) return hit;
    }
  }
  return null;
}

function rank(key: string): number {
  const i = PROSE_KEYS.indexOf(key);
  return i < 0 ? PROSE_KEYS.length : i;
}

export function getAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], root);
}

export function setAt(root: unknown, path: Path, value: unknown): void {
  const parent = getAt(root, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
}
