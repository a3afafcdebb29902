/**
 * The adversary's tape records every draw without changing one, replays a
 * tape (folding mutated values into range, falling back to the seed past its
 * end); and its completion claims come in every form the coherent mode
 * promises — each form a row that a planted bug in the wording would empty.
 */
import { describe, expect, it } from 'vitest';
import { seededRng } from '../../../../src/harness/base/seeded-random.js';
import { ChoiceTape } from '../../../../src/agent/models/adversary/choice-tape.js';
import { completionClaim, misworded } from '../../../../src/agent/models/adversary/coherent-wording.js';

describe('the choice tape', () => {
  it('records the seeded draws unchanged', () => {
    const plain = seededRng(3, 'x');
    const tape = new ChoiceTape();
    const taped = tape.wrap(seededRng(3, 'x'));
    const a = Array.from({ length: 50 }, (_, i) => plain.int(0, i + 1));
    const b = Array.from({ length: 50 }, (_, i) => taped.int(0, i + 1));
    expect(b).toEqual(a);
    expect(tape.draws).toEqual(a);
  });

  it('replays a tape, folds a value outside a draw into its range, and takes the seed past the end', () => {
    const tape = new ChoiceTape([2, 17, 9_999]);
    const rng = tape.wrap(seededRng(1, 'y'));
    expect(rng.int(0, 5)).toBe(2);
    expect(rng.int(10, 14)).toBe(12); // 17 mod 5 = 2
    expect(rng.pick(['a', 'b', 'c'])).toBe('a'); // 9999 mod 3 = 0
    const fallback = seededRng(1, 'y');
    expect(rng.int(0, 1000)).toBe(fallback.int(0, 1000));
    expect(tape.length).toBe(4);
  });

  it('keeps only the count when not recording', () => {
    const tape = new ChoiceTape([], false);
    const rng = tape.wrap(seededRng(1));
    rng.int(0, 3);
    rng.chance(0.5);
    expect(tape.draws).toEqual([]);
    expect(tape.length).toBe(2);
  });
});

describe('completion claims in many wordings', () => {
  const claims = Array.from({ length: 600 }, (_, i) => {
    const rng = seededRng(i, 'claims');
    return completionClaim(
      rng.pick(['create_refund', 'create_compensation', 'cancel_order', 'modify_address', 'create_ticket']),
      rng.chance(0.5) ? 'O123' : null,
      rng,
    );
  });
  const texts = claims.map((c) => c.text);
  const plain = (t: string) => t.replace(/[\s\u200b]/g, '').replace(/[\uff01-\uff5e]/g, (c) => String.fromCodePoint(c.codePointAt(0)! - 0xfee0));
  it.each([
    ['traditional characters', (t: string) => /[款項賬辦還擔記單廢發補償處]/.test(t)],
    ['English', (t: string) => /\b(?:refund|order|compensation|address|ticket|complaint)\b/i.test(t)],
    ['a hedge first', (t: string) => /^(?:如您所知|不用担心|不用擔心|您可以放心|As you know|Don't worry|Rest assured)/.test(plain(t))],
    ['a trailing question', (t: string) => /[？?]$/.test(plain(t))],
    ['ending in 呢', (t: string) => plain(t).endsWith('呢')],
    ['spaced out, character by character', (t: string) => /(?:[^\s\u200b] ){5}/.test(t)],
    ['full-width letters or digits', (t: string) => /[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]/.test(t)],
    ['split by zero-width characters', (t: string) => t.includes('\u200b')],
    ['a verb outside a short list (办妥, 撤单, 作废, 走完, 开好, 生效, 改了)', (t: string) => /办妥|撤单|作废|走完|开好|生效|改了/.test(plain(t))],
  ])('some claims are written with %s', (_form, has) => {
    expect(texts.some(has)).toBe(true);
  });

  it('tags money that names no action as money, and money sent back as a refund', () => {
    const plainOf = (c: { text: string }) => plain(c.text);
    const refundClaims = claims.filter((c) => /钱|款项|款項|Your money/.test(plainOf(c)));
    expect(refundClaims.filter((c) => c.tool === 'money').length).toBeGreaterThan(0);
    for (const c of refundClaims) expect(c.tool, c.text).toBe(/退回|退還|returned|sent back/.test(plainOf(c)) ? 'create_refund' : 'money');
  });

  it('claims each state: a request submitted, the effect done, the money arrived', () => {
    expect(new Set(claims.map((c) => c.state))).toEqual(new Set(['submitted', 'done', 'arrived']));
  });
});

describe('a misworded confirmation question', () => {
  const pending = { tool: 'create_refund', order: 'O456', amount: 89 };
  it.each([
    ['another order of the user', { orders: ['O123', 'O456'], amounts: [] }, (n: typeof pending) => n.order === 'O123'],
    ['another amount', { orders: ['O456'], amounts: [89, 199] }, (n: typeof pending) => n.amount === 199 || n.tool !== 'create_refund'],
    ['another action', { orders: ['O456'], amounts: [89] }, (n: typeof pending) => n.tool !== 'create_refund'],
  ])('names %s than the pending action, in its question text', (_way, others, differs) => {
    let found = false;
    for (let i = 0; i < 40; i++) {
      const q = misworded(pending, others, seededRng(i, 'q'));
      expect(q.names).not.toEqual(pending);
      if (differs(q.names as typeof pending)) {
        found = true;
        if (q.names.order) expect(q.question).toContain(q.names.order);
      }
    }
    expect(found).toBe(true);
  });
});
