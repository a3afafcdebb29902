/**
 * The `generated/` folder beside the case folder: `generated/<module>/*.yaml`
 * and `generated/pipeline/*.yaml` have the suite's layout, so
 * `orderflow eval --generated` runs them as they are; quarantine lists are top-level
 * files there (`quarantine-<module>-<time>.yaml`), which no run loads.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
export { generatedDir } from '../cases/generated-folder.js';
import { parse, stringify } from 'yaml';
import { writeFileAtomic } from '../report/atomic-file.js';
import { InputError } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';

/** `<dir>/<prefix><time>-seed<n>.yaml`, with -2, -3 … when a run in the same second took that name. */
export function freshFile(dir: string, prefix: string, seed: number): string {
  const base = join(dir, `${prefix}${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}-seed${seed}`);
  if (!existsSync(`${base}.yaml`)) return `${base}.yaml`;
  for (let n = 2; ; n++) if (!existsSync(`${base}-${n}.yaml`)) return `${base}-${n}.yaml`;
}

/** Case or scenario objects of earlier generated files for one folder (`<module>` or `pipeline`). */
export async function earlierGenerated(dir: string, folder: string, key: 'test_cases' | 'scenarios'): Promise<Record<string, unknown>[]> {
  const at = join(dir, folder);
  if (!existsSync(at)) return [];
  const out: Record<string, unknown>[] = [];
  for (const name of (await readdir(at)).filter((n) => /\.ya?ml$/.test(n))) {
    const items = (parse(await readFile(join(at, name), 'utf8')) as Record<string, unknown> | null)?.[key];
    if (Array.isArray(items)) out.push(...(items as Record<string, unknown>[]));
  }
  return out;
}

export async function writeGenerated(file: string, header: string[], body: Record<string, unknown>): Promise<void> {
  if (existsSync(file)) throw new InputError({ file: displayPath(file), message: 'already exists', expected: 'a new file name ({out})', severity: 'error' });
  await mkdir(dirname(file), { recursive: true });
  await writeFileAtomic(file, `${header.map((l) => `# ${l}`).join('\n')}\n${stringify(body, { lineWidth: 0, aliasDuplicateObjects: false })}`);
}
