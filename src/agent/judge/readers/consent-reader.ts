/**
 * The judge's reading of what the customer named in their own words: an
 * order by its id (however typed: spaced, full-width, another case) or by
 * its product. A write the customer confirmed is theirs only on an object
 * they named; the judge reads that from what they typed, not from what a
 * module put in a slot.
 */
import { plainText, squeezed } from './plain-text.js';

export interface NameableOrder {
  order_id: string;
  product_name?: string | undefined;
}

export function namesOrder(said: readonly string[], order: NameableOrder): boolean {
  const product = order.product_name ? squeezed(order.product_name) : '';
  const id = idPattern(order.order_id);
  return said.some((w) => id.test(plainText(w)) || (product.length >= 2 && squeezed(w).includes(product)));
}

/** The id as a whole reference, its characters possibly spaced or dashed apart: O12 is not named by O123. */
function idPattern(orderId: string): RegExp {
  const chars = [...orderId.replace(/[\s-]/g, '')].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![A-Za-z0-9])${chars.join('[\\s-]*')}(?![A-Za-z0-9])`, 'i');
}
