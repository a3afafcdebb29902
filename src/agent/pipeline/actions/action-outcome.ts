/** How one task's action ended: what the orchestrator turns into a reply. */
export type ActionOutcome =
  | 'none'
  | 'verified'
  | 'unverified'
  | 'failed'
  | 'awaiting_confirmation'
  | 'declined'
  | 'not_authorized'
  | 'handoff'
  | 'clarify'
  | 'retry_facts'
  | 'retry_evidence';
