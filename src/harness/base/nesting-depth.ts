/**
 * How deep a data file may nest. JSON.parse and js-yaml read 10,000 levels of
 * `[` without complaint, but everything after them (schema checks, canonical
 * JSON, positions) recurses and ends in "Maximum call stack size exceeded"
 * somewhere, naming no file. A case file needs a few levels; past the bound
 * the file is refused at once, with the line where the bound is passed. Both
 * checks here loop instead of recursing: the point is not to overflow.
 */
export const MAX_NESTING = 100;

export const TOO_DEEP = `nested too deeply to read: more than ${MAX_NESTING} levels of [ or { inside one another (a case, a config or a schema needs a few)`;

/** The path of the first value more than MAX_NESTING levels deep (the root is level 1), or null. */
export function tooDeepPath(root: unknown): PropertyKey[] | null {
  interface Entry {
    value: unknown;
    depth: number;
    parent: Entry | null;
    key: PropertyKey;
  }
  const stack: Entry[] = [{ value: root, depth: 1, parent: null, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (entry.value === null || typeof entry.value !== 'object') continue;
    if (entry.depth > MAX_NESTING) {
      const path: PropertyKey[] = [];
      for (let e: Entry | null = entry; e?.parent; e = e.parent) path.unshift(e.key);
      return path;
    }
    const children = Array.isArray(entry.value) ? entry.value.map((v, i) => [i, v] as const) : Object.entries(entry.value);
    for (const [key, value] of children) stack.push({ value, depth: entry.depth + 1, parent: entry, key });
  }
  return null;
}

/** The offset of the `[` or `{` that opens level MAX_NESTING + 1 in JSON text, or -1. */
export function tooDeepOffset(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > MAX_NESTING) return i;
    } else if (c === ']' || c === '}') depth--;
  }
  return -1;
}
