import { describe, expect, it } from 'vitest';
import { secretRedactor } from '../../src/providers/secret-redactor.js';

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

  it('leaves text without the key, and short stand-in keys, alone', () => {
    expect(redact('an ordinary reply: {"intent":"refund"}')).toBe('an ordinary reply: {"intent":"refund"}');
    expect(secretRedactor('k')('k k k')).toBe('k k k');
  });
});
