/**
 * Every relative link and #anchor in the project's Markdown docs resolves, so
 * moving a section or renaming a heading cannot strand a reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingSlugs, slugOf } from './markdown-links.js';

const ROOT = process.cwd();
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...readdirSync(join(ROOT, 'docs/spec'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/spec/${f}`),
];

describe('links in the docs', () => {
  it.each(DOCS)('%s: every relative link and anchor resolves', (doc) => {
    const file = join(ROOT, doc);
    expect(brokenLinks(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('names a missing file, a missing heading in another file and in the same file', () => {
    const text = [
      '# Here and `there`',
      '[fine](README.md) [fine anchor](README.md#orderflow) [self](#here-and-there) [folder](docs/)',
      '[web](https://example.com/x.md) `[in code](gone.md)`',
      '[gone](docs/gone.md) [bad anchor](README.md#no-such-heading) [bad self](#nowhere)',
    ].join('\n\n');
    expect(brokenLinks(join(ROOT, 'synthetic.md'), text)).toEqual([
      'docs/gone.md: no such file',
      'README.md#no-such-heading: no heading with the anchor #no-such-heading',
      '#nowhere: no heading with the anchor #nowhere',
    ]);
  });
});

describe('GitHub heading slugs', () => {
  it.each([
    ['Bad input, interrupts and `--out`', 'bad-input-interrupts-and---out'],
    ['Module cases (`cases/<module>/*.yaml`)', 'module-cases-casesmoduleyaml'],
    ['Expected outcome (τ-bench style)', 'expected-outcome-τ-bench-style'],
    ['What "unsafe" means', 'what-unsafe-means'],
    ['snake_case ids', 'snake_case-ids'],
    ['检查 提示词', '检查-提示词'],
  ])('%s → %s', (heading, slug) => {
    expect(slugOf(heading)).toBe(slug);
  });

  it('a repeated heading gets -1, -2', () => {
    expect([...headingSlugs('# A\n\n## A\n\n### A\n\n## B')]).toEqual(['a', 'a-1', 'a-2', 'b']);
  });
});
