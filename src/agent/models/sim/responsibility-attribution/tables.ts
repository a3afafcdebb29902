/** The tables of responsibility_attribution: its patterns, wordings and labels, one per kind. */
import { REFUND_UNDER_WAY } from '../../../vocabulary/fact-vocabulary.js';
import type { FactMap } from '../shared/fact-wording.js';
import { SAFETY_RISK_TAGS } from '../shared/manipulation-text.js';

export interface ActionRule {
  allowed: string;
  denied: string | null;
  process: string;
  /** Facts the decision depends on (Hard Rule 2). */
  needs: (keyof FactMap)[];
  /** Why the facts rule the action out, or null when they permit it. */
  factsForbid: (f: FactMap) => string | null;
  /** An after-sales record that already covers the request. */
  alreadyInProgress: (f: FactMap) => boolean;
}

export const SAFETY_TAGS = SAFETY_RISK_TAGS;

export const ACTIONS: Record<string, ActionRule> = {
  refund_request: {
    allowed: 'refund_allowed',
    denied: 'refund_denied',
    process: '退款',
    needs: ['payment_status', 'shipment_status'],
    factsForbid: (f) => (f.payment_status === 'unpaid' || f.order_status === 'pending_payment' ? '订单未支付，没有可退款项' : null),
    alreadyInProgress: (f) => REFUND_UNDER_WAY.has(f.after_sales_status ?? '') || ['refunding', 'refunded'].includes(f.payment_status ?? ''),
  },
  compensation_request: {
    allowed: 'compensation_allowed',
    denied: 'compensation_denied',
    process: '补偿',
    needs: ['logistics_status'],
    factsForbid: (f) => (['delayed', 'exception', 'lost'].includes(f.logistics_status ?? '') ? null : '工具事实未显示物流延误、异常或丢失'),
    alreadyInProgress: (f) => f.after_sales_status === 'compensation_issued',
  },
  cancel_order: {
    allowed: 'cancellation_allowed',
    denied: null,
    process: '取消订单',
    needs: ['order_status', 'shipment_status'],
    factsForbid: (f) =>
      f.shipment_status !== 'not_shipped' || ['shipped', 'delivered', 'completed'].includes(f.order_status ?? '') ? '订单已发货，无法直接取消' : null,
    alreadyInProgress: (f) => f.order_status === 'cancelled' || f.order_status === 'closed' || f.after_sales_status === 'cancelled',
  },
};

export const TOOL_ACTIONS: Record<string, [string, string, string]> = {
  refund_request: ['refund_allowed', 'call_refund_tool', '退款'],
  compensation_request: ['compensation_allowed', 'call_compensation_tool', '补偿'],
  cancel_order: ['cancellation_allowed', 'call_cancel_tool', '取消订单'],
};

/** Tags the gullible model never raises: it sees no attack and no contradiction. */
export const UNSEEN_TAGS = new Set([...SAFETY_TAGS, 'conflicting_tool_results', 'user_claim_conflicts_with_tool_result']);
