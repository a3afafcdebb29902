/**
 * The folder a deleting command (reports prune, cache clear) works in. From
 * the config it must lie inside the project (the config file's folder, or the
 * working directory without one), links resolved: a `paths.reports: '..'` or a
 * cache dir linked elsewhere is a mistake until the user names that folder on
 * the command line (`--dir`), where it is plainly meant.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { LoadedConfig } from '../config/config.js';
import { InputError } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';

/** The nearest existing folder at or above path, links resolved. */
function realFolder(path: string): string {
  let at = resolve(path);
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return realpathSync(at);
}

export function folderToClean(loaded: LoadedConfig, fromConfig: string, key: string, named: string | undefined): string {
  if (named !== undefined) return resolve(named);
  const project = realFolder(loaded.file ? dirname(resolve(loaded.file)) : process.cwd());
  const real = realFolder(fromConfig);
  const rel = relative(project, real);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new InputError({
      file: loaded.file ?? 'orderflow.config.yaml',
      ...(loaded.lineOf ? { line: loaded.lineOf(key.split('.')) } : {}),
      field: key,
      message: `${displayPath(fromConfig)} is outside the project (${displayPath(project)}), so nothing there is deleted`,
      expected: `a folder inside the project, or that folder named on the command line: --dir ${displayPath(fromConfig)}`,
      severity: 'error',
    });
  }
  return fromConfig;
}
