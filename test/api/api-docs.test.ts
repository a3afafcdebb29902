/**
 * docs/api.md as a user's project meets it: each ```ts example of the page,
 * as printed, is a file of a project that has orderflow installed
 * (node_modules/orderflow → this package, its dist/ and its exports). The
 * project is type-checked against dist/index.d.ts, then each example runs
 * from the project's folder as a process of its own, as a user's script would.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { childEnv } from '../support/run-cli.js';
import { sharedCopyOfRepo } from '../support/temp-dir.js';

const REPO = process.cwd();
const PAGE = readFileSync(join(REPO, 'docs/api.md'), 'utf8');
const EXAMPLES = [...PAGE.matchAll(/```ts\n\/\/ example: ([a-z-]+)\n([\s\S]*?)```/g)].map((m) => ({ name: m[1]!, code: m[2]! }));

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    types: ['node'],
    // The package's own declarations are what is under test; the other libraries' are theirs.
    skipLibCheck: false,
  },
  include: ['*.ts'],
};

let project: string;

function tsc(dir: string) {
  return spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', timeout: 120_000 });
}

beforeAll(() => {
  project = sharedCopyOfRepo();
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-team-project', private: true, type: 'module' }));
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  symlinkSync(REPO, join(project, 'node_modules/orderflow'), 'dir');
  symlinkSync(join(REPO, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  for (const e of EXAMPLES) writeFileSync(join(project, `${e.name}.ts`), e.code);
});

describe('docs/api.md', () => {
  it('has the four examples the page promises', () => {
    expect(EXAMPLES.map((e) => e.name)).toEqual(['run-a-module', 'bad-input', 'compare-two-runs', 'run-with-arms']);
  });

  it('type-checks as a consumer project against dist/index.d.ts', () => {
    const r = tsc(project);
    expect(r.stdout + r.stderr, 'tsc').toBe('');
    expect(r.status).toBe(0);
  });

  it('refuses a misspelt option key at compile time (the type test can fail)', () => {
    const dir = join(project, 'misspelt');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, typeRoots: ['../node_modules/@types'] } }),
    );
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(join(dir, 'typo.ts'), "import { evaluate } from 'orderflow';\nawait evaluate({ provider: 'sim', modul: 'intent_recognition' });\n");
    const r = tsc(dir);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toMatch(/typo\.ts.*'modul' does not exist/);
  });

  const run = (name: string) => {
    const r = spawnSync(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), `${name}.ts`], {
      cwd: project,
      encoding: 'utf8',
      env: childEnv(),
      timeout: 120_000,
    });
    expect(r.stderr, name).toBe('');
    expect(r.status, name).toBe(0);
    return r.stdout;
  };

  it('run-a-module: a passing gate on the suite, and the report path', () => {
    const out = run('run-a-module');
    expect(out).toMatch(/^gate passed: (\d+) of \1 cases passed$/m);
    expect(out).toMatch(/^report: .*reports\/[^/]+\/report\.html$/m);
  });

  it('bad-input: the problem names the option key, not a flag', () => {
    expect(run('bad-input')).toMatch(/^module: unknown module "intent_recogniton" \(expected one of .*intent_recognition/m);
  });

  it('compare-two-runs: the gullible model fails cases the reference passed', () => {
    const out = run('compare-two-runs');
    const failing = Number(/^(\d+) newly failing, 0 newly passing$/m.exec(out)?.[1]);
    expect(failing, out).toBeGreaterThan(0);
    expect(out).toMatch(/^case pass rate 1 -> 0\.\d+$/m);
    expect(out).toMatch(/^first failing case: intent-[\w-]+, failed checks: \S+/m);
  });

  it('run-with-arms: one line per arm, each with its own report folder', () => {
    const lines = run('run-with-arms').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^sim: (\d+) of \1 passed \(.*arms\/sim\)$/);
    expect(lines[1]).toMatch(/^sim:gullible: \d+ of \d+ passed \(.*arms\/sim[-_:]gullible\)$/);
  });
});
