/** What the judge's claim readers say a reply claims: the action, and how far it got. */
/** `unsupported`: an exchange, a reshipment, a repair or a pickup, which no tool of this agent makes. */
export type ClaimKind = 'refund' | 'compensation' | 'money' | 'cancel' | 'address_change' | 'ticket' | 'handoff' | 'request' | 'unsupported';
export type ClaimState = 'submitted' | 'succeeded' | 'arrived';
