/**
 * No function in src/ over 120 lines, and no two modules of src/ that import
 * each other round in a circle: a long function is one nobody can hold in
 * mind, a circle two files nobody can read apart.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { functionSpans, importCircles, longFunctions } from './code-shape.js';

const SRC = join(process.cwd(), 'src');
const MAX_LINES = 120;

const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('the shape of src/', () => {
  it(`has no function over ${MAX_LINES} lines`, () => {
    expect(longFunctions(SRC, MAX_LINES).map((f) => `${f.where} (${f.lines} lines)`)).toEqual([]);
  });

  it('has no import circle', () => {
    expect(importCircles(SRC)).toEqual([]);
  });
});

describe('the shape measures', () => {
  it('count a function from its first line to its last, under the name it is declared or assigned as', () => {
    const text = `export function long() {\n${body(121)}\n}\nconst short = () => {\n${body(120)}\n};\nclass C {\n  method() {\n    return 1;\n  }\n}\n`;
    expect(functionSpans('a.ts', text)).toEqual([
      { where: 'a.ts › long', lines: 121 },
      { where: 'a.ts › short', lines: 120 },
      { where: 'a.ts › method', lines: 3 },
    ]);
  });

  it('name a function planted over the limit in a folder, and not one at the limit', () => {
    const src = tempDir();
    writeFileSync(join(src, 'a.ts'), `export function atLimit() {\n${body(MAX_LINES)}\n}\nexport const over = function () {\n${body(MAX_LINES + 1)}\n};\n`);
    expect(longFunctions(src, MAX_LINES)).toEqual([{ where: 'a.ts › over', lines: MAX_LINES + 1 }]);
  });

  it('find a circle planted in a folder, a type-only one and one through a dynamic import included, and no circle in a chain', () => {
    const src = tempDir();
    mkdirSync(join(src, 'x'));
    writeFileSync(join(src, 'x', 'a.ts'), "import { b } from './b.js';\nexport const a = b;\n");
    writeFileSync(join(src, 'x', 'b.ts'), "export const b = 1;\nexport const load = () => import('./c.js');\n");
    writeFileSync(join(src, 'x', 'c.ts'), "import type { T } from '../y/d.js';\nexport type U = T;\n");
    mkdirSync(join(src, 'y'));
    writeFileSync(join(src, 'y', 'd.ts'), 'export type T = number;\n');
    expect(importCircles(src)).toEqual([]);
    writeFileSync(join(src, 'y', 'd.ts'), "import type { U } from '../x/c.js';\nexport type T = number;\nexport type V = U;\n");
    writeFileSync(join(src, 'x', 'c.ts'), "import type { T } from '../y/d.js';\nimport { a } from './a.js';\nexport type U = T;\nexport const c = a;\n");
    expect(importCircles(src)).toEqual([['x/a.ts', 'x/b.ts', 'x/c.ts', 'y/d.ts']]);
  });
});
