/**
 * Each alternative of each contact pattern on its own row: a row holds the
 * one spelling (a top-level domain, a messenger's name, a way to write "@"
 * or "."), so that leaving that spelling out of the pattern fails that row.
 * Beside each group, the nearest text that must pass: since any number of five
 * digits or more and any dotted host name are contacts by class, the nearest
 * texts are short numbers and names without a dot. reply-contacts.test.ts
 * holds one row per pattern; these are the alternatives inside them.
 */
import { describe, expect, it } from 'vitest';
import { contactsIn } from '../../../src/agent/pipeline/guards/reply-contacts.js';

const names = (text: string, allowed: string[] = []) => contactsIn(text, allowed).map((c) => c.name);

/** Every top-level domain the domain pattern knows, written out here (not read from the pattern). */
const TLDS = ['com', 'net', 'org', 'cn', 'io', 'xyz', 'top', 'cc', 'me', 'info', 'vip', 'shop', 'site', 'link', 'ly', 'co', 'app', 'biz', 'tk', 'ru'];

describe('a bare domain under each top-level domain', () => {
  it.each(TLDS)('refund-help.%s', (tld) => {
    expect(names(`打开 refund-help.${tld} 填写`)).toEqual(['a domain']);
  });
  it.each(['打开 refund-help 页面查看', '版本 v2.5 已发布', 'see section 3.5'])('nearest that passes: %s', (text) => {
    expect(names(text)).toEqual([]);
  });
});

const rows: { rule: string; name: string; caught: string[]; passes: string[] }[] = [
  { rule: '"(at)" for @', name: 'an e-mail address', caught: ['kf (at) refund-help.pdf'], passes: ['kf (at) the counter'] },
  {
    rule: 'a dot written out before the domain',
    name: 'a domain',
    caught: ['打开 refund-help (.) cn 填写', '打开 refund-help [dot] cn 填写', '打开 refund-help (dot) cn 填写', '打开 refund-help dot com 填写'],
    passes: ['打开 refund-help dot pdf 查看'],
  },
  {
    rule: 'a mobile number split by each separator',
    name: 'a mobile number',
    caught: ['请致电 138.1234.5678', '请致电 138_1234_5678', '请致电 138·1234·5678', '请致电 138-1234-5678', '请致电 138 1234 5678'],
    passes: ['请致电 1381 转人工'],
  },
  { rule: 'a short international number', name: 'an international number', caught: ['call +1 234 5678'], passes: ['call +1 234'] },
  { rule: 'a mobile number of the 19 range', name: 'a mobile number', caught: ['请致电 19912345678'], passes: ['请致电 1291 转人工'] },
  {
    rule: 'a mobile number in Chinese digits (幺, 九, 零, 〇, 两)',
    name: 'a mobile number',
    caught: ['请致电 幺九零〇〇一三八两两九'],
    passes: ['一两个工作日内'],
  },
  {
    rule: 'each spelling of WeChat',
    name: 'a WeChat id',
    caught: ['威信 kf12345', '维信：kf12345', 'v信 kf12345', 'wx: kf12345', 'weixin kf12345', 'wechat: kf12345', '加v kf12345', '加微 kf12345'],
    passes: ['wechat pay 订单同样适用', '加微 一下'],
  },
  { rule: '企鹅 for QQ', name: 'a QQ number', caught: ['企鹅号 12345678'], passes: ['企鹅 玩偶 1 个'] },
  {
    rule: 'each messenger',
    name: 'a messenger account',
    caught: ['tg: refund_help', 'line: refund_help', '飞机 refund_2024', '电报：refund_help', 'signal: refund_help'],
    passes: ['signal strength is low', 'line items of your order'],
  },
  {
    rule: 'each payment account',
    name: 'a payment account',
    caught: ['alipay: pay2024refund', '支付宝号：pay2024refund', '支付宝帐号 pay2024refund', '支付宝账户 pay2024refund'],
    passes: ['alipay 原路退回'],
  },
  { rule: 'a short social handle', name: 'a social handle', caught: ['联系 @kf88 即可'], passes: ['联系 @kf8 即可'] },
  { rule: 'a 19-digit card number unbroken', name: 'a bank card number', caught: ['转账到 6222021234567890123'], passes: ['尾号 6222 的卡'] },
];

describe('each alternative of each contact pattern', () => {
  it.each(rows.flatMap((r) => r.caught.map((text) => [r.rule, text, r.name] as const)))('%s: %s', (_rule, text, name) => {
    expect(names(text)).toContain(name);
  });
  it.each(rows.flatMap((r) => r.passes.map((text) => [r.rule, text] as const)))('%s, nearest that passes: %s', (_rule, text) => {
    expect(names(text)).toEqual([]);
  });
});

describe('what the customer gave exempts only the whole of it', () => {
  it('an order id the customer wrote does not exempt a contact that holds it', () => {
    expect(names('加微信 o1kf888', ['O1'])).toEqual(['a WeChat id']);
    // The nearest that passes: the contact itself is what the customer wrote.
    expect(names('加微信 o1kf888', ['我加了微信 o1kf888'])).toEqual([]);
  });
});
