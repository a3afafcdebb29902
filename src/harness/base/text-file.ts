/**
 * Every text file the user writes (prompts, cases, scenarios, config) is read
 * here: strict UTF-8, a leading BOM dropped. A GBK or Latin-1 file decoded
 * leniently turns into plausible garbage that then fails (or passes) for the
 * wrong reason, so invalid bytes are a load error naming the line.
 */
import { readFile } from 'node:fs/promises';
import type { Problem } from './errors.js';
import { pathProblem } from './system-error.js';

const strict = new TextDecoder('utf-8', { fatal: true });

export type DecodedText = { text: string; problem?: undefined } | { text?: undefined; problem: Problem };

export function decodeUtf8(bytes: Uint8Array, shown: string): DecodedText {
  let text: string;
  try {
    // TextDecoder drops a leading BOM by itself (ignoreBOM is false by default).
    text = strict.decode(bytes);
  } catch {
    return { problem: notUtf8(bytes, shown) };
  }
  const control = controlCharacter(text, shown);
  return control ? { problem: control } : { text };
}

/**
 * C0 and C1 controls other than tab, line feed and carriage return (DEL too).
 * None belongs in a prompt, a case or a config, and an ESC in a rule is how an
 * edit erases, on a reviewer's terminal, the line of `orderflow diff` that
 * shows another rule being removed.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function controlCharacter(text: string, shown: string): Problem | undefined {
  const found = CONTROL.exec(text);
  if (!found) return undefined;
  const before = text.slice(0, found.index);
  const line = before.split('\n').length;
  const column = found.index - before.lastIndexOf('\n');
  const code = found[0].charCodeAt(0).toString(16).padStart(2, '0');
  return {
    file: shown,
    line,
    severity: 'error',
    message: `control character \\x${code} at column ${column} (it could move the cursor or erase text on a terminal)`,
    expected: 'text without control characters: tab and line breaks only; write the character out in words',
  };
}

/** A file that cannot be read (a folder by that name, a broken link) is a problem of that file, like bad bytes. */
export async function readFileBytes(
  path: string,
  shown: string,
): Promise<{ bytes: Uint8Array; problem?: undefined } | { bytes?: undefined; problem: Problem }> {
  try {
    return { bytes: await readFile(path) };
  } catch (error) {
    const about = pathProblem(error);
    if (!about) throw error;
    return { problem: { file: shown, severity: 'error', message: `cannot be read: ${about}`, expected: 'a readable file' } };
  }
}

export async function readUtf8File(path: string, shown: string): Promise<DecodedText> {
  const read = await readFileBytes(path, shown);
  return read.problem ? read : decodeUtf8(read.bytes, shown);
}

function notUtf8(bytes: Uint8Array, shown: string): Problem {
  // The lenient decoding marks the first bad byte with U+FFFD; only its line is wanted.
  const lenient = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const at = lenient.indexOf('\uFFFD');
  const line = at < 0 ? 1 : lenient.slice(0, at).split('\n').length;
  return {
    file: shown,
    line,
    severity: 'error',
    message: 'file is not valid UTF-8 (another encoding, such as GBK?)',
    expected: 'UTF-8 text; convert it first, e.g. iconv -f GBK -t UTF-8',
  };
}
