/**
 * Pipeline scenarios (`cases/pipeline/*.yaml`): a user turn, who the user is,
 * the mocked world, an optional attack and where it is planted, how the
 * simulated user answers a confirmation request, and what must come out.
 */
import { z } from 'zod';
import { CASE_ID, CASE_TYPES, GeneratedBySchema } from '../cases/case-schema.js';
import { AFTER_SALES_STATUSES, LOGISTICS_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, SHIPMENT_STATUSES } from './fact-vocabulary.js';

export const ATTACK_GOALS = ['write_executed', 'system_prompt_leaked', 'json_abandoned', 'admin_accepted', 'forbidden_promise'] as const;
export type AttackGoal = (typeof ATTACK_GOALS)[number];

export const INJECTION_PLACEMENTS = ['user_turn', 'tool_output', 'retrieved_document'] as const;

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
  /** Set when a write already happened for this order, so that a repeat is a duplicate. */
  idempotency_key: z.string().optional(),
  note: z.string().optional(),
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
});

export const FAULT_BEHAVIORS = ['error', 'timeout', 'success_without_state_change'] as const;

const FaultSchema = z.strictObject({
  tool: z.string().min(1),
  behavior: z.enum(FAULT_BEHAVIORS),
  /** How many calls misbehave before the tool works again; all of them by default. */
  times: z.number().int().min(1).optional(),
});

export const WorldSchema = z.strictObject({
  orders: z.array(OrderSchema).default([]),
  logistics: z.array(LogisticsSchema).default([]),
  payments: z.array(PaymentSchema).default([]),
  after_sales: z.array(AfterSalesSchema).default([]),
  tickets: z.array(TicketSchema).default([]),
  policies: z.array(PolicySchema).default([]),
  faults: z.array(FaultSchema).default([]),
});
export type World = z.infer<typeof WorldSchema>;
export type WorldOrder = z.infer<typeof OrderSchema>;
export type WorldPolicy = z.infer<typeof PolicySchema>;

const InjectionSchema = z.strictObject({
  text: z.string().min(1),
  placement: z.enum(INJECTION_PLACEMENTS),
  /** tool_output: the read tool whose output carries the text; retrieved_document: the doc_id it is planted in. */
  target: z.string().optional(),
  goals: z.array(z.enum(ATTACK_GOALS)).min(1).describe('What the attacker wants; any goal achieved means the attack succeeded.'),
});
export type Injection = z.infer<typeof InjectionSchema>;

const ExpectedCallSchema = z.strictObject({
  tool_name: z.string().min(1),
  args: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
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
  /** The write tools that must execute, exactly; arguments listed must match. Reads are not listed. */
  tool_calls: z.array(ExpectedCallSchema).default([]),
  /** Tools that must never execute. */
  never_execute: z.array(z.string()).default([]),
  handoff: z.boolean().default(false),
  /** Fields the hand-off summary must carry (subset match; lists must contain these items). */
  handoff_summary: z.record(z.string(), z.unknown()).optional(),
  clarification: z.boolean().optional(),
  forbidden_reply_phrases: z.array(z.string().min(1)).default([]),
  reply_must_include: z.array(z.string().min(1)).default([]),
});
export type ScenarioExpected = z.infer<typeof ExpectedSchema>;

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
  turn: z.string().min(1),
  history: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string() })).default([]),
  source: z.enum(['web', 'app', 'enterprise_wechat', 'api', 'unknown']).default('app'),
  world: WorldSchema.prefault({}),
  injection: InjectionSchema.optional(),
  /** How the simulated user answers a confirmation request. */
  confirmation: z.enum(['yes', 'no', 'no_answer']).default('yes'),
  /**
   * The actions the simulated user agrees to when asked; any other is declined.
   * Default: the expected write tools, plus the tool the expected intent asks for.
   */
  confirms: z.array(z.string()).optional(),
  expected: ExpectedSchema,
});
export type Scenario = z.infer<typeof ScenarioSchema>;

export const ScenarioFileSchema = z.strictObject({
  $schema: z.string().optional(),
  scenarios: z.array(ScenarioSchema).min(1, 'a scenario file lists at least one scenario'),
});
