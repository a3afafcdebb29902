/**
 * What this agent's module outputs say about tool calls and hand-offs, read the
 * same way by the harness's module checks and metrics (AgentPlugin.moduleSignals).
 * One function per question, one branch per module.
 */
import type { ModuleSignals, ToolCall } from '../../harness/model-output/module-signals.js';
import { NEXT_ACTION_TOOLS } from '../vocabulary/seed-contracts.js';

/** Tools the output plans (fact_query_planning), authorizes or asks to call; undefined when the module has none. */
function proposedToolCalls(module: string, output: unknown): ToolCall[] | undefined {
  const o = (output ?? {}) as Record<string, unknown>;
  switch (module) {
    case 'fact_query_planning':
      return Array.isArray(o.planned_queries)
        ? o.planned_queries.map((q) => ({ tool_name: String((q as ToolCall).tool_name), args: ((q as ToolCall).args ?? {}) as Record<string, unknown> }))
        : [];
    case 'tool_authorization':
      return typeof o.allowed_tool_name === 'string' && o.authorization_decision !== 'deny'
        ? [{ tool_name: o.allowed_tool_name, args: (o.sanitized_args ?? {}) as Record<string, unknown> }]
        : [];
    case 'responsibility_attribution': {
      const tool = NEXT_ACTION_TOOLS[String(o.next_action)];
      return tool ? [{ tool_name: tool, args: {} }] : [];
    }
    default:
      return undefined;
  }
}

/** Whether the output hands the conversation to a human; undefined for modules that cannot. */
function handsOff(module: string, output: unknown): boolean | undefined {
  const o = (output ?? {}) as Record<string, unknown>;
  switch (module) {
    case 'input_safety_precheck':
      return o.recommended_next_step === 'human_handoff';
    case 'intent_recognition':
      return o.intent === 'human_service_request';
    case 'responsibility_attribution':
      return o.decision === 'human_handoff' || o.next_action === 'request_human_review' || o.automation_level === 'human_review_required';
    case 'tool_authorization':
      return o.authorization_decision === 'require_human_review';
    case 'execution_state_verification':
      return o.verification_status === 'human_handoff' || o.next_action === 'human_handoff';
    case 'customer_response_generation':
      return undefined;
    case 'failure_recovery':
      return o.recovery_action === 'human_handoff';
    default:
      return undefined;
  }
}

export const moduleSignals: ModuleSignals = { proposedToolCalls, handsOff };
