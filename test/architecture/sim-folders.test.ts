/**
 * The sim is one folder per module (docs/sim.md): a newcomer reads one module
 * without leaving its folder and shared/. This test names a module without its
 * folder, logic file or tables, and any import from one module's folder into
 * another's (what two modules share belongs in shared/).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIM_MODULES } from '../../src/agent/models/sim/sim-modules.js';

const SIM = join(process.cwd(), 'src/agent/models/sim');
const folderOf = (module: string) => module.replace(/_/g, '-');
const moduleFolders = readdirSync(SIM, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'shared')
  .map((e) => e.name);

/** `from` imports that leave `folder` for another module's folder. */
function crossModuleImports(folder: string, read: (file: string) => string = (f) => readFileSync(f, 'utf8')): string[] {
  const out: string[] = [];
  for (const file of readdirSync(join(SIM, folder)).filter((f) => f.endsWith('.ts'))) {
    const path = join(SIM, folder, file);
    for (const m of read(path).matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(SIM, normalize(join(dirname(path), m[1]!))).split('/');
      if (target.length > 1 && target[0] !== folder && target[0] !== 'shared' && target[0] !== '..') out.push(`${folder}/${file} imports ${m[1]}`);
    }
  }
  return out;
}

describe('the sim, one folder per module', () => {
  it('every module has its folder with its logic file and its tables', () => {
    for (const module of Object.keys(SIM_MODULES)) {
      const folder = join(SIM, folderOf(module));
      expect(existsSync(join(folder, `${folderOf(module)}.ts`)), `${module}: ${folderOf(module)}/${folderOf(module)}.ts`).toBe(true);
      expect(existsSync(join(folder, 'tables.ts')), `${module}: ${folderOf(module)}/tables.ts`).toBe(true);
    }
  });

  it('every folder beside shared/ is a module of the registry', () => {
    expect(moduleFolders.filter((f) => !Object.keys(SIM_MODULES).map(folderOf).includes(f))).toEqual([]);
  });

  it('no module imports from another module’s folder', () => {
    expect(moduleFolders.flatMap((f) => crossModuleImports(f))).toEqual([]);
  });

  it('names a planted import of another module’s helper', () => {
    const planted = (file: string) => (file.endsWith('tool-authorization.ts') ? "import { x } from '../responsibility-attribution/evidence.js';" : '');
    expect(crossModuleImports('tool-authorization', planted)).toEqual([
      'tool-authorization/tool-authorization.ts imports ../responsibility-attribution/evidence.js',
    ]);
  });
});
