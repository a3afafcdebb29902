/** The terminal escaper: text from a model or a server shown, never obeyed, by a terminal or a report. */
import { describe, expect, it } from 'vitest';
import { printable } from '../../../src/harness/base/printable.js';

describe('printable: control characters arrive as visible text', () => {
  it.each(['订单 O123 已发货', 'tab\tand\nline feed stay', 'ünïcödé ✅ 100%', ''])('leaves %j unchanged', (text) => {
    expect(printable(text)).toBe(text);
  });

  it.each([
    ['an ANSI escape that clears the screen', '\u001b[2J\u001b[HPASS', '\\x1b[2J\\x1b[HPASS'],
    ['a colour that hides a FAIL line', 'FAIL\u001b[8m hidden', 'FAIL\\x1b[8m hidden'],
    ['a bell and a NUL', 'a\u0007b\u0000c', 'a\\x07b\\x00c'],
    ['a carriage return that rewrites the line', 'FAIL x\rPASS x', 'FAIL x\\x0dPASS x'],
    ['vertical tab, form feed and backspace', '\u000b\u000c\u0008', '\\x0b\\x0c\\x08'],
    ['DEL and the C1 controls', '\u007f\u0080\u009b31m\u009f', '\\x7f\\x80\\x9b31m\\x9f'],
    ['a right-to-left override that reorders the text', 'refund \u202e001 \u202c', 'refund \\u202e001 \\u202c'],
    ['bidi marks and isolates', '\u200e\u200f\u2066\u2069\u202a', '\\u200e\\u200f\\u2066\\u2069\\u202a'],
  ] as const)('shows %s as an escape', (_what, text, shown) => {
    expect(printable(text)).toBe(shown);
    // eslint-disable-next-line no-control-regex
    expect(printable(text)).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  });

  it('the characters just outside the ranges stay as they are', () => {
    expect(printable('\u00a0\u200d\u2010\u202f\u2065\u206a')).toBe('\u00a0\u200d\u2010\u202f\u2065\u206a');
  });
});
