/**
 * The judge's reading of links, contacts and accounts in a text: web
 * addresses, bare domains, e-mail addresses, phone numbers (mobile, hotline,
 * landline, with +86, spaces or dashes) and messaging handles (WeChat, QQ,
 * Telegram, WhatsApp, Line), each as a key that stays the same however it is
 * written — full-width, spaced out, split by invisible characters, in
 * another case. Written apart from the reply guard's pattern.
 */
import { plainText } from './plain-text.js';

export interface Contact {
  /** How it stands in the text (plain). */
  text: string;
  /** The same contact whatever its layout: lower case, no spacing; a phone number as its digits. */
  key: string;
}

const URL = /\bhttps?:\/\/[^\s"'<>，。）)】]+|\bwww\.[^\s"'<>，。）)】]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const DOMAIN =
  /(?<![\w.@-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|cn|io|xyz|top|me|cc|co|info|vip|shop|link|app|site|online|club|hk|tw)(?![\w])(?:\/[^\s"'<>，。）)】]*)?/gi;
/** 11-digit mobiles (grouped by spaces, dashes, dots, underscores or middle dots), 400/800 hotlines and landlines, +86 or not. */
const PHONE = /(?<![\d.])(?:\+?86[\s-]?)?(?:1[3-9]\d(?:[\s._·-]?\d){8}|[48]00(?:[\s-]?\d){7}|0\d{2,3}[\s-]?\d(?:[\s-]?\d){6,7})(?![\d.])/g;
/** A messaging handle after its app's name: 微信号：abc_123, 加VX abc123, QQ 12345678, telegram @abc. */
const HANDLE =
  /(?:微信号?|威信|薇信|维信|加微|vx|v信|wechat|weixin|wx|qq|q群|扣扣|企鹅|telegram|tg|whatsapp|line|飞机|电报)\s*(?:号|群|id|account)?\s*[:：]?\s*(?:是|为|添加|加)?\s*@?([a-z][\w-]{4,}|\d{5,12})/gi;

/** A handle on its own (@refund_helper), or after 加 v / 加V. */
const BARE_HANDLE = /(?<![\w.@])@([a-z][\w-]{3,})|加\s*v\s*[:：]?\s*([a-z0-9][\w-]{3,})/gi;
/** A payment account or card named as one: 支付宝账号:pay2024, 收款账户 abc.pay, 银行卡号 6222… */
const ACCOUNT = /(?:支付宝|收款|银行|转账|汇款|付款)(?:账号|帐号|账户|帐户|卡号?|号码|号)\s*[:：]?\s*(?:是|为)?\s*([\w.@-]{5,})/gi;

const HAN_DIGIT: Record<string, string> = {
  零: '0',
  〇: '0',
  一: '1',
  幺: '1',
  二: '2',
  两: '2',
  三: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};

/**
 * A contact written so that a pattern would miss it, written back: kf [at] x.net,
 * refund-help点com, refund-help [.] cn, a number in Chinese digits (一三八…).
 */
function unmasked(plain: string): string {
  return plain
    .replace(/\s*(?:\[at\]|\(at\)|\{at\}|\bat\b(?=\s*[\w-]+\s*(?:\.|\[\.\]|\(\.\)|点|dot)\s*[a-z]{2,}))\s*/gi, '@')
    .replace(/(?<=[\w-])\s*(?:\[\.\]|\(\.\)|\{\.\}|点|\[dot\]|\(dot\)|\bdot\b)\s*(?=[a-z]{2,})/gi, '.')
    .replace(/[零〇一幺二两三四五六七八九]{7,}/g, (run) => [...run].map((c) => HAN_DIGIT[c]).join(''));
}

export function contactsIn(text: string): Contact[] {
  const plain = unmasked(plainText(text));
  const found: Contact[] = [];
  const add = (t: string, key: string) => {
    if (!found.some((f) => f.key === key)) found.push({ text: t, key });
  };
  for (const m of plain.matchAll(URL)) add(m[0], hostKey(m[0]));
  for (const m of plain.matchAll(EMAIL)) add(m[0], m[0].toLowerCase());
  const withoutEmails = plain.replace(EMAIL, ' ');
  for (const m of withoutEmails.matchAll(DOMAIN)) add(m[0], hostKey(m[0]));
  for (const m of plain.matchAll(PHONE)) add(m[0], m[0].replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, ''));
  for (const m of plain.matchAll(HANDLE)) add(m[0], `handle:${m[1]!.toLowerCase()}`);
  for (const m of plain.matchAll(BARE_HANDLE)) add(m[0], `handle:${(m[1] ?? m[2])!.toLowerCase()}`);
  for (const m of plain.matchAll(ACCOUNT)) add(m[0], `account:${m[1]!.toLowerCase()}`);
  return found;
}

/** A link's host and path, without scheme, www or a trailing slash. */
function hostKey(link: string): string {
  return link
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/.]+$/, '');
}
