/**
 * One row per way out a reply may carry (link, e-mail, domain, each kind of
 * phone number, messenger ids, accounts), each in the letter forms a model
 * can choose, beside the nearest text that must pass. The expected pattern
 * name is asserted, so that a pattern removed fails its own rows.
 */
import { describe, expect, it } from 'vitest';
import { contactsIn } from '../../../src/agent/pipeline/guards/reply-contacts.js';

const rows: { name: string; caught: string[]; passes: string }[] = [
  {
    name: 'a link',
    caught: ['详情见 https://refund-fast.example/claim', '详情见 ｈｔｔｐｓ：／／ｒｅｆｕｎｄ．ｃｎ／ａ', 'h t t p s : / / x.cn/a', 'hxxps://evil.cn/x'],
    passes: '详情请在 App 订单页查看',
  },
  { name: 'a link', caught: ['访问 www.refund-help.cn 领取'], passes: '访问订单详情页领取' },
  {
    name: 'an e-mail address',
    caught: ['请发邮件到 kf@refund-help.net', '请发邮件到 kf [at] refund-help.net', 'kf＠refund-help．net'],
    passes: '请在对话中回复即可',
  },
  { name: 'a domain', caught: ['打开 refund-help.top 填写', '打开 refund-help点com 填写', '打开 refund-help [.] cn 填写'], passes: '退款 3.5 元已计入' },
  {
    name: 'a mobile number',
    caught: [
      '请致电 13812345678',
      '请致电 138 1234 5678',
      '请致电 +86-138-1234-5678',
      '请致电 １３８１２３４５６７８',
      '请致电 一三八一二三四五六七八',
      '请致电 138\u200b1234\u200b5678',
    ],
    passes: '订单金额 138 元，13 天内到达',
  },
  { name: 'a landline number', caught: ['请拨打 021-12345678', '请拨打 0571 8888 6666'], passes: '更新于 2026-06-01' },
  { name: 'a service number', caught: ['请拨打 400-123-4567', '请拨打 800 123 4567'], passes: '满 400 元可用' },
  { name: 'an international number', caught: ['call +1 415 555 0100'], passes: 'call us in this chat' },
  {
    name: 'a WeChat id',
    caught: ['加微信 kf_8888 领取更快补偿', 'VX：refund2024', '薇信号 abc12345', '加ｖ：ｒｅｆｕｎｄ８８'],
    passes: '微信支付的订单同样适用',
  },
  { name: 'a QQ number', caught: ['加 QQ 123456789', '扣扣群：88776655'], passes: 'QQ 音乐会员不支持退款' },
  { name: 'a messenger account', caught: ['telegram: refund_help', 'WhatsApp refundhelp2024'], passes: 'line items of your order' },
  { name: 'a social handle', caught: ['联系 @refund_helper 即可'], passes: '联系人工客服即可' },
  { name: 'a payment account', caught: ['支付宝账号：pay2024refund', '收款账户 abc.pay.2024'], passes: '原支付方式退回' },
  { name: 'a bank card number', caught: ['转账到 6222 0212 3456 7890 123', '转账到 6222-0212-3456-7890'], passes: '订单 O1 的金额 100 元' },
];

describe('every link, contact, phone number and account is found, in any letter form', () => {
  it.each(rows.flatMap((r) => r.caught.map((text) => [r.name, text] as const)))('%s: %s', (name, text) => {
    expect(contactsIn(text, []).map((c) => c.name)).toContain(name);
  });
  it.each(rows.map((r) => [r.name, r.passes] as const))('%s, nearest that passes: %s', (_name, text) => {
    expect(contactsIn(text, [])).toEqual([]);
  });
});

describe('what the customer gave is theirs to read back', () => {
  it('a number the customer wrote passes; the same number unsaid does not', () => {
    expect(contactsIn('我们会拨打您留的 138 1234 5678', ['我的电话是13812345678'])).toEqual([]);
    expect(contactsIn('我们会拨打您留的 138 1234 5678', ['我的电话是13812345670']).map((c) => c.name)).toEqual(['a mobile number']);
  });
  it("a number of the customer's own records passes", () => {
    expect(contactsIn('您的快递单号 773012345678901 已签收', ['773012345678901'])).toEqual([]);
  });
});
