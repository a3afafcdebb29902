/** Every line a command prints keeps the CLI's own colours and shows any other control character as text. */
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../../src/harness/cli/output.js';
import { printableLine } from '../../../src/harness/base/printable.js';

describe('terminal-safe output', () => {
  it('escapes cursor moves, erasures and C1 controls, keeps colours the CLI wrote', () => {
    const colours = pc.createColors(true);
    const line = colours.red(`  - rule 3\x1b[1A\x1b[2K\u009b2J\x07`);
    expect(printableLine(line)).toBe(`\x1b[31m  - rule 3\\x1b[1A\\x1b[2K\\x9b2J\\x07\x1b[39m`);
    expect(printableLine('concealed \x1b[8mtext')).toBe('concealed \\x1b[8mtext');
  });

  it('wraps both streams of an output', () => {
    const seen: string[] = [];
    const safe = terminalSafe({ out: (l) => seen.push(`out ${l}`), err: (l) => seen.push(`err ${l}`) });
    safe.out('a\x1b[2Kb');
    safe.err('c\rd');
    expect(seen).toEqual(['out a\\x1b[2Kb', 'err c\\x0dd']);
  });
});
