/**
 * orderflow in another team's repository, with no registry to install it
 * from: the package packed with `npm pack` (its runtime dependencies bundled
 * inside), a project made by `orderflow init --from <tarball>` in an empty
 * folder, `npm install --offline` there, and the project's own
 * `npx orderflow eval` and `npx orderflow lint`. Real processes throughout:
 * npm and npx are what the user runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, childEnv } from '../../support/run-cli.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

const REPO = process.cwd();
let work: string;
let tarball: string;

function sh(command: string, args: string[], cwd: string) {
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...childEnv(), npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
    timeout: 300_000,
  });
}

beforeAll(() => {
  work = sharedCopyOfRepo([]);
  // dist/ is built before the tests; packing needs no build of its own.
  const pack = sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], REPO);
  expect(pack.status, pack.stderr).toBe(0);
  tarball = join(work, (JSON.parse(pack.stdout) as { filename: string }[])[0]!.filename);
}, 300_000);

describe('a project made by orderflow init installs orderflow from a packed tarball, offline', () => {
  it('init writes package.json with orderflow as a dev dependency and prints the one command that works', () => {
    const init = sh(process.execPath, [BIN, 'init', 'project', '--from', tarball], work);
    expect(init.status, init.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(join(work, 'project/package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.devDependencies).toEqual({ orderflow: `file:../${tarball.split('/').pop()}` });
    expect(pkg.scripts.eval).toBe('orderflow eval');
    expect(init.stdout).toMatch(/^next: cd project && npm install && npx orderflow eval/m);
  });

  it('npm install --offline, then npx orderflow eval and lint pass in the new project', () => {
    const project = join(work, 'project');
    const install = sh('npm', ['install', '--offline', '--no-audit', '--no-fund'], project);
    expect(install.status, install.stderr).toBe(0);
    expect(existsSync(join(project, 'node_modules/.bin/orderflow'))).toBe(true);
    // The installed copy, not this checkout: its own dist/ and its bundled dependencies.
    expect(existsSync(join(project, 'node_modules/orderflow/node_modules/zod'))).toBe(true);

    const evaluate = sh('npx', ['--no-install', 'orderflow', 'eval', '-q'], project);
    expect(evaluate.status, evaluate.stdout + evaluate.stderr).toBe(0);
    expect(evaluate.stdout).toMatch(/^gate: passed \(3\/3 passed/m);
    const lint = sh('npx', ['--no-install', 'orderflow', 'lint'], project);
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
  });
});
