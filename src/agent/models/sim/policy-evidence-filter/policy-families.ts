/**
 * The policy types that can decide each kind of request: an official rule of
 * any of them, where its condition holds, is evidence enough (a refund of an
 * unshipped order rests on a refund rule, a shipping-delay rule, a return or
 * after-sales rule, or the merchant's responsibility rule alike). The rewrite
 * names the types it searched for; a fitting document of another type of the
 * same family is not irrelevant.
 */
const FAMILIES: Record<string, readonly string[]> = {
  refund_policy: ['refund_policy', 'shipping_delay_policy', 'return_policy', 'after_sales_policy', 'merchant_responsibility_policy'],
  compensation_policy: ['compensation_policy', 'logistics_exception_policy', 'shipping_delay_policy', 'logistics_responsibility_policy'],
  cancellation_policy: ['cancellation_policy', 'after_sales_policy'],
};

/** The types fitting the request whose searched types are `searched`. */
export function fittingTypes(searched: readonly string[]): Set<string> {
  return new Set(searched.flatMap((t) => FAMILIES[t] ?? [t]));
}

/** Only the families' own types: a search for a refund rule is the refund family, not every after-sales one. */
export function decidesRequest(policyType: string, searched: readonly string[]): boolean {
  return searched.some((t) => FAMILIES[t]?.includes(policyType));
}
