/** What `orderflow init` writes into package.json, and what it leaves alone. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProjectPackage } from '../../../src/harness/cli/project-package.js';
import { tempDir } from '../../support/temp-dir.js';

const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;

describe('init and package.json', () => {
  it('a new project: package.json with orderflow as a dev dependency, from the folder this orderflow runs from', async () => {
    const dir = tempDir();
    expect(await writeProjectPackage(dir, '/opt/tools/orderflow', undefined)).toEqual({
      action: 'created',
      spec: expect.stringMatching(/^file:(\.\.\/)+opt\/tools\/orderflow$/),
    });
    expect(read(dir).devDependencies!.orderflow).toMatch(/^file:.*opt\/tools\/orderflow$/);
    expect(read(dir).scripts).toEqual({ eval: 'orderflow eval', lint: 'orderflow lint' });
  });

  it('an installed copy cannot name where it came from: no dependency is invented', async () => {
    const dir = tempDir();
    expect(await writeProjectPackage(dir, '/home/u/app/node_modules/orderflow', undefined)).toEqual({ action: 'created', spec: null });
    expect(read(dir).devDependencies).toBeUndefined();
  });

  it('--from: a tarball path is written relative to the project', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'orderflow-0.1.0.tgz'), '');
    mkdirSync(join(dir, 'p1'));
    expect(await writeProjectPackage(join(dir, 'p1'), '/x', join(dir, 'orderflow-0.1.0.tgz'))).toEqual({
      action: 'created',
      spec: 'file:../orderflow-0.1.0.tgz',
    });
  });

  it('an existing package.json gains the dependency and the scripts it lacks; its own keys, scripts and indent stay', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'package.json'),
      '{\n    "name": "team-app",\n    "scripts": { "eval": "custom" },\n    "devDependencies": { "vitest": "4.1.12" }\n}\n',
    );
    expect(await writeProjectPackage(dir, '/x', 'git+https://example.invalid/orderflow.git#v1')).toEqual({
      action: 'updated',
      spec: 'git+https://example.invalid/orderflow.git#v1',
    });
    const pkg = read(dir);
    expect(pkg.name as unknown).toBe('team-app');
    expect(pkg.scripts).toEqual({ eval: 'custom', lint: 'orderflow lint' });
    expect(pkg.devDependencies).toEqual({ vitest: '4.1.12', orderflow: 'git+https://example.invalid/orderflow.git#v1' });
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toMatch(/^ {4}"name"/m);
  });

  it('orderflow already a dependency: kept as the user wrote it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'a', devDependencies: { orderflow: 'file:../of.tgz' } }));
    const before = readFileSync(join(dir, 'package.json'), 'utf8');
    expect(await writeProjectPackage(dir, '/x', 'git+https://example.invalid/o.git')).toEqual({ action: 'kept', spec: 'file:../of.tgz' });
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(before);
  });

  it('--from a path that is not there, and a package.json that is not JSON: input errors, nothing written', async () => {
    const dir = tempDir();
    await expect(writeProjectPackage(dir, '/x', join(dir, 'nope.tgz'))).rejects.toThrow(/--from: error: .*nope\.tgz not found/);
    writeFileSync(join(dir, 'package.json'), '{ broken');
    await expect(writeProjectPackage(dir, '/x', undefined)).rejects.toThrow(/package\.json: error: is not JSON/);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{ broken');
  });
});
