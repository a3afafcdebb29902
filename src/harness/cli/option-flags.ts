/**
 * The one place where an option's key becomes the flag a user types: core code
 * names options by their key (`caseType`), as the programmatic API does, and
 * the CLI shows them as flags (`--case-type`) when it prints a problem. The
 * flags come from the flag table; a key that is on and off (`--baseline`,
 * `--no-baseline`) is shown as both.
 */
import { FLAG_TABLE } from './flag-table.js';

const LONG_FLAG = /--[a-z][a-z0-9-]*/;

const FLAGS_BY_KEY = new Map<string, string[]>();
for (const spec of Object.values(FLAG_TABLE).flat()) {
  const long = LONG_FLAG.exec(spec.flags)![0];
  const known = FLAGS_BY_KEY.get(spec.key) ?? [];
  if (!known.includes(long)) FLAGS_BY_KEY.set(spec.key, [...known, long]);
}

export function flagOf(key: string): string {
  // A key no command takes (an API caller's typo) reads as the flag it would be.
  return FLAGS_BY_KEY.get(key)?.join('/') ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
