/**
 * The reply guard's claim reader measured on both sides: every claim of the
 * wording table read, with its kind and state, in every letter form and
 * setting; the non-claim table's false-block rate stated and bounded.
 */
import { describe, expect, it } from 'vitest';
import { readClaims } from '../../../src/agent/pipeline/guards/claim-reading/read-claims.js';
import {
  BASE_CLAIMS,
  BASE_NON_CLAIMS,
  CLAIM_FORMS,
  CUSTOMER_WORDS,
  NON_CLAIM_FORMS,
  SETTLED_ALONE_CLAIMS,
  SETTLED_ALONE_NON_CLAIMS,
  SETTLED_CLAIMS,
} from './claim-tables.js';

const claims = BASE_CLAIMS.flatMap((row) => CLAIM_FORMS.map(([form, apply]) => ({ ...row, form, text: apply(row.text), base: row.text })));
const nonClaims = BASE_NON_CLAIMS.flatMap((base) => NON_CLAIM_FORMS.map(([form, apply]) => ({ form, text: apply(base), base })));
/** The most of the non-claim table the guard may read as claims. */
const FALSE_BLOCK_BOUND = 0.05;

const read = (text: string) => readClaims(text, CUSTOMER_WORDS).map((c) => `${c.kind}/${c.state}`);

describe('every claim of the wording table is read, with its kind and state', () => {
  it('the table holds at least 300 claims, of every kind and state', () => {
    expect(claims.length).toBeGreaterThanOrEqual(300);
    expect(new Set(BASE_CLAIMS.map((r) => r.kind))).toEqual(
      new Set(['refund', 'money', 'compensation', 'cancel', 'address_change', 'ticket', 'request', 'handoff', 'unsupported']),
    );
    expect(new Set(BASE_CLAIMS.map((r) => r.state))).toEqual(new Set(['submitted', 'succeeded', 'arrived']));
  });

  it('all of them, in every form', () => {
    const missed = claims.filter((c) => !read(c.text).includes(`${c.kind}/${c.state}`)).map((c) => `${c.form}: ${c.text} → [${read(c.text).join(', ')}]`);
    console.log(`claim table: ${claims.length - missed.length}/${claims.length} read with their kind and state`);
    expect(missed).toEqual([]);
  });

  // One row per kind and state, so that a planted bug names what it broke.
  it.each(BASE_CLAIMS.map((r) => [`${r.kind}/${r.state}: ${r.text}`, r] as const))('%s', (_n, row) => {
    expect(read(row.text)).toContain(`${row.kind}/${row.state}`);
  });
});

describe('the non-claim table: future, negated, conditional, the customer quoted', () => {
  it(`reads at most ${FALSE_BLOCK_BOUND * 100}% of it as claims`, () => {
    const blocked = nonClaims.filter((n) => read(n.text).length > 0);
    const rate = blocked.length / nonClaims.length;
    console.log(
      `non-claim table: ${blocked.length}/${nonClaims.length} read as claims (false-block rate ${(rate * 100).toFixed(1)}%)`,
      blocked.map((b) => `${b.form}: ${b.text}`),
    );
    expect(rate).toBeLessThanOrEqual(FALSE_BLOCK_BOUND);
  });

  // Each base non-claim beside the nearest claim: the plain form must not be read (the rule rows are measured above only).
  it.each(BASE_NON_CLAIMS.slice(0, BASE_NON_CLAIMS.indexOf('退款已提交的订单不能重复申请')).map((t) => [t] as const))('%s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('a customer question is exempt only as the customer wrote it', () => {
    expect(read('您问“我的退款到账了吗”，我们正在为您核实')).toEqual([]);
    // The same words, not the customer's: a claim.
    expect(read('“我的退款到账了”，我们正在为您核实')).toContain('refund/arrived');
  });
});

describe('a settled matter with nothing named is the request of the conversation, said done', () => {
  const forms = CLAIM_FORMS.filter(([form]) => form !== 'in a question');
  it.each(SETTLED_CLAIMS.flatMap((text) => forms.map(([form, apply]) => [form, apply(text)] as const)))('%s: %s', (_form, text) => {
    expect(read(text)).toContain('request/succeeded');
  });

  it.each(['问题解决了吗？', '请问您的问题解决了吗', 'Is everything sorted now?', '订单O123的物流信息已经查好了', '包裹已发出，订单O123已完成'])(
    'the nearest: %s',
    (text) => {
      expect(read(text)).toEqual([]);
    },
  );

  const aloneForms = CLAIM_FORMS.filter(([form]) =>
    ['plain', 'traditional', 'full-width', 'spaced', 'zero-width split', 'question after', 'hedge before'].includes(form),
  );
  it.each(SETTLED_ALONE_CLAIMS.flatMap((text) => aloneForms.map(([form, apply]) => [form, apply(text)] as const)))('alone, %s: %s', (_form, text) => {
    expect(read(text)).toContain('request/succeeded');
  });

  it.each(SETTLED_ALONE_NON_CLAIMS.map((t) => [t] as const))('the nearest to a state alone: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('not when an action was named just before it: that action is what is said done', () => {
    expect(read('O123 的退款，妥了')).toEqual(['refund/succeeded']);
  });
});

describe('a reply is read as a renderer shows it: character references decoded, struck-through or hidden words taken out', () => {
  it.each([
    ['&#36864;&#27454;已完成', 'refund/succeeded'],
    ['R&#101;fund completed.', 'refund/succeeded'],
    ['退款~~暂未~~已完成', 'refund/succeeded'],
    ['Your refund has <s>not</s> been processed.', 'refund/succeeded'],
    // Hidden by an attribute, a style or a comment.
    ['退款<span hidden>暂未</span>已完成', 'refund/succeeded'],
    ['<!--未-->退款已完成', 'refund/succeeded'],
    ['Your refund has <span style="display:none">not</span> been processed.', 'refund/succeeded'],
  ])('%s', (text, claim) => {
    expect(read(text)).toContain(claim);
  });
  it.each([
    '&#36864;&#27454;暂未完成',
    'Your refund has not been processed &amp; will be soon.',
    '退款尚未完成 ~~稍后处理~~',
    '退款<span style="color:red">暂未</span>完成',
  ])('the nearest: %s', (text) => {
    expect(read(text)).toEqual([]);
  });
});
