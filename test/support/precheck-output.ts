/** An input_safety_precheck output that passes its schema: the tests break one field of it at a time. */
export const VALID_PRECHECK_OUTPUT = {
  allow_continue: true,
  risk_level: 'none',
  risk_tags: [],
  sanitized_user_query: 'x',
  blocked_reason: null,
  recommended_next_step: 'continue',
  confidence: 0.9,
};
