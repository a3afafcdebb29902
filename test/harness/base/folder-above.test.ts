/** Finding a file's folder by looking upward: the nearest one wins, and none found is said, not guessed. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderAbove } from '../../../src/harness/base/folder-above.js';
import { tempDir } from '../../support/temp-dir.js';

describe('folderAbove', () => {
  it('is the nearest folder at or above the start that holds the name', () => {
    const root = tempDir();
    const deep = join(root, 'pkg/dist/cli');
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(root, 'marker'), '');
    writeFileSync(join(root, 'pkg/marker'), '');
    expect(folderAbove(deep, 'marker')).toBe(join(root, 'pkg'));
    expect(folderAbove(join(root, 'pkg'), 'marker')).toBe(join(root, 'pkg'));
  });

  it('throws when no folder up to the root holds it', () => {
    expect(() => folderAbove(tempDir(), 'no-such-file-anywhere-3f9c')).toThrow(/no folder above .* holds no-such-file-anywhere-3f9c/);
  });
});
