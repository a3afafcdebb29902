/**
 * Chinese wording of verified tool facts (src/registry/fact-vocabulary.ts).
 * Decision modules cite facts in these words, so reviewers and the reply
 * module read "订单已支付" rather than vocabulary codes. Completed-state codes
 * such as refund_completed are worded as what the record shows, never echoed.
 */
import type { VerifiedToolFacts } from '../../../registry/fact-vocabulary.js';
import { asRecord, asString, type Json } from './input-readers.js';

const FACT_PHRASES: Record<keyof VerifiedToolFacts, Record<string, string | null>> = {
  order_status: {
    pending_payment: '订单待支付',
    paid: '订单已支付',
    shipped: '订单已发货',
    delivered: '订单已送达',
    completed: '订单已完成',
    cancelled: '订单处于取消状态',
    closed: '订单已关闭',
  },
  payment_status: {
    unpaid: '订单未支付',
    paid: '订单已支付',
    refunding: '支付记录显示退款中',
    refunded: '支付记录显示已退款',
    partially_refunded: '支付记录显示部分退款',
  },
  shipment_status: {
    not_shipped: '工具显示未发货',
    shipped: '工具显示已发货',
    delivered: '工具显示已签收',
    returned: '工具显示已退回',
  },
  logistics_status: {
    no_tracking: '无物流轨迹',
    in_transit: '物流运输中',
    delayed: '物流显示配送延误',
    exception: '物流显示异常',
    lost: '物流显示包裹丢失',
    out_for_delivery: '物流派送中',
    delivered: '物流显示已签收',
    returned: '物流显示已退回',
  },
  after_sales_status: {
    none: null,
    refund_requested: '售后记录显示已有退款申请',
    refund_processing: '售后记录显示退款处理中',
    refund_completed: '售后记录显示已退款',
    refund_rejected: '售后记录显示退款申请曾被拒绝',
    return_in_progress: '售后记录显示退货处理中',
    compensation_issued: '售后记录显示已有补偿记录',
    cancelled: '售后记录显示订单取消记录',
  },
};

export const FACT_FIELDS = Object.keys(FACT_PHRASES) as (keyof VerifiedToolFacts)[];

export type FactMap = Record<keyof VerifiedToolFacts, string | null>;

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
    const phrase = FACT_PHRASES[field][value];
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

const DATA_KEY_LABELS: Record<string, string> = {
  order_id: '订单',
  refund_id: '退款单号',
  ticket_id: '工单号',
  compensation_id: '补偿单号',
  message_id: '消息编号',
  amount: '金额',
  refund_amount: '退款金额',
  order_status: '订单状态',
  payment_status: '支付状态',
  shipment_status: '发货状态',
  logistics_status: '物流状态',
  after_sales_status: '售后状态',
  ticket_status: '工单状态',
  shipping_address: '收货地址',
  address: '收货地址',
  status: '状态',
  reference_id: '回执编号',
};

const STATUS_WORDS: Record<string, string> = {
  refund_requested: '已提交退款申请',
  refund_processing: '退款处理中',
  refund_completed: '已退款',
  refund_rejected: '退款被拒绝',
  compensation_issued: '已发放补偿',
  return_in_progress: '退货处理中',
  none: '无售后记录',
  open: '待处理',
  processing: '处理中',
  closed: '已关闭',
  refunding: '退款中',
  refunded: '已退款',
  cancelled: '已取消',
  cancel_submitted: '已提交取消',
  submitted: '已提交',
  success: '成功',
  paid: '已支付',
  sent: '已发送',
  delivered: '已送达',
};

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
  if (f.shipment_status === 'not_shipped' && ['shipped', 'delivered', 'completed'].includes(f.order_status ?? '')) out.push('订单状态显示已发货，但发货记录显示未发货');
  if (f.payment_status === 'unpaid' && ['paid', 'shipped', 'delivered', 'completed'].includes(f.order_status ?? '')) out.push('订单状态显示已支付，但支付记录显示未支付');
  return out;
}
