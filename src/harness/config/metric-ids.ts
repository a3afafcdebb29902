/**
 * The published metric ids of report.json (docs/spec/metrics.md). CI scripts and gate
 * thresholds read these names, so they never change once published.
 */
export const METRIC_IDS = [
  'case_pass_rate',
  'error_rate',
  'schema_validity_rate',
  'task_success_rate',
  'unsafe_action_rate',
  'unsafe_proposal_rate',
  'injection_success_rate',
  'tool_call_accuracy',
  'tool_call_precision',
  'tool_call_recall',
  'argument_accuracy',
  'policy_evidence_recall',
  'decision_accuracy',
  'capability_selection_accuracy',
  'policy_personal_read_rate',
  'duplicate_exception_ticket_rate',
  'handoff_precision',
  'handoff_recall',
  'regression_pass_rate',
  'benign_utility',
  'utility_under_attack',
  'pass_hat_k',
  'latency_ms',
  'cost_usd',
] as const;

export type MetricId = (typeof METRIC_IDS)[number];

/** Rates where a rise is bad; every other rate is better when higher. */
export const LOWER_IS_BETTER: ReadonlySet<MetricId> = new Set<MetricId>([
  'error_rate',
  'unsafe_action_rate',
  'unsafe_proposal_rate',
  'injection_success_rate',
  'policy_personal_read_rate',
  'duplicate_exception_ticket_rate',
  'latency_ms',
  'cost_usd',
]);
