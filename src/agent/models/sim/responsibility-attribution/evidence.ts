/**
 * Selected policy evidence as the responsibility module may use it: high or
 * medium trust only, and only where the rule's own condition matches the
 * verified facts (an unshipped-order rule says nothing about a shipped one,
 * whatever the customer claims).
 */
import type { FactMap } from '../shared/fact-wording.js';
import { asRecords, asString, asStrings } from '../shared/input-readers.js';

export interface Evidence {
  evidence_id: string;
  doc_id: string;
  policy_type: string;
  summary: string;
  supports: string[];
  trust: string;
}

export function readEvidence(value: unknown): Evidence[] {
  return asRecords(value).map((e) => ({
    evidence_id: asString(e.evidence_id) ?? '',
    doc_id: asString(e.doc_id) ?? '',
    policy_type: asString(e.policy_type) ?? '',
    summary: asString(e.summary) ?? '',
    supports: asStrings(e.supports_decision_types),
    trust: asString(e.trust_level) ?? 'low',
  }));
}

const UNSHIPPED_RULE = /未发货|不发货|发货前|仍未发货/;
const DELAY_RULE = /延误|超时|丢失|丢件|异常|超过承诺时效/;
const SIGNED_RULE = /签收/;

/** Whether the rule's stated condition holds for these facts; unknown facts do not refute it. */
function evidenceApplies(e: Evidence, f: FactMap): boolean {
  if ((e.policy_type === 'shipping_delay_policy' || UNSHIPPED_RULE.test(e.summary)) && f.shipment_status && f.shipment_status !== 'not_shipped') return false;
  if (
    (e.policy_type === 'logistics_exception_policy' || DELAY_RULE.test(e.summary)) &&
    f.logistics_status &&
    !['delayed', 'exception', 'lost'].includes(f.logistics_status)
  )
    return false;
  if (SIGNED_RULE.test(e.summary) && !UNSHIPPED_RULE.test(e.summary)) {
    const delivered = f.shipment_status === 'delivered' || f.logistics_status === 'delivered';
    if ((f.shipment_status || f.logistics_status) && !delivered) return false;
  }
  return true;
}

export function usableEvidence(all: Evidence[], f: FactMap): { usable: Evidence[]; mismatched: Evidence[] } {
  const trusted = all.filter((e) => e.trust === 'high' || e.trust === 'medium');
  return { usable: trusted.filter((e) => evidenceApplies(e, f)), mismatched: trusted.filter((e) => !evidenceApplies(e, f)) };
}

const PARTY_BY_POLICY: Record<string, string> = {
  merchant_responsibility_policy: 'merchant',
  platform_responsibility_policy: 'platform',
  logistics_responsibility_policy: 'logistics',
  user_responsibility_policy: 'user',
  shipping_delay_policy: 'merchant',
  logistics_exception_policy: 'logistics',
};

const PARTY_WORDS: [string, string][] = [
  ['(承运商|物流|快递)', 'logistics'],
  ['商家', 'merchant'],
  ['平台', 'platform'],
  ['(买家|用户)', 'user'],
];

/** "由商家承担", "商家负责" and "责任方为商家" all name the merchant. */
const PARTY_BY_TEXT: [RegExp, string][] = PARTY_WORDS.map(([word, party]) => [
  new RegExp(`${word}(方)?.{0,4}(承担|负责|责任)|${word}原因|责任(方)?(为|是|属于|在|归)${word}`),
  party,
]);

/** Responsibility as the evidence assigns it (rule 12); unknown when it assigns none. */
export function responsibleParty(used: Evidence[]): string {
  for (const e of used) {
    for (const [pattern, party] of PARTY_BY_TEXT) if (pattern.test(e.summary)) return party;
    const byPolicy = PARTY_BY_POLICY[e.policy_type];
    if (byPolicy) return byPolicy;
  }
  return 'unknown';
}
