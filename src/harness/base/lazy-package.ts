/**
 * A package loaded the first time it is used, not when a module naming it is
 * imported. The YAML and JSON position parsers and the terminal's widgets are
 * needed only on a parse-cache miss or in an interactive terminal; loading them
 * up front cost a run that reads everything from the cache about 0.1 s. Each
 * package's CommonJS build is loaded, so that its callers stay synchronous.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

export function lazyPackage<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(id) as T);
}
