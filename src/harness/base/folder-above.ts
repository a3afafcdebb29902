/**
 * The nearest folder at or above `start` that holds `name`. Code that finds
 * its own files (the package root, the compiled folders) cannot count `..`:
 * the same module runs from src/ under tsx, from dist/ as the API, and from
 * the one-file bundle in dist/cli/ that the launcher starts.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function folderAbove(start: string, name: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, name))) return dir;
    if (dirname(dir) === dir) throw new Error(`no folder above ${start} holds ${name}`);
  }
}
