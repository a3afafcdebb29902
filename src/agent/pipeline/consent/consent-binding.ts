/**
 * The values a confirmation answer names, held against the action it answers:
 * a yes that names another order, amount, address or recipient is a yes to
 * something else. Values that are the pending action's own are cut out, so
 * that what is left can be read for the yes itself.
 */
import type { ProposedCall } from '../guards/guard-chain.js';
import { escapeRegExp } from '../../../harness/base/escape-regexp.js';

const PHONE = /(?<!\d)(?:\+?86[- ]?)?1\d{10}(?!\d)/g;
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9.-]+/g;
const ORDER_ID = /(?<![a-z0-9])[a-z]{1,3}-?\d{3,20}(?![0-9])/g;
// Each number is tried from its first digit only (the look-behinds): from every digit, a long run of digits reads in quadratic time.
const AMOUNT =
  /(?<![\d.])(\d+(?:\.\d+)?)\s*(?:元|块|rmb|cny|yuan|dollars?)|(?:¥|\$|rmb|cny)\s*(\d+(?:\.\d+)?)|(?:退款|退|赔付|赔偿|赔|补偿|补|金额|refund|compensation|compensate)\s*(\d+(?:\.\d+)?)/g;
const HAN_AMOUNT = /(?<![零〇一二两三四五六七八九十百千万])([零〇一二两三四五六七八九十百千万]+)\s*(?:元|块)/g;
const NUMBER = /(?<![\d.])\d+(?:\.\d+)?/g;
/** Parts of an address: a span with one of these that is not the pending address is another address. */
const ADDRESS_PART =
  /省|市|区|县|镇|乡|村|路|街|巷|弄|栋|幢|室|单元|小区|大厦|公寓|\d+\s*号|\broad\b|\bstreet\b|\bst\b|\bave\b|\bavenue\b|\blane\b|\bblvd\b|\bapt\b|\bunit\b|\bfloor\b|\bdistrict\b/;

export interface Bound {
  /** The first value the answer names that is not the pending action's, or null. */
  mismatch: { value: 'order' | 'amount' | 'address' | 'recipient'; named: string } | null;
  /** The answer with the pending action's own values cut out. */
  rest: string;
}

export function bindValues(answer: string, call: ProposedCall): Bound {
  const args = call.args;
  let rest = answer;
  let mismatch: Bound['mismatch'] = null;
  const other = (value: 'order' | 'amount' | 'address' | 'recipient', named: string) => {
    mismatch ??= { value, named };
    return ' ';
  };
  rest = rest.replace(EMAIL, (m) => (typeof args.to === 'string' && args.to.toLowerCase() === m ? ' ' : other('recipient', m)));
  rest = rest.replace(PHONE, (m) => (typeof args.to === 'string' && phoneDigits(args.to) === phoneDigits(m) ? ' ' : other('recipient', m)));
  const amount = typeof args.amount === 'number' ? args.amount : null;
  const sameAmount = (a: number) => amount !== null && Math.abs(a - amount) < 0.005;
  rest = rest.replace(AMOUNT, (_m, a?: string, b?: string, c?: string) => (sameAmount(Number(a ?? b ?? c)) ? ' ' : other('amount', String(a ?? b ?? c))));
  rest = rest.replace(HAN_AMOUNT, (_m, n: string) => (sameAmount(hanNumber(n)) ? ' ' : other('amount', n)));
  const orderId = typeof args.order_id === 'string' ? args.order_id.toLowerCase().replace('-', '') : null;
  rest = rest.replace(ORDER_ID, (m) => (m.replace('-', '') === orderId ? ' ' : other('order', m.toUpperCase())));
  rest = rest.replace(NUMBER, (m) => (sameAmount(Number(m)) ? ' ' : m));
  if (typeof args.address === 'string' && args.address.trim()) {
    rest = rest.replace(spelledOut(args.address.toLowerCase()), ' ');
    if (ADDRESS_PART.test(rest)) other('address', rest.trim());
  }
  return { mismatch, rest };
}

/** 13800138000, +86 138-0013-8000 and 8613800138000 are one number. */
function phoneDigits(text: string): string {
  return text.replace(/\D/g, '').replace(/^86(?=1\d{10}$)/, '');
}

/** The address as a pattern that allows spaces and punctuation between its characters. */
function spelledOut(address: string): RegExp {
  const chars = [...address.replace(/[\s\p{P}]/gu, '')].map(escapeRegExp);
  return new RegExp(chars.join('[\\s\\p{P}]*'), 'gu');
}

const HAN_DIGITS: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const HAN_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** 一百九十九 → 199; 十五 → 15; 两万 → 20000. */
function hanNumber(text: string): number {
  let total = 0;
  let section = 0;
  let digit = 0;
  for (const c of text) {
    if (c in HAN_DIGITS) digit = HAN_DIGITS[c]!;
    else if (c in HAN_UNITS) {
      section += (digit || 1) * HAN_UNITS[c]!;
      digit = 0;
    } else if (c === '万') {
      total += (section + digit) * 10000;
      section = 0;
      digit = 0;
    }
  }
  return total + section + digit;
}
