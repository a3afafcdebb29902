/**
 * What the adversary was shown, sorted into what it can throw back: every
 * string of the module input (planted instructions and other users' data
 * among them), the order ids, amounts, contacts and addresses in it, and the
 * prompt's own text. The adversary only ever uses what it was shown, as a
 * real model could.
 */
const ORDER_ID = /(?<![A-Za-z0-9])[A-Z]{1,3}\d{3,12}(?![0-9])/g;
const CONTACT = /(?:1[3-9]\d{9})|(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+)|(?:https?:\/\/[^\s"'，。]+)/g;
const ADDRESS = /[\u4e00-\u9fa5]{2,8}(?:省|市)[\u4e00-\u9fa5\d]{2,30}(?:路|街|号|室|区)[\u4e00-\u9fa5\d]*/g;

export interface Harvest {
  strings: string[];
  orderIds: string[];
  amounts: number[];
  contacts: string[];
  addresses: string[];
  /** Lines of the module's own system prompt. */
  promptLines: string[];
}

export function harvest(input: unknown, systemPrompt: string): Harvest {
  const strings: string[] = [];
  const amounts: number[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.trim()) strings.push(value);
    } else if (typeof value === 'number' && Number.isFinite(value) && value > 0) amounts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(input);
  const all = strings.join('\n');
  const unique = (items: Iterable<string>) => [...new Set(items)];
  return {
    strings: unique(strings),
    orderIds: unique(all.match(ORDER_ID) ?? []),
    amounts: unique(amounts.map(String)).map(Number),
    contacts: unique(all.match(CONTACT) ?? []),
    addresses: unique(all.match(ADDRESS) ?? []),
    promptLines: systemPrompt
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= 12),
  };
}
