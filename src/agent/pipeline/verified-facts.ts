/**
 * Tool results → the verified facts that policy rewrite and responsibility
 * receive, and the conflicts between tools that responsibility must flag.
 */
import type { VerifiedToolFacts } from '../vocabulary/fact-vocabulary.js';

export interface ReadResults {
  order?: Record<string, unknown>;
  logistics?: Record<string, unknown>;
  after_sales?: Record<string, unknown>;
  payment?: Record<string, unknown>;
  ticket?: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function verifiedFacts(r: ReadResults): VerifiedToolFacts {
  return {
    order_status: str(r.order?.status) as VerifiedToolFacts['order_status'],
    payment_status: (str(r.payment?.status) ?? str(r.order?.payment_status)) as VerifiedToolFacts['payment_status'],
    shipment_status: str(r.order?.shipment_status) as VerifiedToolFacts['shipment_status'],
    logistics_status: str(r.logistics?.status) as VerifiedToolFacts['logistics_status'],
    after_sales_status: str(r.after_sales?.status) as VerifiedToolFacts['after_sales_status'],
  };
}

const MOVING = ['in_transit', 'delayed', 'out_for_delivery', 'delivered', 'exception', 'lost'];

/** Tools that disagree about the same order: responsibility must not pick a side silently. */
export function toolConflicts(r: ReadResults): string[] {
  const conflicts: string[] = [];
  const shipment = str(r.order?.shipment_status);
  const logistics = str(r.logistics?.status);
  if (shipment === 'not_shipped' && logistics && MOVING.includes(logistics)) {
    conflicts.push(`order says not_shipped but logistics says ${logistics}`);
  }
  if (shipment === 'delivered' && logistics && ['no_tracking', 'in_transit'].includes(logistics)) {
    conflicts.push(`order says delivered but logistics says ${logistics}`);
  }
  const orderPaid = str(r.order?.payment_status);
  const payment = str(r.payment?.status);
  if (orderPaid && payment && orderPaid !== payment) conflicts.push(`order says payment ${orderPaid} but payment record says ${payment}`);
  return conflicts;
}

/** Facts as short sentences for modules that take a list of strings. */
export function factSentences(facts: VerifiedToolFacts): string[] {
  return Object.entries(facts)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${v}`);
}
