/** The capabilities of the capability catalog (docs/spec/capability-routing.md#the-capability-catalog): a contract shared by the scenario format and the pipeline. */
export const CAPABILITIES = ['refund.followup', 'policy.consult'] as const;
export type CapabilityId = (typeof CAPABILITIES)[number];
