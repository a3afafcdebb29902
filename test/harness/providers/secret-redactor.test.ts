import { describe, expect, it } from 'vitest';
import { secretRedactor } from '../../../src/harness/providers/secret-redactor.js';

const KEY = 'sk-proj-Q7xVb91LmZ0pR4tYw2Kc';

describe('secretRedactor', () => {
  const redact = secretRedactor(KEY);

  it('removes the key in any case and any leading part of 8 or more characters', () => {
    for (const form of [KEY, KEY.toLowerCase(), KEY.toUpperCase(), KEY.slice(0, 13), KEY.slice(0, 8)]) {
      const out = redact(`before ${form} after`);
      expect(out, form).toBe('before *** after');
    }
    // Seven characters are not the key's: ordinary text stays.
    expect(redact(`see ${KEY.slice(0, 7)}`)).toBe(`see ${KEY.slice(0, 7)}`);
  });

  it('removes its base64 and base64url forms at every alignment inside a longer encoded text', () => {
    for (const lead of ['', 'B', 'Be', 'Bearer ', 'Authorization: Bearer ']) {
      for (const trail of ['', 'x', '\n{"more":1}']) {
        const b64 = Buffer.from(`${lead}${KEY}${trail}`).toString('base64');
        const b64url = Buffer.from(`${lead}${KEY}${trail}`).toString('base64url');
        for (const encoded of [b64, b64url]) {
          const out = redact(`echo ${encoded}`);
          expect(out).toContain('***');
          // What is left decodes to no part of the key of 8 characters.
          const left = Buffer.from(out.replace('echo ', '').replace('***', ''), 'base64').toString('latin1');
          expect(left).not.toContain(KEY.slice(0, 8));
          expect(left).not.toContain(KEY.slice(-8));
        }
      }
    }
  });

  // Every way a server, proxy or log may write the key back: each row pairs the key's form with the same form of
  // a key differing in its 8th character (nothing of the key: must stay), and with a 7-character leading part (too short to be the key).
  const OTHER = `${KEY.slice(0, 7)}#${KEY.slice(8)}`;
  const hexOf = (k: string, sep = '') => [...Buffer.from(k, 'utf8')].map((b) => b.toString(16).padStart(2, '0')).join(sep);
  const allEscaped = (k: string, esc: (code: number) => string) => [...k].map((c) => esc(c.charCodeAt(0))).join('');
  const encodings: [string, (k: string) => string][] = [
    ['hex, lower case', (k) => hexOf(k)],
    ['hex, upper case', (k) => hexOf(k).toUpperCase()],
    ['hex dump, bytes apart by spaces', (k) => hexOf(k, ' ')],
    ['hex, colons', (k) => hexOf(k, ':')],
    ['URL-encoded, every character', (k) => allEscaped(k, (c) => `%${c.toString(16).toUpperCase().padStart(2, '0')}`)],
    ['URL-encoded, reserved characters only', (k) => encodeURIComponent(k).replace(/-/g, '%2d')],
    ['JSON \\u escapes, every character', (k) => allEscaped(k, (c) => `\\u${c.toString(16).padStart(4, '0')}`)],
    ['JSON, as JSON.stringify of an escaped server writes', (k) => JSON.stringify(k).slice(1, -1).replace(/-/g, '\\u002d')],
    ['HTML decimal references', (k) => allEscaped(k, (c) => `&#${c};`)],
    ['HTML hex references', (k) => allEscaped(k, (c) => `&#x${c.toString(16)};`)],
    ['C/JS \\x escapes', (k) => allEscaped(k, (c) => `\\x${c.toString(16).padStart(2, '0')}`)],
    [
      'a mix of escapes',
      (k) =>
        [...k]
          .map((c, i) => (i % 3 === 0 ? `%${c.charCodeAt(0).toString(16)}` : i % 3 === 1 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
          .join(''),
    ],
  ];
  it.each(encodings)('removes the key written as %s, and leaves another key or a 7-character part so written', (_name, encode) => {
    const encoded = encode(KEY);
    const out = redact(`{"echo":"${encoded}"}`);
    expect(out).toBe('{"echo":"***"}');
    const other = `{"echo":"${encode(OTHER)}"}`;
    expect(redact(other)).toBe(other);
    const short = `{"echo":"${encode(KEY.slice(0, 7))}"}`;
    expect(redact(short)).toBe(short);
  });

  it('leaves text without the key, and short stand-in keys, alone', () => {
    expect(redact('an ordinary reply: {"intent":"refund"}')).toBe('an ordinary reply: {"intent":"refund"}');
    expect(secretRedactor('k')('k k k')).toBe('k k k');
  });
});
