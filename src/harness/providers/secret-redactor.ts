/**
 * The API key out of any text a provider hands back or throws: a server that
 * echoes the Authorization header in its reply (a debugging proxy, a hostile
 * endpoint) would otherwise put the key into results.jsonl, every report,
 * junit.xml and the response cache, which users commit for `--replay`.
 *
 * Caught: the key in any letter case (a lowercased copy), any leading part of
 * it of MIN_PART characters or more (a truncated echo, `sk-proj-abc…`), and
 * its base64 and base64url forms at any of the three alignments it can have
 * inside a longer encoded text (an echoed Basic header, a base64 dump of the
 * request). Each character may also come escaped as a server or proxy writes
 * it — URL-encoded (%2D, + for a space), JSON-escaped (\u002d, \/), as an
 * HTML character reference (&#45; &#x2d;) or a C/JS escape (\x2d) — any mix of
 * them within one echo; and the key's UTF-8 bytes as hex, with or without a
 * space or colon between bytes (a hex dump). Each form is one alternative of a
 * single case-insensitive pattern or a plain substring search: each position
 * tries a fixed set of literals, nothing to backtrack over.
 */
import { escapeRegExp } from '../base/escape-regexp.js';

/** Shorter parts of a key are too likely to be ordinary text. */
const MIN_PART = 8;
const REDACTED = '***';

/**
 * The leading MIN_PART units, then each further unit optional in turn:
 * `abcdefgh(?:i(?:j)?)?`, matched greedily, so the longest leading part
 * present is replaced whole.
 */
function leadingParts(units: string[], separator = ''): string {
  const head = units.slice(0, MIN_PART).join(separator);
  const tail = units.slice(MIN_PART).reduceRight((inner, unit) => `(?:${separator}${unit}${inner})?`, '');
  return head + tail;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** One character of the key as it may be echoed: itself, or escaped the ways servers and proxies escape text. */
function characterForms(ch: string): string {
  const code = ch.codePointAt(0)!;
  const utf8 = [...Buffer.from(ch, 'utf8')];
  const utf16 = Array.from({ length: ch.length }, (_, i) => ch.charCodeAt(i));
  const forms = new Set([
    escapeRegExp(ch),
    utf8.map((b) => `%${hex(b, 2)}`).join(''),
    utf16.map((u) => `\\\\u${hex(u, 4)}`).join(''),
    `&#0*${code};`,
    `&#x0*${hex(code, 1)};`,
  ]);
  if (code < 0x80) forms.add(`\\\\x${hex(code, 2)}`);
  if (ch === ' ') forms.add('\\+');
  if (ch === '/') forms.add('\\\\/');
  return `(?:${[...forms].join('|')})`;
}

/** The key's UTF-8 bytes as hex digits, bytes optionally apart by one space or colon. */
function hexForm(key: string): string {
  return leadingParts(
    [...Buffer.from(key, 'utf8')].map((b) => hex(b, 2)),
    '[ :]?',
  );
}

/**
 * The characters of the key's base64 that do not depend on the bytes around
 * it, for each alignment (0, 1 or 2 bytes before it within the encoded text).
 */
function base64Cores(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const cores = new Set<string>();
  for (let before = 0; before < 3; before++) {
    const encoded = Buffer.concat([Buffer.alloc(before), bytes])
      .toString('base64')
      .replace(/=+$/, '');
    // The first group of four mixes in the bytes before; the last, unless the key ends a group, the bytes after.
    const from = before === 0 ? 0 : 4;
    const total = before + bytes.length;
    const to = total % 3 === 0 ? encoded.length : Math.floor(total / 3) * 4;
    const core = encoded.slice(from, to);
    if (core.length >= MIN_PART) {
      cores.add(core);
      cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...cores];
}

export type Redactor = (text: string) => string;

/** A redactor for one key; keys of under 4 characters (test stand-ins) are left alone, as before. */
export function secretRedactor(key: string | null | undefined): Redactor {
  if (!key || key.length < 4) return (text) => text;
  const pattern = new RegExp(key.length >= MIN_PART ? `${leadingParts([...key].map(characterForms))}|${hexForm(key)}` : escapeRegExp(key), 'giu');
  const cores = key.length >= MIN_PART ? base64Cores(key) : [];
  return (text) => {
    let out = text.replace(pattern, REDACTED);
    for (const core of cores) if (out.includes(core)) out = out.split(core).join(REDACTED);
    return out;
  };
}
