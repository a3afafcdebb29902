/**
 * Pipeline scenarios (`cases/pipeline/*.yaml`): a user turn, who the user is,
 * the mocked world, an optional attack and where it is planted, how the
 * simulated user answers a confirmation request, and what must come out.
 */
import { z } from 'zod';
import { CASE_ID, CASE_TYPES, GeneratedBySchema } from '../../harness/cases/case-schema.js';
import { CapabilityCatalogSchema, CapabilityExpectedSchema } from './capability-scenario-schema.js';
import { AFTER_SALES_STATUSES, LOGISTICS_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from '../vocabulary/fact-vocabulary.js';

/**
 * Named attack goals, each a fixed predicate over the world after the run and
 * the replies (never over reads): see scoring/attack-goals.ts.
 */
export const ATTACK_GOALS = [
  'write_executed',
  'system_prompt_leaked',
  'json_abandoned',
  'admin_accepted',
  'forbidden_promise',
  'other_user_data_leaked',
] as const;
type NamedAttackGoal = (typeof ATTACK_GOALS)[number];

/** The kinds of completed action a reply can claim; each is checked against its own effect in the world. */
const CLAIM_KINDS = ['refund', 'compensation', 'cancel', 'ticket', 'address_change', 'handoff'] as const;

const INJECTION_PLACEMENTS = ['user_turn', 'tool_output', 'retrieved_document'] as const;

const OrderSchema = z.strictObject({
  order_id: z.string().min(1),
  user_id: z.string().min(1),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES).default('paid'),
  shipment_status: z.enum(SHIPMENT_STATUSES).default('not_shipped'),
  amount: z.number().nonnegative().default(100),
  product_name: z.string().optional(),
  promised_ship_by: z.string().optional(),
  address: z.string().optional(),
  remark: z.string().optional().describe('Free text on the order; an attack can be planted here.'),
});

const LogisticsSchema = z.strictObject({
  order_id: z.string().min(1),
  status: z.enum(LOGISTICS_STATUSES),
  carrier: z.string().optional(),
  tracking_no: z.string().optional(),
  last_update: z.string().optional(),
  note: z.string().optional().describe('Free text from the carrier; an attack can be planted here.'),
});

const PaymentSchema = z.strictObject({
  order_id: z.string().min(1),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().nonnegative(),
  method: z.string().optional(),
});

const AfterSalesSchema = z.strictObject({
  order_id: z.string().min(1),
  status: z.enum(AFTER_SALES_STATUSES),
  refund_id: z.string().optional(),
  /** The money the record moves (a refund or a compensation), when it moves any. */
  amount: z.number().nonnegative().optional(),
  /** The key the write that made this record carried; a duplicate is judged by the record's state, not by this string. */
  idempotency_key: z.string().optional(),
  note: z.string().optional(),
  /** Refund follow-up (docs/spec/capability-routing.md#refund-follow-up): days the customer has waited, and the normal time limit. */
  waited_days: z.number().int().nonnegative().optional(),
  sla_days: z.number().int().positive().optional(),
});

const TicketSchema = z.strictObject({
  ticket_id: z.string().min(1),
  order_id: z.string().nullable().default(null),
  user_id: z.string().min(1),
  status: z.enum(['open', 'closed']),
  summary: z.string(),
});

const PolicySchema = z.strictObject({
  doc_id: z.string().min(1),
  title: z.string(),
  content: z.string(),
  policy_type: z.string(),
  trust_level: z.enum(['official', 'internal', 'external', 'unknown']),
  updated_at: z.string().nullable().default(null),
  source: z.string().default('policy_kb'),
  /** Policy consultation retrieves only versions in force on the catalog's date (YYYY-MM-DD). */
  effective_from: z.string().optional(),
  effective_to: z.string().optional(),
});

/**
 * error / timeout: nothing applied. success_without_state_change: the tool says
 * yes, the world did not change. timeout_after_apply: the world changed but the
 * answer was lost (and with it the idempotency record), so only a read tells.
 */
const FAULT_BEHAVIORS = ['error', 'timeout', 'success_without_state_change', 'timeout_after_apply'] as const;

const FaultSchema = z.strictObject({
  tool: z.string().min(1),
  behavior: z.enum(FAULT_BEHAVIORS),
  /** How many calls misbehave before the tool works again; all of them by default. */
  times: z.number().int().min(1).optional(),
});

const MessageSchema = z.strictObject({
  tool: z.string().min(1),
  to: z.string(),
  message: z.string(),
});

export const WorldSchema = z.strictObject({
  orders: z.array(OrderSchema).default([]),
  logistics: z.array(LogisticsSchema).default([]),
  payments: z.array(PaymentSchema).default([]),
  after_sales: z.array(AfterSalesSchema).default([]),
  tickets: z.array(TicketSchema).default([]),
  policies: z.array(PolicySchema).default([]),
  faults: z.array(FaultSchema).default([]),
  /** Messages sent by send_* tools. */
  messages: z.array(MessageSchema).default([]),
});
export type World = z.infer<typeof WorldSchema>;
export type WorldPolicy = z.infer<typeof PolicySchema>;

const ExpectedCallSchema = z.strictObject({
  tool_name: z.string().min(1),
  args: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
export type ExpectedCall = z.infer<typeof ExpectedCallSchema>;

/** An explicit goal: a predicate over the world after the run and the replies. */
const GoalPredicateSchema = z.union([
  z.strictObject({ effect: ExpectedCallSchema.describe('A change in the world: this write took effect (listed arguments must match).') }),
  z.strictObject({ reply_claims: z.enum(CLAIM_KINDS).describe('A reply claims this action is done while its own effect is not in the world.') }),
  z.strictObject({ reply_includes: z.string().min(1).describe("A reply contains this text (a secret, another user's data).") }),
]);
type GoalPredicate = z.infer<typeof GoalPredicateSchema>;
export type AttackGoal = NamedAttackGoal | GoalPredicate;

const InjectionSchema = z.strictObject({
  text: z.string().min(1),
  placement: z.enum(INJECTION_PLACEMENTS),
  /** tool_output: the read tool whose output carries the text; retrieved_document: the doc_id it is planted in. */
  target: z.string().optional(),
  /** user_turn placement in a multi-turn scenario: the user turn (1-based) the text arrives with. */
  turn: z.number().int().min(1).optional(),
  goals: z
    .array(z.union([z.enum(ATTACK_GOALS), GoalPredicateSchema]))
    .min(1)
    .describe('What the attacker wants; the attack succeeded when the text was exposed and any goal holds.'),
});

const ExpectedSchema = z.strictObject({
  intent: z.string().optional(),
  secondary_intents: z.array(z.string()).optional(),
  decision: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  responsible_party: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  /** Policy doc ids the evidence filter must select. */
  evidence_ids: z.array(z.string()).default([]),
  /** Policy doc ids that must not be used as evidence (injected, stale, low trust). */
  rejected_evidence_ids: z.array(z.string()).default([]),
  /** The write tools that must be called, exactly; arguments listed must match. Reads are not listed. */
  tool_calls: z.array(ExpectedCallSchema).default([]),
  /**
   * The changes the world must show after the run (tool, order, key arguments);
   * nothing else may change. Default: the expected tool_calls, less those a
   * permanent fault keeps from taking effect.
   */
  effects: z.array(ExpectedCallSchema).optional(),
  /** Changes that may happen without being required (neither expected nor unsafe). */
  allowed_effects: z.array(ExpectedCallSchema).default([]),
  /** Tools that must never execute. */
  never_execute: z.array(z.string()).default([]),
  /** Whether the conversation must end with a hand-off; omitted, the hand-off is not judged. */
  handoff: z.boolean().optional(),
  /** Fields the hand-off summary must carry (subset match; lists must contain these items). */
  handoff_summary: z.record(z.string(), z.unknown()).optional(),
  clarification: z.boolean().optional(),
  forbidden_reply_phrases: z.array(z.string().min(1)).default([]),
  reply_must_include: z.array(z.string().min(1)).default([]),
  /** Capability-routing scenarios: per turn, the capability, binding and refund object (docs/spec/capability-routing.md#what-each-turn-records). */
  capability: CapabilityExpectedSchema.optional(),
});

const TurnSchema = z.strictObject({
  user: z.string().min(1),
  /**
   * Ground truth for the judge: the one action (tool and key arguments) this
   * turn agrees to. A turn without it agrees to nothing, whatever its words.
   */
  confirms: ExpectedCallSchema.optional(),
  /** The client edited the conversation before this turn: these messages replace it, and a new branch starts. */
  edited_history: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string() })).optional(),
});
export type ScenarioTurn = z.infer<typeof TurnSchema>;

export const ScenarioSchema = z.strictObject({
  scenario_id: CASE_ID,
  case_type: z.enum(CASE_TYPES),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  /** The benign scenario this attack variant mirrors (AgentDojo-style utility under attack). */
  twin_of: z.string().optional(),
  /** Set on attack variants written by `orderflow generate --pipeline`. */
  generated_by: GeneratedBySchema.optional(),
  user: z.strictObject({ id: z.string().min(1), claimed_role: z.string().nullable().default(null) }),
  /** A single user turn; a conversation uses `turns` instead. */
  turn: z.string().min(1).optional(),
  /** Several user turns: the agent's turn ends when it asks for confirmation or clarification, and the next turn answers. */
  turns: z.array(TurnSchema).min(2).optional(),
  history: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string() })).default([]),
  source: z.enum(['web', 'app', 'enterprise_wechat', 'api', 'unknown']).default('app'),
  world: WorldSchema.prefault({}),
  injection: InjectionSchema.optional(),
  /** Single-turn scenarios: how the simulated user answers a confirmation request. */
  confirmation: z.enum(['yes', 'no', 'no_answer']).default('yes'),
  /**
   * The actions the simulated user agrees to when asked; any other is declined.
   * Default: the expected write tools, plus the tool the expected intent asks for.
   */
  confirms: z.array(z.string()).optional(),
  /** The capability catalog the server holds: with one, each turn goes through capability routing (docs/spec/capability-routing.md). */
  capability_catalog: CapabilityCatalogSchema.optional(),
  expected: ExpectedSchema,
});
export type Scenario = z.infer<typeof ScenarioSchema>;

/** The user turns of a scenario, single-turn or not. */
export function userTurns(s: Pick<Scenario, 'turn' | 'turns'>): ScenarioTurn[] {
  return s.turns ?? (s.turn !== undefined ? [{ user: s.turn }] : []);
}

export const ScenarioFileSchema = z.strictObject({
  $schema: z.string().optional(),
  scenarios: z.array(ScenarioSchema).min(1, 'a scenario file lists at least one scenario'),
});

const INTENT_TOOLS: Record<string, string> = {
  refund_request: 'create_refund',
  compensation_request: 'create_compensation',
  cancel_order: 'cancel_order',
  complaint: 'create_ticket',
  modify_order: 'modify_address',
};

/**
 * Single-turn scenarios: the actions a "yes" agrees to — `confirms`, or by
 * default the expected writes and the tool the expected intent asks for.
 */
export function agreedTools(s: Pick<Scenario, 'confirms' | 'expected'>): string[] {
  if (s.confirms) return s.confirms;
  const intents = [s.expected.intent, ...(s.expected.secondary_intents ?? [])].filter((i): i is string => Boolean(i));
  return [...new Set([...s.expected.tool_calls.map((c) => c.tool_name), ...intents.flatMap((i) => INTENT_TOOLS[i] ?? [])])];
}
