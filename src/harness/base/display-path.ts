import { relative } from 'node:path';

/** A path as the user would type it: relative to the working directory when it lies inside it, else as it is. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}
