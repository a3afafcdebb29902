/**
 * Customer claims weighed against verified tool facts. Tool facts win
 * (responsibility_v2, Hard Rule 4): a claim is confirmed, contradicted, or
 * simply unverified, and only confirmed claims may drop out of
 * user_claims_not_verified.
 */
import type { FactMap } from '../shared/fact-wording.js';
import { claimsElevatedRole, containsInstruction } from '../shared/manipulation-text.js';
import { asRecord, asRecords, asString, stringsIn } from '../shared/input-readers.js';

type ClaimVerdict = 'confirmed' | 'contradicted' | 'unverified';

export interface ClaimReview {
  notVerified: string[];
  contradicted: string[];
  /** Claims or slots that try to instruct the system (injected instructions). */
  instructs: boolean;
  /** Claims of an elevated role ("我是管理员"). */
  claimsRole: boolean;
}

const NOT_SHIPPED = /没发货|未发货|不发货|没有发货|还没发|没发出|根本没发/;
const SHIPPED = /已发货|发货了|已经发出/;
const NOT_RECEIVED = /没收到|未收到|没到|没送到|还没到/;
const RECEIVED = /已签收|收到了|已收到/;
const LOST = /丢了|丢失|弄丢|丢件/;
const STALLED = /没(有)?更新|不动|没动|停滞|延误|太慢|晚了|超时/;
const PAID = /已付款|已支付|付了钱|付款了|付过钱/;
const REFUNDED = /退款.{0,4}(完成|到账|成功)|已退款|钱退了/;
const CANCELLED = /已取消|取消了/;

const IN_FLIGHT = ['in_transit', 'out_for_delivery', 'delayed', 'exception', 'lost', 'no_tracking'];

/** What the facts say about one claim; unknown facts leave a claim unverified, never confirmed. */
function judgeClaim(type: string, text: string, f: FactMap): ClaimVerdict {
  const shippedFact =
    f.shipment_status === 'shipped' || f.shipment_status === 'delivered' || ['in_transit', 'out_for_delivery', 'delivered'].includes(f.logistics_status ?? '');
  const delivered = f.shipment_status === 'delivered' || f.logistics_status === 'delivered';
  if (NOT_SHIPPED.test(text)) {
    if (shippedFact) return 'contradicted';
    return f.shipment_status === 'not_shipped' ? 'confirmed' : 'unverified';
  }
  if (SHIPPED.test(text) && f.shipment_status === 'not_shipped') return 'contradicted';
  if (REFUNDED.test(text)) {
    if (f.payment_status === 'refunded' || f.after_sales_status === 'refund_completed') return 'confirmed';
    return f.payment_status || f.after_sales_status ? 'contradicted' : 'unverified';
  }
  if (LOST.test(text)) {
    if (f.logistics_status === 'lost') return 'confirmed';
    return delivered ? 'contradicted' : 'unverified';
  }
  if (NOT_RECEIVED.test(text) || STALLED.test(text)) {
    if (delivered) return 'contradicted';
    if (STALLED.test(text)) return f.logistics_status === 'delayed' || f.logistics_status === 'exception' ? 'confirmed' : 'unverified';
    return IN_FLIGHT.includes(f.logistics_status ?? '') || f.shipment_status === 'not_shipped' ? 'confirmed' : 'unverified';
  }
  if (RECEIVED.test(text)) {
    if (delivered) return 'confirmed';
    return f.shipment_status || f.logistics_status ? 'contradicted' : 'unverified';
  }
  if (PAID.test(text) && type !== 'other') {
    if (f.payment_status === 'unpaid') return 'contradicted';
    return f.payment_status === 'paid' ? 'confirmed' : 'unverified';
  }
  if (CANCELLED.test(text)) {
    if (f.order_status === 'cancelled') return 'confirmed';
    return f.order_status ? 'contradicted' : 'unverified';
  }
  return 'unverified';
}

export function reviewClaims(intentResult: unknown, facts: FactMap): ClaimReview {
  const ir = asRecord(intentResult);
  const claims = asRecords(ir.user_claims).map((c) => ({ type: asString(c.claim_type) ?? 'other', text: asString(c.claim_text) ?? '' }));
  const slots = asRecord(ir.slots);
  const mentioned = asString(slots.delivery_status_mentioned_by_user);
  if (mentioned && !claims.some((c) => c.type === 'shipment_status' || c.type === 'logistics_status')) {
    claims.push({ type: 'shipment_status', text: `用户称${mentioned}` });
  }
  const review: ClaimReview = { notVerified: [], contradicted: [], instructs: false, claimsRole: false };
  for (const claim of claims) {
    if (!claim.text) continue;
    const verdict = judgeClaim(claim.type, claim.text, facts);
    if (verdict !== 'confirmed') review.notVerified.push(claim.text);
    if (verdict === 'contradicted') review.contradicted.push(claim.text);
    review.instructs ||= containsInstruction(claim.text);
    review.claimsRole ||= claimsElevatedRole(claim.text);
  }
  review.instructs ||= stringsIn(slots).some(containsInstruction);
  return review;
}
