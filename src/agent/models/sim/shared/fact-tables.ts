/**
 * The wording of verified tool facts (src/agent/vocabulary/fact-vocabulary.ts), the
 * one place sim writes them: every module that cites a fact (the decision
 * modules to their reviewers, policy rewrite in its conditions, the reply
 * module to the customer) reads these tables, so one fact reads the same
 * everywhere. Completed-state codes such as refund_completed are worded as
 * what the record shows, never echoed.
 */
import type { VerifiedToolFacts } from '../../../vocabulary/fact-vocabulary.js';

/** The fact fields of verified_tool_facts and their names: the only place they are written out. */
export const FACT_FIELD_NAMES: Record<keyof VerifiedToolFacts, string> = {
  order_status: '订单状态',
  payment_status: '支付状态',
  shipment_status: '发货状态',
  logistics_status: '物流状态',
  after_sales_status: '售后状态',
};

/** Each vocabulary value as a sentence; null: the value states nothing worth citing. */
export const FACT_PHRASES: Record<keyof VerifiedToolFacts, Record<string, string | null>> = {
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

/** Names of the keys of tool data a reviewer reads, fact fields included. */
export const DATA_KEY_LABELS: Record<string, string> = {
  ...FACT_FIELD_NAMES,
  order_id: '订单',
  refund_id: '退款单号',
  ticket_id: '工单号',
  compensation_id: '补偿单号',
  message_id: '消息编号',
  amount: '金额',
  refund_amount: '退款金额',
  ticket_status: '工单状态',
  shipping_address: '收货地址',
  address: '收货地址',
  status: '状态',
  reference_id: '回执编号',
};

/** Status words of tool data in general (tickets, messages, refunds), worded for a `label：word` line. */
export const STATUS_WORDS: Record<string, string> = {
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
