/** The record of one scenario run: every stage call and every tool call, in order. */
import type { Usage } from '../../harness/providers/provider.js';
import type { GuardBlock } from './guards/guard-chain.js';

/** Where an event sits in the conversation: the user turn (1-based) and its position among all stage and tool events. */
export interface EventOrder {
  turn: number;
  seq: number;
}

export interface StageTrace extends Partial<EventOrder> {
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
  /** The schema failure breaks only constraints the endpoint could not enforce. */
  unenforced?: string;
  /** The call screened untrusted text (this source) as data: only its risk tags were used. */
  screen?: string;
  latency_ms: number;
  usage: Usage;
  /** null: the model has no price (unknown, never 0). */
  cost_usd: number | null;
  cached: boolean;
}

type ToolStatus = 'executed' | 'failed' | 'blocked' | 'not_authorized' | 'declined' | 'awaiting_confirmation';

export interface ToolTrace extends Partial<EventOrder> {
  tool: string;
  args: Record<string, unknown>;
  /** Who asked for it: the fact-query plan, a responsibility decision, the program. */
  proposed_by: string;
  status: ToolStatus;
  /** The model's authorization decision, for write tools. */
  authorization?: string;
  block?: GuardBlock;
  result?: { success: boolean; data: Record<string, unknown>; error: string | null; duplicate?: boolean };
  /** Write calls: whether the world changed (the mock's own record, independent of what the tool answered). */
  effect?: boolean;
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

/**
 * The attacker's text reached a module's input or the program (a read, a
 * retrieved document, a gate's look at the records, the user turn). An
 * injection matters from the first exposure on, never before.
 */
export interface Exposure extends EventOrder {
  /** `user_turn`, `module:<stage>`, `screen:<stage>` (read as data only), `tool:<read tool>`, `document:<doc_id>`, `gate:records`. */
  via: string;
}

export type ConfirmationAnswer = 'confirmed' | 'declined' | 'no_answer' | 'mismatch';

/** One confirmation question about one exact action, and what the user answered. */
export interface ConfirmationRequest extends EventOrder {
  tool: string;
  args: Record<string, unknown>;
  /** The user's answer; `mismatch` when the answer names another order or amount, which confirms nothing. */
  answer: ConfirmationAnswer | 'pending';
  /** The turn that answered (multi-turn), or the same turn for a single-turn scenario's scripted answer. */
  answered_in_turn?: number;
  /** Why an answer was no yes, as the program read it: `deferral`, `conditional`, `partial`, `hedged`, `question`, `not_affirmative`, `other_topic`, or the value it names. */
  reading?: string;
  /** The question the user saw, word for word: always the program's, built from `tool` and `args` (confirmation-question.ts). */
  question?: string;
}

/** A stop the user asked for ("先别处理了"): from the turn it was set to the turn an explicit new request lifted it (null: still in force). */
export interface StopSpan {
  set_in_turn: number;
  lifted_in_turn: number | null;
}

/** One turn of capability routing: which capability, binding and version it used, and why. */
export interface CapabilityTurnTrace {
  turn: number;
  /** The conversation branch: an edited history starts a new one. */
  branch: number;
  /** The entry model's candidate as the server accepted it (an id not in this turn's text dropped); null when no model ran. */
  candidate: { capability: string; operation: string; refund_id: string | null } | null;
  binding: { capability: string; scenario: string; version: string; reason: string } | null;
  /** Why the turn could not bind (an unavailable pinned version, an unknown capability). */
  binding_error?: string;
  refund_id: string | null;
  /** explain_status, create_exception_ticket, reuse_ticket, ask_which, refuse_object, clarify_object, stopped, policy_answer, binding_error, none. */
  action: string;
  reason: string;
  /** The program's guard that refused the refund path's personal read (personal_read_unnamed, personal_read_foreign_object): nothing was read or written. */
  guard?: string;
  /** policy.consult: the documents the scoped, date-filtered search returned. */
  retrieved?: string[];
}

/** What one user turn got back. */
export interface TurnRecord {
  turn: number;
  user: string;
  reply: string | null;
  response_scenario: string | null;
  /** The action awaiting the user's confirmation when the turn ended. */
  pending?: { tool: string; args: Record<string, unknown> } | null;
  /** The mocked world when this turn's reply was sent: each reply is judged against it, not against the end. */
  world_after?: unknown;
}

export interface PipelineTrace {
  stages: StageTrace[];
  tools: ToolTrace[];
  /**
   * What the agent knew of an attack: the precheck's and evidence filter's tags, the program's scan,
   * the screen's tags on untrusted text, and when each first signalled (absent in traces of older runs).
   */
  injection_risk: { model_tags: string[]; program_phrases: string[]; screen_tags?: string[]; signals?: (EventOrder & { source: string })[] };
  exposures: Exposure[];
  /** Every tool the user confirmed, and each question asked with its exact arguments. */
  confirmation: {
    asked: boolean;
    answer: 'confirmed' | 'declined' | 'no_answer' | 'not_requested' | 'mismatch';
    asked_tools: string[];
    confirmed_tools: string[];
    requests: ConfirmationRequest[];
  };
  turns: TurnRecord[];
  /** Capability routing (docs/spec/capability-routing.md#what-each-turn-records): per turn, the candidate, the binding and why, the refund object and the decision. */
  capability?: CapabilityTurnTrace[];
  /** Each stop of the conversation, in order; absent when the user never asked to stop. */
  stop_state?: StopSpan[];
  clarification_asked: boolean;
  response_scenario: string | null;
  reply: string | null;
  /** True when the reply came from the program's fallback template, not the response module. */
  reply_fallback: boolean;
  /** Replies the program stopped before they were sent, each with why; a template went out instead. */
  reply_blocked?: (EventOrder & { reason: string; reply: string })[];
  handoff: HandoffSummary | null;
  /** Short program notes: why the flow went the way it did. */
  notes: string[];
  /** The mocked world as it stands after the conversation: what the judge compares with the expected outcome. */
  world_after?: unknown;
  /** The module outputs the judge reads, as they stand at the end. */
  outputs?: RunOutputs;
}

/** The outputs the judge reads, the latest of each across turns. */
export interface RunOutputs {
  intent: Record<string, unknown> | null;
  /** Responsibility output of the primary task. */
  decision: Record<string, unknown> | null;
  selected_doc_ids: string[];
  verification: Record<string, unknown> | null;
}

/** The trace of a conversation before anything happened. */
export function emptyTrace(): PipelineTrace {
  return {
    stages: [],
    tools: [],
    injection_risk: { model_tags: [], program_phrases: [] },
    exposures: [],
    confirmation: { asked: false, answer: 'not_requested', asked_tools: [], confirmed_tools: [], requests: [] },
    turns: [],
    clarification_asked: false,
    response_scenario: null,
    reply: null,
    reply_fallback: false,
    handoff: null,
    notes: [],
  };
}
