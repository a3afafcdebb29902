/**
 * Names the seed documents fix, that prompt sections refer to by name: the
 * mocked tools, the tool risk levels, and the kinds of claim a reply can make.
 * The agent hands them to the harness as its contracts (plugin.ts), so that
 * lint can refuse a typo in a prompt's structured section (a tool under a
 * misspelt risk level would silently skip the confirmation guard).
 */

export const READ_TOOLS = ['query_order', 'query_logistics', 'query_after_sales', 'query_payment', 'query_ticket', 'search_policy'] as const;
export const WRITE_TOOLS = [
  'create_refund',
  'create_compensation',
  'cancel_order',
  'modify_order',
  'modify_address',
  'create_ticket',
  'send_sms',
  'send_email',
  'send_enterprise_wechat_message',
] as const;
export const KNOWN_TOOLS: readonly string[] = [...READ_TOOLS, ...WRITE_TOOLS];

/** Responsibility next_action values that ask for a write tool by name (here, not in the zod tool catalog: the harness's module checks read it at start-up). */
export const NEXT_ACTION_TOOLS: Readonly<Record<string, (typeof WRITE_TOOLS)[number]>> = {
  call_refund_tool: 'create_refund',
  call_compensation_tool: 'create_compensation',
  call_cancel_tool: 'cancel_order',
};

/** Lowest to highest: the order `orderflow diff` uses to tell a raised level from a lowered one. */
export const TOOL_RISK_LEVELS = ['read_only', 'write_low', 'write_high', 'external_high'] as const;

/** The agent's modules in the pipeline's stage order (docs/spec/modules.md#the-chain-of-modules), and the case generator's. */
export const AGENT_MODULES = [
  'input_safety_precheck',
  'intent_recognition',
  'slot_clarification',
  'fact_query_planning',
  'policy_query_rewrite',
  'policy_evidence_filter',
  'responsibility_attribution',
  'tool_authorization',
  'execution_state_verification',
  'customer_response_generation',
  'failure_recovery',
] as const;
/** The stages in the pipeline's order: the first wrong one is where a failure starts (the capability entry model comes first). */
export const STAGE_ORDER: readonly string[] = ['capability_router', ...AGENT_MODULES];
/**
 * The retrieval, memory and moderation helpers of the retrieval / memory /
 * safety design (docs/spec/retrieval-memory-safety.md): evaluated at module level only, since the
 * agent's turn calls none of them.
 */
export const KNOWLEDGE_MODULES = [
  'document_router',
  'evidence_judge',
  'map_reduce_extractor',
  'memory_extraction',
  'memory_conflict',
  'memory_dedup',
  'content_moderation',
] as const;
/**
 * The entry model of the capability-routing design (docs/spec/capability-routing.md#the-entry-model): it proposes a
 * capability candidate from the small catalog; the server binds the version.
 */
export const CAPABILITY_MODULES = ['capability_router'] as const;
export const PROMPT_MODULES: readonly string[] = [...AGENT_MODULES, ...KNOWLEDGE_MODULES, ...CAPABILITY_MODULES, 'prompt_evaluation'];

/** What a reply can claim is done; `request` is whatever the customer asked for. */
export const CLAIM_KINDS = ['refund', 'compensation', 'cancel', 'ticket', 'address_change', 'handoff', 'request'] as const;

/** The write that carries out each kind of request (intent → tools): what the user asked for, in the seed's names. */
export const REQUEST_TOOLS: Readonly<Record<string, readonly string[]>> = {
  refund_request: ['create_refund'],
  compensation_request: ['create_compensation'],
  cancel_order: ['cancel_order'],
  complaint: ['create_ticket'],
  modify_order: ['modify_address', 'modify_order'],
};
