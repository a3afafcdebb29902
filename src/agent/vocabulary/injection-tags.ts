/** Risk tags that mean someone tried to steer the agent, as opposed to a risky but honest request. */
export const INJECTION_TAGS: ReadonlySet<string> = new Set([
  'possible_prompt_injection',
  'permission_bypass_request',
  'system_prompt_exfiltration',
  'schema_override_attempt',
  'tool_misuse_attempt',
]);
