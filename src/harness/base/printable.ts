/**
 * Text from a model or a server reaches terminals and reports. Control
 * characters in it must arrive as visible text, never as effects: an ANSI
 * escape that clears the screen or rewrites a FAIL line, a BEL, a NUL, or a
 * bidirectional override that reorders what a reviewer reads.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Every control character except tab and line feed shown as an escape (`\x1b`, `\u202e`). */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/**
 * The colours the CLI itself puts around its lines (picocolors: bold, dim,
 * red, green, yellow and their resets). Any other escape in a line came from
 * somewhere else and is shown as text.
 */
// eslint-disable-next-line no-control-regex
const OWN_COLOURS = /(\u001b\[(?:0|1|2|22|3[0-7]|39|9[0-7])m)/;

/** A line for the terminal: the CLI's own colours kept, every other control character shown as an escape. */
export function printableLine(line: string): string {
  return line
    .split(OWN_COLOURS)
    .map((piece, i) => (i % 2 === 1 ? piece : printable(piece)))
    .join('');
}
