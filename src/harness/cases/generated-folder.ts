import { dirname, resolve } from 'node:path';

/**
 * Where `orderflow generate` writes for review: `generated/` beside the case
 * folder, in the suite's own layout (`<module>/`, `pipeline/`), so that
 * `orderflow eval --generated` runs it as a suite of its own.
 */
export function generatedDir(casesDir: string): string {
  return resolve(dirname(resolve(casesDir)), 'generated');
}
