/**
 * Order numbers in customer text. The pattern sim uses (the README's "what sim
 * treats as an order number"):
 *
 *   - 1–3 ASCII letters, an optional hyphen, then 3–20 digits: O123, O-20231, SO20260001
 *     (1–2 digits only right after 订单/单号/order: "订单O88");
 *   - or 10–20 digits alone: 2026112900123;
 *
 * standing alone (not inside a longer run of letters or digits), and never a
 * mainland mobile number (11 digits starting 13–19) or a number introduced as
 * a tracking or ticket number (运单号 SF1234567890, 工单 T20260301).
 * The number is copied exactly as written; nothing is completed or corrected.
 */
const ORDER_ID = /(?<![A-Za-z0-9_-])(?:[A-Za-z]{1,3}-?\d{1,20}|\d{10,20})(?![A-Za-z0-9_])/g;
const SHORT = /^[A-Za-z]{1,3}-?\d{1,2}$/;
const MOBILE = /^1[3-9]\d{9}$/;
const NOT_AN_ORDER_BEFORE = /(?:运单|快递单|物流单|快递号|物流号|工单|投诉单|手机|电话|tracking|ticket)[号码]?\s*[:：是为]?\s*$/i;
const ORDER_CUE_BEFORE = /(?:订单|单号|order)\s*(?:号|编号|no\.?|id)?\s*[:：是为]?\s*$/i;

export interface OrderIdMatch {
  id: string;
  index: number;
  /** Introduced by 订单/单号/order, so certainly meant as an order number. */
  cued: boolean;
}

export function findOrderIds(text: string): OrderIdMatch[] {
  const found: OrderIdMatch[] = [];
  for (const m of text.matchAll(ORDER_ID)) {
    const id = m[0];
    if (MOBILE.test(id)) continue;
    const before = text.slice(Math.max(0, m.index - 8), m.index);
    if (NOT_AN_ORDER_BEFORE.test(before)) continue;
    const cued = ORDER_CUE_BEFORE.test(before);
    if (SHORT.test(id) && !cued) continue;
    found.push({ id, index: m.index, cued });
  }
  return found;
}

/** The order number the customer means: the first one introduced as an order, else the first one. */
export function primaryOrderId(text: string): string | null {
  const ids = findOrderIds(text);
  return (ids.find((m) => m.cued) ?? ids[0])?.id ?? null;
}

/** Distinct order numbers, in order of appearance. */
export function distinctOrderIds(text: string): string[] {
  return [...new Set(findOrderIds(text).map((m) => m.id))];
}

/** Whether a slot value looks like an order number sim would have extracted. */
export function looksLikeOrderId(value: unknown): value is string {
  return typeof value === 'string' && findOrderIds(value).some((m) => m.id === value.trim());
}
