/** Lines of a file read in chunks: every line end readline knows, and nothing lost where a chunk ends. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileLines } from '../../../src/harness/base/file-lines.js';
import { tempDir } from '../../support/temp-dir.js';

/** The reader's chunk: a boundary case needs the file to cross it. */
const CHUNK = 1 << 20;

function linesOf(content: string | Buffer): string[] {
  const path = join(tempDir(), 'lines.txt');
  writeFileSync(path, content);
  return [...fileLines(path)];
}

describe('fileLines', () => {
  it('splits on \\n, \\r\\n and a lone \\r; keeps blank lines; the last line needs no end', () => {
    expect(linesOf('a\nb\r\nc\rd\n\ne')).toEqual(['a', 'b', 'c', 'd', '', 'e']);
    expect(linesOf('only\n')).toEqual(['only']);
    expect(linesOf('')).toEqual([]);
  });

  it('a \\r\\n split by the end of a chunk is one line end', () => {
    const first = 'x'.repeat(CHUNK - 1);
    expect(linesOf(`${first}\r\nnext\r\nlast`)).toEqual([first, 'next', 'last']);
    expect(linesOf(`${first}\rnext`)).toEqual([first, 'next']);
  });

  it('a character whose bytes a chunk boundary splits arrives whole', () => {
    const first = 'x'.repeat(CHUNK - 1);
    const lines = linesOf(`${first}中文\n多字节 ✅`);
    expect(lines).toEqual([`${first}中文`, '多字节 ✅']);
  });

  it('a line longer than a chunk is one line', () => {
    const long = 'y'.repeat(CHUNK * 2 + 17);
    expect(linesOf(`${long}\nz`)).toEqual([long, 'z']);
  });
});
