/**
 * Citing verified tool facts in the words of fact-tables.ts: decision modules
 * cite "订单已支付" rather than vocabulary codes, so that reviewers and the
 * reply module read the fact, not its code.
 */
import { DATA_KEY_LABELS, FACT_FIELD_NAMES, FACT_PHRASES, STATUS_WORDS } from './fact-tables.js';
import { asRecord, asString, type Json } from './input-readers.js';

export type FactField = keyof typeof FACT_FIELD_NAMES;
export const FACT_FIELDS = Object.keys(FACT_FIELD_NAMES) as FactField[];

/** The wording of one fact; null for a value that states nothing (after_sales none), undefined outside the vocabulary. */
export const factPhrase = (field: FactField, value: string): string | null | undefined => FACT_PHRASES[field][value];

export type FactMap = Record<FactField, string | null>;

export function readFacts(value: unknown): FactMap {
  const raw = asRecord(value);
  return Object.fromEntries(FACT_FIELDS.map((f) => [f, asString(raw[f])])) as FactMap;
}

/** The facts in Chinese, de-duplicated; an unknown code is kept only when it is a plain code. */
export function factPhrases(facts: FactMap): string[] {
  const out: string[] = [];
  for (const field of FACT_FIELDS) {
    const value = facts[field];
    if (value === null || restates(field, value, facts)) continue;
    const phrase = factPhrase(field, value);
    const text = phrase === undefined ? (/^[a-z_]+$/.test(value) ? `${field}=${value}` : null) : phrase;
    if (text && !out.includes(text)) out.push(text);
  }
  return out;
}

/** A fact another field already states more precisely ("订单已发货" beside "工具显示已发货"). */
function restates(field: keyof FactMap, value: string, facts: FactMap): boolean {
  if (field === 'order_status') return ['shipped', 'delivered'].includes(value) && facts.shipment_status !== null;
  if (field === 'logistics_status') return value === 'delivered' && facts.shipment_status === 'delivered';
  return false;
}

/** One value of tool data worded for a reviewer: `退款单号 RF1`, `售后状态：已提交退款申请`. */
export function describeDataValue(key: string, value: string): string {
  const label = DATA_KEY_LABELS[key] ?? key;
  if (key.endsWith('status')) return `${label}：${STATUS_WORDS[value] ?? value}`;
  return `${label} ${value}`;
}

/** The scalar entries of tool data as label/value pairs, skipping nested values. */
export function scalarEntries(data: Json): [string, string][] {
  return Object.entries(data)
    .map(([k, v]) => [k, typeof v === 'object' ? null : asString(v)] as const)
    .filter((e): e is [string, string] => e[1] !== null);
}

/** Verified facts that cannot all be true (responsibility_v2 rule 3), worded for decision_blockers. */
export function factContradictions(f: FactMap): string[] {
  const out: string[] = [];
  const moving = ['in_transit', 'out_for_delivery', 'delivered'].includes(f.logistics_status ?? '');
  if (f.shipment_status === 'not_shipped' && moving) out.push('发货记录显示未发货，但物流已有运输轨迹');
  if (f.shipment_status === 'not_shipped' && ['shipped', 'delivered', 'completed'].includes(f.order_status ?? ''))
    out.push('订单状态显示已发货，但发货记录显示未发货');
  if (f.payment_status === 'unpaid' && ['paid', 'shipped', 'delivered', 'completed'].includes(f.order_status ?? ''))
    out.push('订单状态显示已支付，但支付记录显示未支付');
  return out;
}
