/**
 * The package.json of a project `orderflow init` starts: orderflow as a dev
 * dependency, so that `npm install && npx orderflow eval` works on a fresh
 * machine and the CI workflow finds node_modules/.bin/orderflow. orderflow is
 * not on a registry: the dependency names where it comes from (a packed
 * tarball, a git URL, a folder).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';

export interface PackageStep {
  /** What init did to package.json, for its list of files. */
  action: 'created' | 'updated' | 'kept';
  /** The dependency spec written, or the one already there; null when none could be named. */
  spec: string | null;
}

const SCRIPTS = { eval: 'orderflow eval', lint: 'orderflow lint' };

/**
 * `from`: what the user passed to `init --from` (a tarball or folder path, or a
 * git URL). Without it: the folder this orderflow runs from, unless that is an
 * installed copy inside node_modules (its path means nothing to another machine).
 */
export async function writeProjectPackage(root: string, packageRoot: string, from: string | undefined): Promise<PackageStep> {
  const file = join(root, 'package.json');
  const spec = from !== undefined ? specOf(from, root) : packageRoot.split(sep).includes('node_modules') ? null : `file:${relativeSpec(root, packageRoot)}`;
  if (!existsSync(file)) {
    const name =
      basename(resolve(root))
        .toLowerCase()
        .replace(/[^a-z0-9._-]+/g, '-')
        .replace(/^[._-]+/, '') || 'prompt-project';
    const pkg = { name, version: '0.0.0', private: true, scripts: SCRIPTS, ...(spec ? { devDependencies: { orderflow: spec } } : {}) };
    await writeFile(file, `${JSON.stringify(pkg, null, 2)}\n`);
    return { action: 'created', spec };
  }
  const text = await readFile(file, 'utf8');
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new InputError({
      file: displayPath(file),
      message: `is not JSON: ${(error as Error).message}`,
      expected: 'a package.json init can add orderflow to',
      severity: 'error',
    });
  }
  const declared = dependencyOf(pkg);
  // Already a dependency (the user installed it first): theirs is the spec that works on their machines.
  if (declared) return { action: 'kept', spec: declared };
  if (!spec) return { action: 'kept', spec: null };
  const devDependencies = { ...(pkg.devDependencies as Record<string, string> | undefined), orderflow: spec };
  const scripts = { ...SCRIPTS, ...(pkg.scripts as Record<string, string> | undefined) };
  const indent = /^[ \t]+/m.exec(text)?.[0] ?? '  ';
  await writeFile(file, `${JSON.stringify({ ...pkg, scripts, devDependencies }, null, indent)}\n`);
  return { action: 'updated', spec };
}

function dependencyOf(pkg: Record<string, unknown>): string | null {
  for (const key of ['devDependencies', 'dependencies']) {
    const deps = pkg[key] as Record<string, unknown> | undefined;
    if (typeof deps?.orderflow === 'string') return deps.orderflow;
  }
  return null;
}

/** A path becomes `file:` relative to the project (it travels with the repository); anything else (a git URL) is kept as given. */
function specOf(from: string, root: string): string {
  if (/^(?:git\+|git:|github:|https?:|ssh:|file:)/.test(from) || (/^[\w.-]+\/[\w.-]+(?:#.*)?$/.test(from) && !existsSync(from))) return from;
  const path = resolve(from);
  if (!existsSync(path)) {
    throw new InputError({
      file: '--from',
      message: `${from} not found`,
      expected: 'a tarball made by npm pack, an orderflow folder, or a git URL',
      severity: 'error',
    });
  }
  return `file:${relativeSpec(root, path)}`;
}

function relativeSpec(root: string, target: string): string {
  const rel = relative(resolve(root), target);
  if (isAbsolute(rel)) return rel;
  return rel.startsWith('.') ? rel : `./${rel}`;
}
