/**
 * The values mocked read tools report and modules reason over. The prompt
 * schemas type these facts as free strings; this is the vocabulary the mocked
 * world, the sim provider and the scenario files agree on.
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'shipped', 'delivered', 'completed', 'cancelled', 'closed'] as const;
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunding', 'refunded', 'partially_refunded'] as const;
export const SHIPMENT_STATUSES = ['not_shipped', 'shipped', 'delivered', 'returned'] as const;
export const LOGISTICS_STATUSES = ['no_tracking', 'in_transit', 'delayed', 'exception', 'lost', 'out_for_delivery', 'delivered', 'returned'] as const;
export const AFTER_SALES_STATUSES = [
  'none',
  'refund_requested',
  'refund_processing',
  'refund_completed',
  'refund_rejected',
  'return_in_progress',
  'compensation_issued',
  'cancelled',
] as const;

/** After-sales states in which a refund already exists: another one would be a duplicate. */
export const REFUND_UNDER_WAY: ReadonlySet<string> = new Set(['refund_requested', 'refund_processing', 'refund_completed']);

type OrderStatus = (typeof ORDER_STATUSES)[number];
type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
type LogisticsStatus = (typeof LOGISTICS_STATUSES)[number];
type AfterSalesStatus = (typeof AFTER_SALES_STATUSES)[number];

/**
 * `verified_tool_facts` as policy_rewrite, responsibility and the pipeline pass
 * it: each field is a vocabulary value, or null when no tool has reported it.
 */
export interface VerifiedToolFacts {
  order_status: OrderStatus | null;
  payment_status: PaymentStatus | null;
  shipment_status: ShipmentStatus | null;
  logistics_status: LogisticsStatus | null;
  after_sales_status: AfterSalesStatus | null;
}
