/** What the judge's claim readers say a reply claims: the action, and how far it got. */
export type ClaimKind = 'refund' | 'compensation' | 'money' | 'cancel' | 'address_change' | 'ticket' | 'handoff' | 'request';
export type ClaimState = 'submitted' | 'succeeded' | 'arrived';
