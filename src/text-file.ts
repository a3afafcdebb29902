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
  try {
    // TextDecoder drops a leading BOM by itself (ignoreBOM is false by default).
    return { text: strict.decode(bytes) };
  } catch {
    return { problem: notUtf8(bytes, shown) };
  }
}

/** A file that cannot be read (a folder by that name, a broken link) is a problem of that file, like bad bytes. */
export async function readFileBytes(path: string, shown: string): Promise<{ bytes: Uint8Array; problem?: undefined } | { bytes?: undefined; problem: Problem }> {
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
