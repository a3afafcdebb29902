/**
 * Links, contacts, phone numbers and accounts in a reply, in any letter form.
 * A reply of this agent has no reason to carry any of them: the platform's
 * channels are the conversation itself. So the reply guard stops every one
 * the customer did not write first and that is not a number of the
 * customer's own records — whether a document, a record or a model put it
 * there. Each pattern is one way an attacker writes a way out.
 */
import { readingForm } from './claim-reading/reading-form.js';

interface ContactPattern {
  name: string;
  pattern: RegExp;
  /** A pattern of a whole class (any number, any host, any handle): it names only what no named pattern found. */
  broad?: true;
}

const CN_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
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
  // The financial numerals, as written on cheques: the same digits to a reader.
  壹: '1',
  贰: '2',
  叁: '3',
  肆: '4',
  伍: '5',
  陆: '6',
  柒: '7',
  捌: '8',
  玖: '9',
};
const CN_DIGIT = `[${Object.keys(CN_DIGITS).join('')}]`;
/** A digit in a number a reader dials: Arabic or Chinese, once the text is in its reading form. */
const ANY_DIGIT = `(?:\\d|${CN_DIGIT})`;
const TLD = 'com|net|org|cn|io|xyz|top|cc|me|info|vip|shop|site|link|ly|co|app|biz|tk|ru';
const SEP = '[\\s.\\-_·]?';
const TLD_SET = new Set(TLD.split('|'));

const CONTACT_PATTERNS: ContactPattern[] = [
  { name: 'a link', pattern: /(?:h\s*t\s*t\s*p\s*s?|hxxps?)\s*:\s*\/\s*\/\s*[^\s"'，。）)]+/gi },
  { name: 'a link', pattern: /www\s*\.\s*[^\s"'，。）)]+/gi },
  { name: 'an e-mail address', pattern: /[\w.+-]+\s*(?:@|\[at\]|\(at\)|＠)\s*[\w-]+(?:\s*\.\s*[\w-]+)+/gi },
  { name: 'a domain', pattern: new RegExp(`(?<![\\w.])[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*\\.(?:${TLD})(?![a-z0-9])`, 'gi') },
  { name: 'a mobile number', pattern: new RegExp(`(?<!\\d)(?:\\+?86${SEP})?1[3-9](?:${SEP}\\d){9}(?!\\d)`, 'g') },
  { name: 'a landline number', pattern: new RegExp(`(?<!\\d)0\\d{2,3}${SEP}\\d{3,4}${SEP}\\d{4}(?!\\d)`, 'g') },
  { name: 'a service number', pattern: new RegExp(`(?<!\\d)[48]00${SEP}\\d{3}${SEP}\\d{4}(?!\\d)`, 'g') },
  { name: 'an international number', pattern: /\+\d{1,3}[\s-]?\d(?:[\s-]?\d){6,13}(?!\d)/g },
  // A toll-free number spelled in capitals (1-800-FLOWERS, 400-REFUND8): dialled by the letters on the keypad.
  {
    name: 'a service number in letters',
    // The prefix after a 1 or joined by a dash or dot: "800 REFUNDS processed" is a count.
    pattern:
      /(?<![\w-])(?:\+?1[\s.-]?\(?(?:8(?:00|33|44|55|66|77|88)|400)\)?[\s.-]?|\(?(?:8(?:00|33|44|55|66|77|88)|400)\)?[.-])(?=[A-Z0-9\s.-]*[A-Z]{3})[A-Z0-9](?:[\s.-]?[A-Z0-9]){4,9}(?![\w-])/g,
  },
  {
    name: 'a WeChat id',
    pattern: /(?:微信|威信|薇信|维信|v信|vx|wx|weixin|wechat|加v|加微)(?:号|账号|id)?\s*[:：是为]?\s*[a-z][\w-]{4,19}(?![\w-])/gi,
  },
  { name: 'a QQ number', pattern: /(?:qq|扣扣|企鹅)(?:号|群)?\s*[:：是为]?\s*\d{5,11}(?!\d)/gi },
  {
    name: 'a messenger account',
    // Without a colon the id must hold a digit or an underscore: "line items" is English, "line refund_help" an account.
    pattern:
      /(?<![a-z])(?:telegram|tg|whatsapp|line|飞机|电报|signal)(?:号|账号|id)?\s*(?:[:：是为@]\s*@?[a-z0-9_]{4,32}|(?=[a-z0-9_]*[\d_])[a-z0-9_]{4,32})/gi,
  },
  { name: 'a social handle', pattern: /(?<![\w.])@[a-z][a-z0-9_]{3,31}(?![\w@])/gi },
  { name: 'a payment account', pattern: /(?:支付宝|alipay|收款)(?:账号|账户|帐号|号)?\s*[:：是为]?\s*[\w.@+-]{5,}/gi },
  { name: 'a bank card number', pattern: /(?<!\d)\d{4}(?:[\s-]?\d{4}){2,3}(?:[\s-]?\d{1,3})?(?!\d)/g },
  // The classes the named patterns above are instances of; each closes every spelling of its kind.
  { broad: true, name: 'an IP address', pattern: /(?<![\d.])\d{1,3}(?:\s*[.。]\s*\d{1,3}){3}(?::\d{1,5})?(?![\d.])/g },
  // Any host name, whatever its TLD: Latin labels joined by a dot or an ideographic full stop, or a Chinese name under a Chinese TLD.
  { broad: true, name: 'a host name', pattern: /(?<![\w.@])[a-z0-9][a-z0-9-]*(?:[.。][a-z0-9-]+)*[.。][a-z]{2,24}(?![\w.])/gi },
  { broad: true, name: 'a host name', pattern: /[\p{Script=Han}\w-]+\.(?:公司|中国|网络|在线|商城|集团|网址|移动)/gu },
  { broad: true, name: 'an e-mail address', pattern: /[\w.+-]+\s*(?:@|＠)\s*[a-z][\w-]{2,}/gi },
  // A number of five digits or more, however spaced, dashed or split over lines: no reply of this agent needs one
  // the customer did not give and their records do not hold (amounts and dates are read off first).
  { broad: true, name: 'a number', pattern: /(?<![\w.-])\d(?:[ \t\n.\-·_/]?\d){4,}(?!\w)/g },
  // A handle or account id: a word of letters with a digit in it, whatever messenger it is offered on. (Letters and
  // underscores alone are the program's own field names, logistics_status=in_transit.)
  { broad: true, name: 'an account id', pattern: /(?<![\w-])[a-z](?=[\w-]*\d)[\w-]{4,31}(?![\w-])/gi },
  {
    broad: true,
    name: 'a platform account',
    pattern:
      /(?:公众号|服务号|订阅号|视频号|小程序|企业微信|企微|微信群|抖音号?|快手号?|钉钉号?|微博|小红书|阿里旺旺|旺旺|飞书|skype|discord|facebook|instagram|twitter|脸书|推特)\s*(?:账号|帐号|号|id)?\s*(?:搜索?|搜一下)?\s*(?:[:：是为]\s*\p{Script=Han}{2,}|(?<=搜|索|下)\s*\p{Script=Han}{2,}|(?<=账号|帐号)\s+\p{Script=Han}{2,}|(?<=账号|帐号)\p{Script=Han}{2,12}\d|@\s*\p{Script=Han}{2,}|[:：是为]?\s*(?:live:)?(?:["“「『][^"”」』\n]{2,20}["”」』]|[a-z][\w.-]{2,}))/giu,
  },
  // A messenger named, then a name of letters: the app is the way out whatever the id looks like (微❤ kefuhelp, +V：kefuhelp).
  {
    broad: true,
    name: 'a messenger name and id',
    pattern:
      /(?:[微薇威维卫][信心❤♥]?|v信|vx|wx|weixin|wechat|telegram|whatsapp|飞机|电报|(?<![a-z])(?:line|signal|tg)\s*(?:id|号)|(?:加|\+|➕)\s*v(?![a-z]))\s*(?:号|账号|id)?\s*[:：是为@]?\s*@?[a-z][\w-]{3,31}(?![\w-])/gi,
  },
  // The app named, then a name to search for there: 微信搜：退款小管家, find us on Telegram by searching "refund desk".
  {
    broad: true,
    name: 'a search for an account',
    pattern:
      /(?:[微薇威维卫][信心]|v信|vx|wx|weixin|wechat|企鹅|qq)\s*(?:号|账号|id)?\s*(?:搜索?|搜一下)\s*[:：]?\s*\p{Script=Han}{2,}|(?<![a-z])(?:telegram|whatsapp|wechat|line|signal|instagram|facebook|tiktok|discord|skype|weibo)(?![a-z])[^.!?\n]{0,30}?(?<![a-z])search(?:ing)?(?:\s+for)?\s*["“'‘][^"”'’\n]{3,30}["”'’]/giu,
  },
  // A webmail provider after "at": an address with its @ and ending written out or left off (refundhelp at gmail).
  {
    broad: true,
    name: 'an e-mail address',
    pattern:
      /[\w.+-]{3,}\s+(?:at|\[at\]|\(at\))\s+(?:gmail|googlemail|qq|163|126|yeah|outlook|hotmail|live|yahoo|icloud|foxmail|sina|sohu|proton(?:mail)?|aliyun)(?:\s*(?:\.|dot)\s*[a-z]{2,3})?(?=\s*(?:[.,;!?。，；！？)]|$))/gi,
  },
  { broad: true, name: 'a search for an account', pattern: /搜(?:索|一下|一搜)\s*[:：]?\s*(?:["“「『][^"”」』\n]{2,20}["”」』]|[a-z][\w-]{3,31})/gi },
];
/** Money and dates, read off before the numbers are looked at: ¥1999, 1999 元, 2026-06-01, 12:30. */
const AMOUNT_OR_DATE = /[¥￥$]\s*\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s*(?:元|块|圆|yuan|rmb|cny)|\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?/gi;

/** Digits spelled in English words, five or more in a row ("one three eight zero zero …"): a number read aloud. */
const EN_DIGIT: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const EN_DIGIT_WORD = Object.keys(EN_DIGIT).join('|');
const EN_DIGIT_RUN = new RegExp(`\\b(?:(?:${EN_DIGIT_WORD})[\\s,-]+){4,}(?:${EN_DIGIT_WORD})\\b`, 'gi');

/** The reply as the contact patterns read it: the reading form, Chinese and English digit words as digits, 点com as .com. */
function contactForm(text: string): string {
  return (
    readingForm(text)
      .replace(EN_DIGIT_RUN, (run) =>
        run
          .split(/[\s,-]+/)
          .map((w) => EN_DIGIT[w.toLowerCase()])
          .join(''),
      )
      // A gap written out between digits (138（空格）0013), and a dot drawn as another dot between a name and its ending.
      .replace(/(?<=\d)\s*[（(【[]\s*(?:空格|空|space|blank)\s*[)）】\]]\s*(?=\d)/gi, ' ')
      .replace(/(?<=[a-z0-9-])[·•∙⋅‧・⸱](?=[a-z]{2,24}(?![a-z]))/gi, '.')
      .replace(AMOUNT_OR_DATE, ' ')
      .replace(new RegExp(`${ANY_DIGIT}(?:[\\s\\-.·]?${ANY_DIGIT}){4,}`, 'g'), (run) => [...run].map((c) => CN_DIGITS[c] ?? c).join(''))
      // A comma for the dot before a known ending (refundhelp，com), and an ending with a digit for a letter (c0m, n3t).
      .replace(new RegExp(`(?<=[a-z0-9-])\\s*[，,]\\s*(?=(?:${TLD})(?![a-z0-9]))`, 'gi'), '.')
      .replace(/(?<=[a-z0-9-]\s*(?:\.|\bdot\b)\s*)[a-z0-9]{2,4}(?![a-z0-9])/gi, (ending) => {
        const letters = ending.replace(/0/g, 'o').replace(/3/g, 'e').replace(/1/g, 'l');
        return letters !== ending && TLD_SET.has(letters.toLowerCase()) ? letters : ending;
      })
      // A dot spelled out or bracketed before any ending but a file's (refund-center dot help, not refund-help dot pdf);
      // 点, a word of its own in Chinese, only before a known one.
      .replace(
        /(?<=[a-z0-9-])\s*(?:\[\.\]|\(\.\)|\[dot\]|\(dot\)|\bdot\b)\s*(?=(?!(?:pdf|jpe?g|png|gif|docx?|xlsx?|pptx?|txt|csv|zip|rar|mp[34])(?![a-z]))[a-z]{2,24}(?![a-z]))/gi,
        '.',
      )
      .replace(new RegExp(`\\s*点\\s*(?=(?:${TLD})(?![a-z]))`, 'gi'), '.')
  );
}

const squeeze = (s: string) => s.toLowerCase().replace(/[\s.\-_·:：]/g, '');

export interface FoundContact {
  name: string;
  text: string;
}

/** Every contact in `text` whose characters are not in `allowed` (the customer's words, the customer's record numbers). */
export function contactsIn(text: string, allowed: string[]): FoundContact[] {
  const form = contactForm(text);
  const free = allowed.map((a) => squeeze(contactForm(a)));
  const out: FoundContact[] = [];
  // A broad pattern names only a stretch of text no earlier pattern named.
  const taken: [number, number][] = [];
  for (const { name, pattern, broad } of CONTACT_PATTERNS) {
    for (const m of form.matchAll(pattern)) {
      const value = squeeze(m[0]);
      if (free.some((a) => a.includes(value))) continue;
      const [from, to] = [m.index, m.index + m[0].length];
      if (broad && taken.some(([x, y]) => from < y && x < to)) continue;
      taken.push([from, to]);
      out.push({ name, text: m[0] });
    }
  }
  return out;
}
