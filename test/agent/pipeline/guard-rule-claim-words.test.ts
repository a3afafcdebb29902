/**
 * Every word of every class the claim reader builds a claim from, each in a
 * claim of its own (claim-word-rows.ts): a word left out of its class fails
 * its row, where no other word reads the same claim.
 */
import { describe, expect, it } from 'vitest';
import { readClaims } from '../../../src/agent/pipeline/guards/claim-reading/read-claims.js';
import { WORD_ROWS } from './claim-word-rows.js';

describe('each action, state and hedge word makes its claim', () => {
  it.each(WORD_ROWS.map((r) => [r.word, r.text, r.claim] as const))('%s: "%s" is read as %s', (_word, text, claim) => {
    expect(readClaims(text).map((c) => `${c.kind}/${c.state}`)).toContain(claim);
  });
});
