/** The record of one scenario run: every stage call and every tool call, in order. */
import type { Usage } from '../providers/provider.js';
import type { GateBlock } from './gates/gate-chain.js';

export interface StageTrace {
  stage: string;
  prompt: string;
  input: Record<string, unknown>;
  raw_output?: string;
  output?: unknown;
  valid: boolean;
  /** Why the output was rejected, or the transport error after retries. */
  error?: string;
  /** The output was not JSON at all: what "JSON abandoned" means. */
  not_json?: boolean;
  latency_ms: number;
  usage: Usage;
  cost_usd: number;
  cached: boolean;
}

export type ToolStatus = 'executed' | 'failed' | 'blocked' | 'not_authorized' | 'declined' | 'awaiting_confirmation';

export interface ToolTrace {
  tool: string;
  args: Record<string, unknown>;
  /** Who asked for it: the fact-query plan, a responsibility decision, the program. */
  proposed_by: string;
  status: ToolStatus;
  /** The model's authorization decision, for write tools. */
  authorization?: string;
  block?: GateBlock;
  result?: { success: boolean; data: Record<string, unknown>; error: string | null; duplicate?: boolean };
  idempotency_key?: string | null;
}

export interface HandoffSummary {
  customer_id: string;
  verified: boolean;
  issue_summary: string;
  root_cause: string;
  order_refs: string[];
  refund_amount: number | null;
  actions_taken: string[];
  recommended_action: string;
  customer_sentiment: string;
}

export interface PipelineTrace {
  stages: StageTrace[];
  tools: ToolTrace[];
  injection_risk: { model_tags: string[]; program_phrases: string[] };
  /** The last confirmation asked, and every tool the user confirmed. */
  confirmation: { asked: boolean; answer: 'confirmed' | 'declined' | 'no_answer' | 'not_requested'; asked_tools: string[]; confirmed_tools: string[] };
  clarification_asked: boolean;
  response_scenario: string | null;
  reply: string | null;
  /** True when the reply came from the program's fallback template, not the response module. */
  reply_fallback: boolean;
  handoff: HandoffSummary | null;
  /** Short program notes: why the flow went the way it did. */
  notes: string[];
}
