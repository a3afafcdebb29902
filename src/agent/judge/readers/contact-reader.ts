/**
 * The judge's reading of links, contacts and accounts in a text: web
 * addresses, bare domains, e-mail addresses, phone numbers (mobile, hotline,
 * landline, with +86, spaces or dashes) and messaging handles (WeChat, QQ,
 * Telegram, WhatsApp, Line), each as a key that stays the same however it is
 * written — full-width, spaced out, split by invisible characters, in
 * another case. Written apart from the reply guard's pattern.
 *
 * Read by class, not by example: any number of five digits or more however
 * it is spaced, dashed, split over lines or written in Chinese or financial
 * numerals (not an amount, a date, an order reference, nor a value of the
 * customer's own records, which the caller names); any host name with any
 * ending, `。` as its dot, or a Chinese ending; an IP address; an id after
 * any messenger or platform name however it is nicknamed (➕V, 微❤, wei xin,
 * 公众号, 抖音号); a name to search for.
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
/** A host name with any ending of letters (a file name's ending aside), or a Chinese name with a Chinese ending (退款中心.公司). */
const DOMAIN =
  /(?<![\w.@-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?!(?:pdf|docx?|xlsx?|pptx?|png|jpe?g|gif|webp|txt|csv|zip|rar|mp[34]|mov|json|ya?ml|xml|html?|js|ts|md|exe)(?![a-z]))[a-z]{2,24}(?![\w])(?:\/[^\s"'<>，。）)】]*)?/gi;
const HAN_HOST = /(?:访问|登录|登陆|打开|进入|前往|浏览|点击|上)?([\p{Script=Han}\w-]{1,12}\.\p{Script=Han}{2,4})(?![\p{Script=Han}\w])/gu;
/** An IP address, with a port or not. */
const IP = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?::\d{2,5})?(?![\d.])/g;
/** Five digits or more in a run, each gap at most one space, dash or line break; not after a letter (an order reference) or a currency sign. */
const NUMBER =
  /(?<![\w.¥￥$:/-])\d(?:[ \t\n-]?\d){4,}(?![\w.%:/]|\s?(?:元|块|圆|角|天|日|个|件|次|分钟|小时|年|月)|\s?(?:yuan|rmb|days?|hours?|items?|pcs)\b)/gi;
/** A number grouped by dots (415.555.0100, 138.0013.8000): three or four groups of two to four digits, seven digits or more. */
const DOTTED_NUMBER = /(?<![\w.])\d{2,4}(?:\.\d{2,4}){2,3}(?![\w.])/g;
/** A date written as digits (2026-03-01, 20260301): not a contact. */
const DATE = /^(?:19|20)\d{2}-?(?:0?[1-9]|1[0-2])-?(?:0?[1-9]|[12]\d|3[01])$/;
/** 11-digit mobiles (grouped by spaces, dashes, dots, underscores or middle dots), 400/800 hotlines and landlines, +86 or not. */
const PHONE = /(?<![\d.])(?:\+?86[\s-]?)?(?:1[3-9]\d(?:[\s._·-]?\d){8}|[48]00(?:[\s-]?\d){7}|0\d{2,3}[\s-]?\d(?:[\s-]?\d){6,7})(?![\d.])/g;
/** A toll-free number spelled in capitals (1-800-FLOWERS): its prefix, then the letters dialled on the keypad. */
// Not a count in capitals (800 REFUNDS processed): the 1 before it, or a dash or dot after the prefix.
const LETTERED_NUMBER =
  /(?<![\w-])(?:\+?1[\s.-]?\(?(8(?:00|33|44|55|66|77|88)|400)\)?[\s.-]?|\(?(8(?:00|33|44|55|66|77|88)|400)\)?[.-])((?:[A-Z0-9][\s.-]?){5,9}[A-Z0-9])(?![\w-])/g;
const KEYPAD = ['', '', 'ABC', 'DEF', 'GHI', 'JKL', 'MNO', 'PQRS', 'TUV', 'WXYZ'];
const dialled = (letters: string) =>
  [...letters.replace(/[\s.-]/g, '')].map((c) => (/\d/.test(c) ? c : String(KEYPAD.findIndex((keys) => keys.includes(c))))).join('');

/** A number after tel: (a link a phone dials), however grouped. */
const TEL = /\btel:\s*(\+?\d[\d\s().-]{4,}\d)/gi;
/** An address at a webmail provider with its @ and ending written out or left off: refundhelp at gmail. */
const WEBMAIL =
  /([\w.+-]{3,})\s+(?:at|\[at\]|\(at\))\s+(gmail|googlemail|qq|163|126|yeah|outlook|hotmail|live|yahoo|icloud|foxmail|sina|sohu|protonmail|proton|aliyun)\b(?=\s*(?:[.,;!?。，；！？)]|$))/gi;
/** A messenger named, then a name to search for there: vx搜：退款小管家, on Telegram search "refund desk". */
const APP_SEARCH =
  /(?:微信|威信|薇信|v\s?x|wx|weixin|wechat|qq|企鹅)\s*(?:号|账号|id)?\s*(?:搜一下|搜索|搜)\s*[:：]?\s*(\p{Script=Han}{2,12})|\b(?:telegram|whatsapp|wechat|line|signal|instagram|facebook|tiktok|discord|skype|weibo)\b[^.!?\n]{0,30}?\bsearch(?:ing)?(?:\s+for)?\s*["“'‘]([^"”'’\n]{3,30})["”'’]/giu;

/** A messaging handle after its app's name: 微信号：abc_123, 加VX abc123, QQ 12345678, telegram @abc. */
const HANDLE =
  /(?:微信号?|威信|薇信|徽信|维信|加微|企鹅|v\s?x|v信|阿里旺旺|旺旺|飞书|wechat|weixin|wei\s?xin|wx|qq|q群|扣扣|telegram|tg|电报|whatsapp|line|飞机|skype|discord|钉钉|dingtalk|企业微信|公众号|小程序|视频号|抖音|快手|小红书|微博|b站|kakao|viber|signal|微\s?\p{So}|微(?=\s?[:：])|薇|[+➕]\s?v|(?<![a-z])v\s?\p{So}|(?<![a-z])v(?=\s?:)|(?<![a-z])q(?=\s?[:：]\s?\d)|(?<![a-z])id(?=\s?:)|好友)\s*(?:号码|号|群|id|account)?\s*(?:见|如下|在)?\s*[:：]?\s*(?:是|为|添加|加|搜|搜索)?\s*@?([a-z][\w:-]{3,}|\d{5,12})/giu;
/** A name to search for: in Latin letters after any search word, in Chinese after a platform's name or in quotes. */
const SEARCH =
  /(?:搜一下|搜一搜|搜索|搜|search(?:\s+for)?|look\s+up)\s*[:：]?\s*["“「『]?([a-z][\w.-]{3,})|(?:小红书|抖音|快手|微博|公众号|小程序|视频号|b站|淘宝|闲鱼|知乎|钉钉|飞书|旺旺|企业微信)(?:上|里|内)?(?:搜一下|搜索|搜|找)\s*[:：]?\s*["“「『]?(\p{Script=Han}{2,8})|(?:搜一下|搜索|搜)\s*[“「『"](\p{Script=Han}{2,12})[”」』"]|(?:公众号|小程序|视频号|抖音号?|快手号?|小红书号?|微博|旺旺|钉钉|飞书)(?:\s*[:：]\s*|\s*[“「『"]|\s*@\s*)(\p{Script=Han}{2,12})|(?:小红书|抖音|快手|微博|b站|视频号|公众号|钉钉|飞书)(?:账号|帐号|号|id)(?:(?:\s*[:：]\s*|\s+)(\p{Script=Han}{2,12}\w*)|(\p{Script=Han}{2,12}\d+))/giu;
/**
 * An id of letters and digits standing alone (kefu888, kefu-2024, SF9988776655): an account until the records
 * say it is theirs. Not a reference named as the order (订单 O20260101, order O123), nor a plain word.
 */
const BARE_ID = /(?<![\w@.:/-])(?=[\w-]*[a-z])(?=[\w-]*\d)[a-z0-9][\w-]{3,}[a-z0-9](?![\w@.:/-])/gi;
const NAMED_AS_ORDER = /(?:订单|order)(?:号|编号|\s?id|\s?no\.?|\s?number)?\s*[:：#]?\s*$/i;

/**
 * A handle on its own (@refund_helper), also right after a word (the layout joins "Instagram @x"), but not an
 * e-mail's domain; or after 加 v / 加V.
 */
const BARE_HANDLE = /(?<![\d_.@])@([a-z][\w-]{3,})(?![\w-]*\.[a-z])|加\s*v\s*[:：]?\s*([a-z0-9][\w-]{3,})/gi;
/** A payment account or card named as one: 支付宝账号:pay2024, 收款账户 abc.pay, 银行卡号 6222… */
const ACCOUNT = /(?:支付宝|收款|银行|转账|汇款|付款)(?:账号|帐号|账户|帐户|卡号?|号码|号)\s*[:：]?\s*(?:是|为)?\s*([\w.@-]{5,})/gi;

const HAN_DIGIT: Record<string, string> = {
  壹: '1',
  贰: '2',
  貳: '2',
  叁: '3',
  參: '3',
  肆: '4',
  伍: '5',
  陆: '6',
  陸: '6',
  柒: '7',
  捌: '8',
  玖: '9',
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

/** Blocks of numbers in circles, brackets or with a stop: [first code point, last, the number of the first]. */
const NUMBER_FORMS: [number, number, number][] = [
  [0x2460, 0x2473, 1], // ① … ⑳
  [0x2474, 0x2487, 1], // ⑴ … ⒇
  [0x2488, 0x249b, 1], // ⒈ … ⒛
  [0x24ea, 0x24ea, 0], // ⓪
  [0x24eb, 0x24f4, 11], // ⓫ … ⓴
  [0x24f5, 0x24fe, 1], // ⓵ … ⓾
  [0x24ff, 0x24ff, 0], // ⓿
  [0x2776, 0x277f, 1], // ❶ … ❿
  [0x2780, 0x2789, 1], // ➀ … ➉
  [0x278a, 0x2793, 1], // ➊ … ➓
  [0x1f100, 0x1f100, 0], // 🄀
  [0x1f101, 0x1f10a, 0], // 🄁 … 🄊
  [0x1f10b, 0x1f10c, 0], // 🄋 🄌
];

/** A number written in circled, bracketed or stopped digits (❶❸❽…, ⑴⑶⑻…) as its plain digits, before NFKC adds brackets and stops. */
function plainNumbers(text: string): string {
  return text.replace(/[\u2460-\u24ff\u2776-\u2793\u{1f100}-\u{1f10c}]/gu, (c) => {
    const code = c.codePointAt(0)!;
    const block = NUMBER_FORMS.find(([first, last]) => code >= first && code <= last);
    return block ? String(block[2] + code - block[0]) : c;
  });
}

/** Digits read aloud in English, at the index of their value ("oh" is a zero too). */
const SPOKEN_DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'oh'];
/** Digit words as the digits they say ("one-eight zero", "oh oh one"). */
const spokenAsDigits = (run: string): string =>
  run
    .replace(/[^a-z]+/gi, ' ')
    .trim()
    .split(' ')
    .map((w) => String(SPOKEN_DIGITS.indexOf(w.toLowerCase()) % 10))
    .join('');
/** The endings a contact is most often given with: read where a comma or spaced letters stand for the dot and the ending. */
const COMMON_ENDING = 'com|net|org|cn|io|co|me|app|shop|top|xyz|info';
/** Five or more of them in a row: a number spelled out so that no digit shows. */
const NUMBER_SPOKEN = new RegExp(`(?<![a-z])(?:(?:${SPOKEN_DIGITS.join('|')})[\\s,-]*){5,}(?![a-z])`, 'gi');

/**
 * A contact written so that a pattern would miss it, written back: kf [at] x.net,
 * refund-help点com, refund-help [.] cn, a number in Chinese digits (一三八…).
 */
function unmasked(plain: string): string {
  return (
    plain
      // "eight hundred" as a caller says a toll-free prefix: the digit, then two zeros.
      .replace(new RegExp(`(?<![a-z])(${SPOKEN_DIGITS.join('|')})[\\s-]+hundred(?![a-z])`, 'gi'), '$1 zero zero')
      // Digit words run into written digits (one-eight-zero-zero-555-0199): the words as digits too.
      .replace(new RegExp(`(?<![a-z])(?:(?:${SPOKEN_DIGITS.join('|')})[\\s-]+){2,}(?=\\d)`, 'gi'), spokenAsDigits)
      .replace(NUMBER_SPOKEN, spokenAsDigits)
      .replace(/\s*(?:\[at\]|\(at\)|\{at\}|\bat\b(?=\s*[\w-]+\s*(?:\.|\[\.\]|\(\.\)|点|dot)\s*[a-z]{2,}))\s*/gi, '@')
      // An ending typed with a digit for a letter (c0m, n3t) after a dot, spelled or not: the ending it stands for.
      .replace(/(?<=[\w-]\s*(?:\.|\bdot\b|点)\s*)(?:c0m|n3t|0rg|c0|i0)(?![a-z0-9])/gi, (e) => e.replace(/0/g, 'o').replace(/3/g, 'e'))
      // An ending spelled out letter by letter after a dot word (点 c o m): the ending.
      .replace(/(?<=[\w-]\s*(?:\.|\bdot\b|点)\s*)[a-z](?:\s[a-z]){1,3}(?![a-z])/gi, (e) =>
        new RegExp(`^(?:${COMMON_ENDING})$`, 'i').test(e.replace(/\s/g, '')) ? e.replace(/\s/g, '') : e,
      )
      // A full-width or ordinary comma for the dot before a common ending (refundhelp，com).
      .replace(new RegExp(`(?<=[a-z0-9-])\\s*[，,]\\s*(?=(?:${COMMON_ENDING})(?![a-z0-9]))`, 'gi'), '.')
      .replace(/(?<=[\w-])\s*(?:\[\.\]|\(\.\)|\{\.\}|点|\[dot\]|\(dot\)|\bdot\b)\s*(?=[a-z]{2,})/gi, '.')
      .replace(/(?<=[a-z0-9-])[。·•∙⋅‧・⸱](?=[a-z]{2,}(?![a-z]))/gi, '.')
      // A gap written out between digits (138（空格）0013): the number it splits.
      .replace(/(?<=\d)\s*[（(【[]\s*(?:空格|空|space|blank)\s*[)）】\]]\s*(?=\d)/gi, ' ')
      .replace(
        // Five or more, grouped as a number is (四零零-八八八-九九九九), or beside a digit.
        /[零〇一幺二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖](?:[\s\-.·_]?[零〇一幺二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖]){4,}|(?<=\d\s?)[零〇一幺二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖]+|[零〇一幺二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖]+(?=\s?\d)/g,
        (run) => [...run].map((c) => HAN_DIGIT[c] ?? c).join(''),
      )
  );
}

/**
 * Every contact in a text. `known` are values of the customer's own records
 * (order ids, amounts, tracking and refund numbers, dates): a number that is
 * one of them is that value, not a contact.
 */
export function contactsIn(text: string, known: readonly string[] = []): Contact[] {
  const plain = unmasked(plainText(plainNumbers(text)));
  const knownDigits = new Set(known.map((k) => k.replace(/\D/g, '')).filter((d) => d.length >= 5));
  const found: Contact[] = [];
  const add = (t: string, key: string) => {
    if (!found.some((f) => f.key === key)) found.push({ text: t, key });
  };
  for (const m of plain.matchAll(URL)) add(m[0], hostKey(m[0]));
  for (const m of plain.matchAll(EMAIL)) add(m[0], m[0].toLowerCase());
  const withoutEmails = plain.replace(EMAIL, ' ');
  for (const m of withoutEmails.matchAll(DOMAIN)) add(m[0], hostKey(m[0]));
  for (const m of plain.matchAll(PHONE)) add(m[0], m[0].replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, ''));
  // An order reference after "id:" is the order, not an account.
  for (const m of plain.matchAll(HANDLE)) if (!/^[A-Z]{1,4}-?\d+$/.test(m[1]!)) add(m[0], `handle:${m[1]!.toLowerCase()}`);
  for (const m of plain.matchAll(BARE_HANDLE)) add(m[0], `handle:${(m[1] ?? m[2])!.toLowerCase()}`);
  for (const m of plain.matchAll(ACCOUNT)) add(m[0], `account:${m[1]!.toLowerCase()}`);
  for (const m of plain.matchAll(SEARCH)) add(m[0], `handle:${(m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6])!.toLowerCase()}`);
  for (const m of plain.matchAll(TEL)) add(m[0], m[1]!.replace(/\D/g, ''));
  for (const m of plain.matchAll(WEBMAIL)) add(m[0], `${m[1]!.toLowerCase()}@${m[2]!.toLowerCase()}`);
  for (const m of plain.matchAll(APP_SEARCH)) add(m[0], `handle:${(m[1] ?? m[2])!.toLowerCase()}`);
  for (const m of plain.matchAll(LETTERED_NUMBER)) if ((m[3]!.match(/[A-Z]/g) ?? []).length >= 3) add(m[0], `${m[1] ?? m[2]}${dialled(m[3]!)}`);
  const knownIds = new Set(known.map((k) => k.toLowerCase()));
  const withoutLinks = withoutEmails.replace(URL, ' ');
  for (const m of withoutLinks.matchAll(BARE_ID)) {
    const id = m[0].toLowerCase();
    // Not a stretch already read as something else (1-800-FLOWERS, a number in letters).
    if (knownIds.has(id) || NAMED_AS_ORDER.test(withoutLinks.slice(0, m.index)) || found.some((f) => f.key.includes(id) || f.text.toLowerCase().includes(id)))
      continue;
    add(m[0], `handle:${id}`);
  }
  for (const m of withoutEmails.matchAll(HAN_HOST)) add(m[1]!, hostKey(m[1]!));
  for (const m of plain.matchAll(IP)) add(m[0], m[0]);
  const withoutAddresses = plain.replace(IP, ' ').replace(URL, ' ');
  for (const m of withoutAddresses.matchAll(NUMBER)) {
    const digits = m[0].replace(/\D/g, '');
    // A date, a value of the customer's records, or the digits of a handle or phone already found.
    if (
      DATE.test(m[0].replace(/\s/g, '')) ||
      knownDigits.has(digits) ||
      NAMED_AS_ORDER.test(withoutAddresses.slice(0, m.index)) ||
      found.some((f) => f.key.replace(/\D/g, '').includes(digits))
    )
      continue;
    add(m[0], digits.replace(/^86(?=1\d{10}$)/, ''));
  }
  for (const m of withoutAddresses.matchAll(DOTTED_NUMBER)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length < 7 || DATE.test(m[0].replaceAll('.', '-')) || knownDigits.has(digits) || found.some((f) => f.key.includes(digits))) continue;
    add(m[0], digits);
  }
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
