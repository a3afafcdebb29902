/**
 * `orderflow init [dir]`: a starter project — config, the active intent
 * prompt, one case file, a CI workflow, a .gitignore and a package.json with
 * orderflow as a dev dependency — that `npm install && npx orderflow eval` runs
 * as it is. Existing files are never overwritten; an existing package.json only
 * gains the dependency (and the scripts it lacks).
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../base/errors.js';
import { folderAbove } from '../../base/folder-above.js';
import { displayPath } from '../../base/display-path.js';
import { loadRegistry, resolveActive } from '../../registry/registry.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';
import { writeProjectPackage } from '../project-package.js';
import { agent } from '../../agent-registration.js';

/** The package root: the folder of orderflow's package.json, above this module wherever it runs from. */
const PACKAGE_ROOT = folderAbove(dirname(fileURLToPath(import.meta.url)), 'package.json');
const TEMPLATES = join(PACKAGE_ROOT, 'templates/init');
const STARTER_MODULE = 'intent_recognition';
const WORKFLOW = '.github/workflows/orderflow.yml';

export interface InitOptions {
  /** `--from`: where the project installs orderflow from (a tarball, a folder, a git URL). */
  from?: string;
}

export async function initCommand(dir: string | undefined, output: Output, options: InitOptions = {}): Promise<number> {
  const root = resolve(dir ?? '.');
  const { registry } = await loadRegistry(join(PACKAGE_ROOT, 'prompts'), { contracts: agent.contracts });
  const prompt = resolveActive(registry, {}, 'orderflow init').get(STARTER_MODULE)!;
  // One workflow, the one this repository tests against a real origin and pull request; the package ships it.
  const workflow = join(PACKAGE_ROOT, WORKFLOW);
  const files: [string, string][] = [
    [join(TEMPLATES, 'orderflow.config.yaml'), 'orderflow.config.yaml'],
    [join(PACKAGE_ROOT, 'prompts', prompt.fileName), join('prompts', prompt.fileName)],
    [join(TEMPLATES, 'intent-starter.yaml'), join('cases', STARTER_MODULE, 'starter.yaml')],
    [workflow, WORKFLOW],
    [join(TEMPLATES, 'gitignore'), '.gitignore'],
  ];
  const taken = files.filter(([, to]) => existsSync(join(root, to)));
  if (taken.length) {
    throw new InputError(
      taken.map(([, to]) => ({
        file: displayPath(join(root, to)),
        message: 'already exists; orderflow init never overwrites',
        expected: 'an empty folder, or one without these files',
        severity: 'error' as const,
      })),
    );
  }
  for (const [from, to] of files) {
    await mkdir(dirname(join(root, to)), { recursive: true });
    await copyFile(from, join(root, to));
  }
  await mkdir(join(root, 'reports'), { recursive: true });
  const pkg = await writeProjectPackage(root, PACKAGE_ROOT, options.from);
  for (const [, to] of files) output.out(`created ${displayPath(join(root, to))}`);
  const shownPackage = displayPath(join(root, 'package.json'));
  if (pkg.action !== 'kept') output.out(`${pkg.action} ${shownPackage} (devDependencies.orderflow: ${pkg.spec})`);
  const cd = dir ? `cd ${dir} && ` : '';
  if (pkg.spec) {
    output.out(`next: ${cd}npm install && npx orderflow eval   (then --update-baseline to record the baseline CI compares with)`);
  } else {
    // An installed copy cannot say where it came from: the user names the tarball or git URL once.
    output.out(
      `next: ${cd}npm install -D <orderflow tarball or git URL> && npx orderflow eval   (or orderflow init --from <it> to write it into ${shownPackage})`,
    );
  }
  return EXIT_OK;
}
