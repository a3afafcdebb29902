/**
 * References in the code resolve inside the repository: no comment (nor any
 * other text) in src/, test/, bench/ or scripts/ names a source document or
 * the design reference, and every docs/spec link there names a page and a
 * section that exist. Markdown links are test/docs/links.test.ts's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenSpecLinks, sourceDocumentNames } from './source-references.js';

const ROOT = process.cwd();

function codeFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:ts|mjs|js)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith('test/fixtures/'));
}

// This file's rows and its helper's comment name source documents and broken links on purpose.
const OWN = ['test/docs/spec-references.test.ts', 'test/docs/source-references.ts'];
const CODE = ['src', 'bench', 'scripts', 'test'].flatMap(codeFiles).filter((f) => !OWN.includes(f));

describe('references in the code', () => {
  it('finds the files it checks', () => {
    expect(CODE).toContain('src/agent/pipeline/guards/guard-chain.ts');
    expect(CODE).toContain('test/docs/links.test.ts');
    expect(CODE).not.toContain('test/docs/spec-references.test.ts');
  });

  it('no file of src/, test/, bench/ or scripts/ names a source document or DESIGN', () => {
    const found = CODE.flatMap((f) => sourceDocumentNames(readFileSync(join(ROOT, f), 'utf8')).map((p) => `${f} ${p}`));
    expect(found).toEqual([]);
  });

  it('every docs/spec link names a page and a section that exist', () => {
    const found = CODE.flatMap((f) => brokenSpecLinks(readFileSync(join(ROOT, f), 'utf8'), ROOT).map((p) => `${f} ${p}`));
    expect(found).toEqual([]);
  });
});

describe('what counts as naming a source document', () => {
  // Each reference beside the nearest text that must pass.
  it.each([
    ['// the gates of seed 003, in order', true],
    ['// the gates of the chain, in order (docs/spec/program-enforcement.md)', false],
    ['// the seed-004 helpers', true],
    ['// the --seed 4 run of sim:adversary', false],
    ['/* SEED 001 */', true],
    ['// seeded randomness, seed 1 of 3', false],
    ['// the metrics of DESIGN §6', true],
    ['// the metrics of docs/spec/metrics.md', false],
    ['// as DESIGN.md says', true],
    ['// the designated arm', false],
    ['// copied from /work/shared/seeds/000.txt', true],
    ['// copied from the prompt', false],
  ])('%s → %s', (text, named) => {
    expect(sourceDocumentNames(text).length > 0).toBe(named);
  });

  it('says where', () => {
    expect(sourceDocumentNames('a\n// b (seed 001)\n')).toEqual(['line 2: names seed 001; link the page of docs/spec/ instead']);
  });
});

describe('what counts as a broken docs/spec link', () => {
  it.each([
    ['// docs/spec/tools.md#risk-levels', []],
    ['// docs/spec/tools.md#risk-level', ['line 1: docs/spec/tools.md#risk-level: no section #risk-level']],
    ['// (docs/spec/metrics.md#latency_ms).', []],
    ['// (docs/spec/metrics.md#latency-ms).', ['line 1: docs/spec/metrics.md#latency-ms: no section #latency-ms']],
    ['// docs/spec/metrics.md', []],
    ['// docs/spec/metric.md', ['line 1: docs/spec/metric.md: no such page']],
    ['// docs/spec/capability-routing.md#the-stop-state', []],
    ['\n\n// docs/spec/capability-routing.md#stop-state', ['line 3: docs/spec/capability-routing.md#stop-state: no section #stop-state']],
  ])('%s', (text, problems) => {
    expect(brokenSpecLinks(text, ROOT)).toEqual(problems);
  });
});
