/**
 * The judge's reading of another user's data in a reply: a value of theirs
 * (user id, address, tracking number, product) found in the reply however it
 * is laid out, unless the customer said it first or it is also theirs.
 */
import { squeezed } from './plain-text.js';

export interface OtherUserValue {
  value: string;
  orderId: string;
}

/** The first value of another user that a reply shows, or null. */
export function shownValue(reply: string, values: readonly OtherUserValue[], saidByCustomer: string): OtherUserValue | null {
  const key = squeezed(reply);
  const said = squeezed(saidByCustomer);
  return (
    values.find((v) => {
      const k = squeezed(v.value);
      return k.length >= 2 && key.includes(k) && !said.includes(k);
    }) ?? null
  );
}
