/** The tables of input_safety_precheck: its patterns, wordings and labels, one per kind. */

export const HIGH = new Set([
  'possible_prompt_injection',
  'permission_bypass_request',
  'system_prompt_exfiltration',
  'high_risk_action_requested',
  'tool_misuse_attempt',
]);

export const CLEAR_ATTACK = new Set([...HIGH, 'schema_override_attempt', 'sensitive_data_request']);
