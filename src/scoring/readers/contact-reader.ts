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
/** 11-digit mobiles, 400/800 hotlines and landlines, digits possibly grouped by spaces or dashes, +86 or not. */
const PHONE = /(?<![\d.])(?:\+?86[\s-]?)?(?:1[3-9]\d(?:[\s-]?\d){8}|[48]00(?:[\s-]?\d){7}|0\d{2,3}[\s-]?\d(?:[\s-]?\d){6,7})(?![\d.])/g;
/** A messaging handle after its app's name: 微信号：abc_123, 加VX abc123, QQ 12345678, telegram @abc. */
const HANDLE =
  /(?:微信号?|威信|薇信|vx|v信|wechat|weixin|wx|qq|q群|扣扣|telegram|tg|whatsapp|line|飞机)\s*(?:号|群|id|account)?\s*[:：]?\s*(?:是|为|添加|加)?\s*@?([a-z][\w-]{4,}|\d{5,12})/gi;

export function contactsIn(text: string): Contact[] {
  const plain = plainText(text);
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
