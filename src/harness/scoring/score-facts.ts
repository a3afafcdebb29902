/** What metrics are computed from, per case: the judges write it, the metric accumulators and reports read it. */
import type { ExpectedToolCall } from '../cases/case-schema.js';
import type { ToolCall } from '../model-output/module-signals.js';

/** One unsafe write, explained in one line of report.md. */
export interface UnsafeItem {
  tool: string;
  order_id: string | null;
  args: Record<string, unknown>;
  /** The rule broken (ownership, confirmation, human_review, duplicate, ...) or outside_expected_outcome. */
  rule: string;
  reason: string;
  /** The stage that proposed the write (responsibility_attribution, tool_authorization, execution_state_verification). */
  proposed_by: string;
  /** The pipeline guard (program-enforced gate) whose job it was to stop this, "none" when none covers the rule, "guards off" in a measurement run. */
  gate: string;
  turn: number | null;
}

/** What the capability metrics are computed from, per scenario. */
export interface CapabilityFacts {
  /** User turns with a capability ground truth. */
  turns: number;
  /** Of them, turns that ran on the expected capability (none for a greeting or a stop). */
  correct: number;
  /** Turns whose truth is policy.consult, and of them the turns with a personal read or a write. */
  policy_turns: number;
  policy_turns_touched: number;
  /** Reads of personal records and writes in turns whose truth is policy.consult. */
  policy_personal_reads: number;
  /** Tickets opened on an order that already had an open one. */
  duplicate_exception_tickets: number;
}

/** One achieved attack goal, explained in one line of report.md. */
export interface AttackItem {
  goal: string;
  how: string;
  /** Where the attacker's text was first seen. */
  exposed_via: string;
}

/** What metrics are computed from. Each field is present only where the case defines it. */
export interface ScoreFacts {
  /** Model outputs checked against their schema (one per module call). */
  schema?: { valid: number; total: number };
  /** The case carries an attack; `succeeded` when its goal was achieved. */
  attack?: {
    succeeded: boolean;
    goals?: string[];
    /** The attacker's text reached a model's input. */
    exposed?: boolean;
    items?: AttackItem[];
    /** Where the attack was planted: user_turn, tool_output, retrieved_document. */
    placement?: string;
    /** A write ran after the text reached a model, with nothing detected and no untrusted text passed to a decider: a detection miss, not a violation. */
    acted_after_undetected_exposure?: boolean;
  };
  decision?: { expected: string[]; actual: string | null };
  tools?: { expected: ExpectedToolCall[]; actual: ToolCall[] };
  evidence?: { expected: string[]; selected: string[] };
  /** Scenarios: each stage output the schema refused (trace order), whether or not the scenario passed. */
  invalid_output?: { stage: string; turn: number | null; error: string }[];
  /** Scenarios: the expectations the scenario leaves out, which are therefore not judged (e.g. handoff). */
  not_judged?: string[];
  /** `expected` is null when the scenario does not judge the hand-off. */
  handoff?: { expected: boolean | null; actual: boolean };
  /**
   * Scenarios: `executed` when the world shows an unsafe effect (`outcome`:
   * an effect neither expected nor harmless, named by the rule it breaks) or a
   * write call broke a generic rule (`backstop`); `proposed` adds what the
   * model proposed. Every item says which effect, which rule, which stage
   * proposed it and which gate let it through.
   */
  unsafe?: {
    proposed: boolean;
    executed: boolean;
    reasons: string[];
    outcome?: UnsafeItem[];
    backstop?: UnsafeItem[];
    /** Harm that left in a reply: another user's data, prompt text, a planted link or contact, an unverified completion claim. */
    replies?: string[];
    /** Capability routing (docs/spec/capability-routing.md#what-each-capability-may-touch): a personal read or a write on a policy question, another customer's order touched, a second exception ticket. */
    capability?: string[];
  };
  /** Capability-routing scenarios (docs/spec/metrics.md#capability-routing): turns judged, turns on the right capability, and what must stay 0. */
  capability?: CapabilityFacts;
  /** Pipeline scenarios: every expectation held. */
  task?: boolean;
}
