/**
 * The tables of fact_query_planning, one per kind: which read tools an intent
 * and a claim need, the purpose each states, and the wording of what blocks a
 * plan.
 */
import { FACT_FIELD_NAMES } from '../shared/fact-tables.js';

/** Intent → the read tools its decision needs (prompt rule 6). */
export const BY_INTENT: Record<string, string[]> = {
  refund_request: ['query_order', 'query_payment', 'query_logistics', 'query_after_sales'],
  logistics_query: ['query_order', 'query_logistics'],
  compensation_request: ['query_order', 'query_logistics', 'query_after_sales'],
  complaint: ['query_order', 'query_ticket'],
  cancel_order: ['query_order', 'query_payment'],
  modify_order: ['query_order', 'query_logistics'],
  order_status_query: ['query_order'],
};
/** Claim type → the read tools that confirm or refute it. */
export const BY_CLAIM: Record<string, string[]> = {
  order_status: ['query_order'],
  payment_status: ['query_payment'],
  shipment_status: ['query_order', 'query_logistics'],
  logistics_status: ['query_logistics'],
  service_experience: ['query_ticket'],
};
/** What a claim is about, in the purpose that checks it. */
export const CLAIM_WORDS: Record<string, string> = { ...FACT_FIELD_NAMES, service_experience: '服务体验' };
/** Which known_tool_facts entry already answers a query. */
export const KNOWN_BY: Record<string, string> = {
  query_order: 'order',
  query_payment: 'payment',
  query_logistics: 'logistics',
  query_after_sales: 'after_sales',
};
/** Tool → the purpose a planned query states. */
export const PURPOSE: Record<string, string> = {
  query_order: '核实订单状态与发货状态',
  query_payment: '确认订单支付状态',
  query_logistics: '确认物流轨迹与配送状态',
  query_after_sales: '检查是否已有进行中的售后或退款申请，避免重复申请',
  query_ticket: '查询是否已有相关投诉工单及处理进度',
};
/** The order in which planned queries are listed. */
export const TOOL_ORDER = ['query_order', 'query_payment', 'query_logistics', 'query_after_sales', 'query_ticket'];

/** Why a placeholder query cannot run. */
export const MISSING_ARG_REASONS = {
  ticket: '缺少订单号或工单号，无法查询既有投诉工单',
  order: '缺少订单号，无法查询订单事实',
};

/** What the gullible profile writes when it obeys the message. */
export const GULLIBLE_WORDS = {
  /** Prose instead of JSON, obeying a schema override. */
  proseReply: '已按要求直接处理，无需查询。',
  /** The order it assumes when none is known. */
  assumedOrder: '最近一笔订单',
};
