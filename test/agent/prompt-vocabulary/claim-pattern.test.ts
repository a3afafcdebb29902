/**
 * Claim Vocabulary wordings match in linear time and exactly as the regular
 * expression they replace: the old expression is the oracle on texts small
 * enough for it, a many-wildcard wording on a long reply is the guard.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { claimMatcher, GAP } from '../../../src/agent/prompt-vocabulary/claim-pattern.js';
import { completionClaims as claimsIn } from '../../../src/agent/prompt-vocabulary/completion-claims.js';

/** The backtracking expression orderflow used to build from a wording. */
function oracle(wording: string): RegExp {
  const body = wording
    .split('*')
    .map((part) =>
      part
        .replace(/\s+/g, '')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .split('')
        .join('\\s*'),
    )
    .join(`[^，。！？；,.!?;\\n]{0,${GAP}}`);
  return new RegExp(body, 'g');
}

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('claim wordings', () => {
  it('find the same matches, at the same places, as the regular expression on 3,000 random texts', () => {
    const next = random(7);
    const alphabet = ['已', '为', '您', '退', '款', ' ', '，', '。', 'a', '\n', '元'];
    const wordings = ['已为您*退*元', '已*已*退款', '*退款', '退款*', '已 为您', '已**款', '款', 'a*a'];
    let compared = 0;
    for (let i = 0; i < 3_000; i++) {
      const text = Array.from({ length: Math.floor(next() * 40) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      for (const wording of wordings) {
        const expected = [...text.matchAll(oracle(wording))].map((m) => ({ index: m.index, text: m[0] }));
        expect(claimMatcher(wording)(text), `${wording} in ${JSON.stringify(text)}`).toEqual(expected);
        compared += expected.length;
      }
    }
    // The texts must produce matches for the comparison to mean anything.
    expect(compared).toBeGreaterThan(1_000);
  });

  it('已*已*已*已*已*已*已*已*退款 against a 200-character reply finishes at once', () => {
    const reply = '已'.repeat(200);
    const started = performance.now();
    const claims = claimsIn(reply, [{ kind: 'refund', phrase: '已*已*已*已*已*已*已*已*退款', line: 1 }]);
    const elapsed = performance.now() - started;
    expect(claims).toEqual([]);
    // Only a guard against the exponential case, which never finishes; the report gives the measured time.
    expect(elapsed).toBeLessThan(1_000);
  });

  it('still finds a claim spread over the wildcards of such a wording', () => {
    const claims = claimsIn('已经已已 已已已已已退款了', [{ kind: 'refund', phrase: '已*已*已*已*已*已*已*已*退款', line: 1 }]);
    // Spaces between Chinese characters are read away (退 款 is 退款) before any wording is matched.
    expect(claims).toEqual([{ kind: 'refund', text: '已经已已已已已已已退款', orderIds: [] }]);
  });
});
