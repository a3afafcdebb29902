/**
 * Dotted paths over a model output. A path that crosses an array collects the
 * values of every item, so `planned_queries.tool_name` is the list of tools.
 */
export interface PathValue {
  found: boolean;
  /** The value, or every item's value when the path crossed an array. */
  values: unknown[];
  crossedArray: boolean;
}

/** `$` is the output itself (a one-word or list output); `[]` marks an array a path crosses, and is optional. */
export function readPath(root: unknown, dotted: string): PathValue {
  if (dotted === '$') return { found: root !== undefined, values: [root], crossedArray: false };
  dotted = dotted.replace(/\[\]/g, '');
  if (dotted.startsWith('$.')) dotted = dotted.slice(2);
  let current: unknown[] = [root];
  let crossedArray = false;
  let found = true;
  for (const segment of dotted.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) crossedArray = true;
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item && typeof item === 'object' && !Array.isArray(item) && segment in item) {
          next.push((item as Record<string, unknown>)[segment]);
        }
      }
    }
    if (next.length === 0) {
      found = false;
      current = [];
      break;
    }
    current = next;
  }
  return { found, values: current, crossedArray };
}

export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Every string inside a value, for substring checks on attacker-visible text. */
export function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectStrings(v, out);
  return out;
}
