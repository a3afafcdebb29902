/** The tables of policy_evidence_filter: its patterns, wordings and labels, one per kind. */

export const TRUST: Record<string, string> = { official: 'high', internal: 'medium' };

export const TRUST_RANK: Record<string, number> = { official: 2, internal: 1 };

/** A verified fact rules out documents written only for the opposite situation. */
export const CONTRADICTS: Record<string, { without: string; against: string[] }> = {
  not_shipped: { without: 'unshipped', against: ['signed', 'shipped'] },
  shipped: { without: 'shipped', against: ['unshipped'] },
  delivered: { without: 'signed', against: ['unshipped'] },
};
