/**
 * The parse cache: what orderflow derives from one file (a parsed prompt, its
 * lint problems, a validated config, a case file's validated cases and their
 * hashes) kept as JSON, keyed by the file's content and by the code that
 * derived it. With it `orderflow lint` and `list` never load the YAML parser,
 * markdown-it or zod, most of their start-up time, and an unchanged suite is
 * not parsed again.
 *
 * Only the launcher turns it on (bin/orderflow.js, in node_modules/.cache/orderflow
 * of the installation); tests and API callers parse every time unless they pass
 * a folder. An entry that cannot be read, or whose checksum does not match, is a
 * miss; a write that fails is skipped. Nothing here is ever an error.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderAbove } from './folder-above.js';

/** Where the code that derives cached values lives; test/architecture/parse-cache-closure.test.ts keeps it so. */
export const FINGERPRINTED_FOLDERS = [
  'harness/base',
  'harness/registry',
  'harness/config',
  'harness/cases',
  'harness/model-output',
  'agent/vocabulary',
  'agent/scenarios',
  // The agent's module signals: whether a module can hand off decides a module case's problems.
  'agent/prompt-vocabulary',
] as const;

/** src/, or dist/ when built: the folder of harness/, whether this module runs from harness/base/ or from the CLI's bundle, built from dist/ (dist/cli/). */
const CODE_ROOT = folderAbove(dirname(fileURLToPath(import.meta.url)), 'harness');

let folder: string | undefined;
let fingerprint: string | undefined;

/** The folder of this run's cache, or undefined to parse everything (the default). */
export function useParseCache(dir: string | undefined): void {
  folder = dir;
}

export interface ParseCacheEntry {
  /** The stored value, or undefined on a miss (absent, unreadable, corrupt). */
  read(): unknown;
  /** Stores a value made of plain JSON only; anything else is not stored. */
  write(value: unknown): void;
}

/** The entry of one derived value; `parts` are everything it depends on besides the code (path, text). */
export function parseCacheEntry(kind: string, parts: readonly string[]): ParseCacheEntry | undefined {
  if (folder === undefined) return undefined;
  const dir = join(folder, codeFingerprint());
  const hash = createHash('sha256').update(kind);
  for (const part of parts) hash.update('\u0000').update(part);
  const file = join(dir, `${kind}-${hash.digest('hex')}.json`);
  return {
    read: () => readEntry(file),
    write: (value) => writeEntry(dir, file, value),
  };
}

/** The checksum line: 64 hex digits and a newline. */
const HEAD_BYTES = 65;

function readEntry(file: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  // The first line is the checksum of the rest: a truncated or edited entry is a miss, never a wrong answer.
  // Checked on the bytes, so that the body is decoded once, for the parse.
  const body = bytes.subarray(HEAD_BYTES);
  if (bytes.length < HEAD_BYTES || bytes[HEAD_BYTES - 1] !== 0x0a || bytes.toString('latin1', 0, HEAD_BYTES - 1) !== sha256(body)) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function writeEntry(dir: string, file: string, value: unknown): void {
  if (!isPlainJson(value)) return;
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  try {
    if (!existsDir(dir)) {
      mkdirSync(dir, { recursive: true });
      removeOtherFingerprints(dir);
    }
    // Written whole under another name, then renamed: a reader never sees half an entry.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.concat([Buffer.from(`${sha256(body)}\n`, 'latin1'), body]));
    renameSync(temp, file);
  } catch {
    // A read-only installation or a full disk: the next run parses again.
  }
}

/**
 * Keeps the entries of one kind within `maxBytes`, removing the least recently
 * written first: what a large or short-lived suite stores (a generated suite in
 * a temporary folder) must not fill the disk.
 */
export function pruneParseCache(kind: string, maxBytes: number): void {
  if (folder === undefined) return;
  const dir = join(folder, codeFingerprint());
  try {
    const entries = readdirSync(dir)
      .filter((name) => name.startsWith(`${kind}-`) && name.endsWith('.json'))
      .map((name) => {
        const s = statSync(join(dir, name));
        return { path: join(dir, name), size: s.size, written: s.mtimeMs };
      })
      .sort((a, b) => b.written - a.written);
    let kept = 0;
    for (const entry of entries) {
      kept += entry.size;
      if (kept > maxBytes) rmSync(entry.path, { force: true });
    }
  } catch {
    // A folder another process is pruning or removing: the next write prunes again.
  }
}

/** Entries made by older code are never read again. */
function removeOtherFingerprints(dir: string): void {
  const parent = dirname(dir);
  for (const name of readdirSync(parent)) {
    if (join(parent, name) !== dir) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function existsDir(dir: string): boolean {
  return statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/**
 * The code that derives the values: name, size and time of every module in the
 * fingerprinted folders, the package.json that pins the parsing libraries, and
 * Node's version. Any rebuild or dependency change makes every entry a miss.
 */
function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256').update(process.version);
  const stamp = (path: string) => {
    const s = statSync(path, { throwIfNoEntry: false });
    hash.update(`\u0000${path}\u0000${s?.size ?? -1}\u0000${s?.mtimeMs ?? -1}`);
  };
  stamp(join(CODE_ROOT, '..', 'package.json'));
  for (const sub of FINGERPRINTED_FOLDERS) {
    const dir = join(CODE_ROOT, sub);
    for (const name of readdirSync(dir).sort()) if (/\.[jt]s$/.test(name) && !name.endsWith('.d.ts')) stamp(join(dir, name));
  }
  return (fingerprint = hash.digest('hex').slice(0, 16));
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What JSON gives back unchanged: no dates, maps, class instances or non-finite numbers. */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  // An undefined property is dropped by JSON, which reads the same as an absent optional one.
  return Object.values(value).every((v) => v === undefined || isPlainJson(v));
}
