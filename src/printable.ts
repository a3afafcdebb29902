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
