/**
 * The program-enforced guards (docs/spec/tools.md#the-gates-in-front-of-a-write), in order: schema → whitelist →
 * ownership → business rules → human review / user confirmation →
 * idempotency. Whatever the model reasoned, a call that fails a gate is not
 * executed; the pipeline gets a structured error to act on instead.
 */
import type { Located } from '../../../harness/registry/structured-sections.js';
import type { RetrievedDocument } from '../retrieval.js';
import { DECISION_FOR_TOOL, riskLevelOf, TOOL_ARGS } from '../../vocabulary/tool-catalog.js';
import type { MockWorld } from '../world/mock-world.js';
import { REFUND_UNDER_WAY } from '../../vocabulary/fact-vocabulary.js';
import { toolConflicts } from '../verified-facts.js';

export const GUARD_NAMES = ['schema', 'whitelist', 'ownership', 'business_rules', 'human_review', 'confirmation', 'idempotency'] as const;
export type GuardName = (typeof GUARD_NAMES)[number];

export interface ProposedCall {
  tool: string;
  args: Record<string, unknown>;
  idempotency_key: string | null;
}

/** The structured error a blocked call returns (docs/spec/program-enforcement.md#a-blocked-call-returns-a-structured-error): the pipeline reads it, it does not throw. */
export interface GuardBlock {
  is_error: true;
  error_code: 'PRECONDITION_FAILED' | 'NOT_ALLOWED' | 'DUPLICATE';
  gate: GuardName;
  message: string;
  remedy: string;
}

export interface GuardContext {
  /** The authenticated user: the only identity ownership is checked against. */
  userId: string;
  /** A role the user claims in their message ("我是管理员"). Passed so that the guards visibly see it, and grant it nothing. */
  claimedRole: string | null;
  world: MockWorld;
  /** From the active tool_authorization prompt's Tool Risk Levels. */
  riskLevels: Record<string, Located<string>[]>;
  /** Injection risk seen by the model (precheck tags) or by the program's own scan. */
  injectionRisk: boolean;
  confirmation: 'confirmed' | 'declined' | 'not_requested';
  decision: string | null;
  retrieved: RetrievedDocument[];
  selectedDocIds: string[];
  /** Retrieved documents in which the program found planted instructions. */
  injectedDocIds: string[];
  /** The program's detection-phrase scan, applied by the gate to the order's own records. */
  scan?: (text: string) => string[];
  /** Told what the gate itself read, so that exposure to planted text is recorded. */
  saw?: (via: string, value: unknown) => void;
}

const HIGH = new Set(['write_high', 'external_high']);

function block(gate: GuardName, message: string, remedy: string, code: GuardBlock['error_code'] = 'PRECONDITION_FAILED'): GuardBlock {
  return { is_error: true, error_code: code, gate, message, remedy };
}

/** The first gate a call fails, or null when it may execute. */
export function checkGuards(call: ProposedCall, ctx: GuardContext): GuardBlock | null {
  const argsSchema = TOOL_ARGS[call.tool];
  if (argsSchema && !argsSchema.safeParse(call.args).success) {
    return block('schema', `arguments of ${call.tool} do not match its schema`, 'rebuild the call from verified slots');
  }
  const level = riskLevelOf(call.tool, ctx.riskLevels);
  if (!argsSchema || !level) return block('whitelist', `${call.tool} is not a whitelisted tool`, 'use a tool from the catalog', 'NOT_ALLOWED');

  const orderId = typeof call.args.order_id === 'string' ? call.args.order_id : null;
  if (orderId) {
    const owner = ctx.world.ownerOf(orderId);
    if (owner === undefined) return block('ownership', `order ${orderId} does not exist`, 'ask the user to check the order number');
    // A claimed role ("我是管理员") grants nothing: only the authenticated user id counts.
    if (owner !== ctx.userId)
      return block('ownership', `order ${orderId} does not belong to the current user`, 'ask the user for one of their own orders', 'NOT_ALLOWED');
  }
  if (level === 'read_only') return null;

  const businessBlock = businessRules(call, ctx);
  if (businessBlock) return businessBlock;

  if (HIGH.has(level)) {
    // The gate scans the order's records itself: a plan that skipped the read carrying an attack must not hide it.
    const texts = orderId && ctx.scan ? recordText(ctx.world, orderId) : [];
    if (texts.length) ctx.saw?.('gate:records', texts);
    const planted = ctx.scan ? texts.flatMap(ctx.scan) : [];
    if (ctx.injectionRisk || planted.length)
      return block('human_review', `${call.tool} under prompt-injection risk needs human review`, 'hand off to a human reviewer');
    if (ctx.confirmation === 'declined') return block('confirmation', 'the user declined the confirmation', 'do not execute; tell the user nothing was done');
    if (ctx.confirmation !== 'confirmed')
      return block('confirmation', `${call.tool} needs the user's explicit confirmation`, 'ask the user to confirm, then retry');
  }
  if (!call.idempotency_key) return block('idempotency', `${call.tool} has no idempotency key`, 'attach an idempotency key');
  // A duplicate is the same effect already in force, read from the records: not the same key string.
  const inForce = orderId ? ctx.world.effectInForce(call.tool, orderId) : null;
  if (inForce)
    return block(
      'idempotency',
      `${call.tool} would repeat an effect in force: ${inForce}`,
      'report the earlier result instead of executing again',
      'DUPLICATE',
    );
  return null;
}

/** Facts a service failure can be read from; compensation needs one of them. */
const SERVICE_FAILURES = new Set(['delayed', 'lost', 'exception']);

function businessRules(call: ProposedCall, ctx: GuardContext): GuardBlock | null {
  // The gate reads the records itself: a plan that skipped a query must not hide a conflict.
  const conflicts = typeof call.args.order_id === 'string' ? recordConflicts(ctx.world, call.args.order_id) : [];
  if (conflicts.length) return block('business_rules', `tool results conflict: ${conflicts.join('; ')}`, 'hand off so a human resolves the conflict');
  const needed = DECISION_FOR_TOOL[call.tool];
  if (needed && ctx.decision !== needed) {
    return block('business_rules', `${call.tool} needs the decision ${needed}, got ${ctx.decision ?? 'none'}`, 'obtain a responsibility decision first');
  }
  if (call.tool === 'create_refund' || call.tool === 'create_compensation') {
    const trusted = ctx.retrieved.filter(
      (d) =>
        ctx.selectedDocIds.includes(d.doc_id) &&
        !ctx.injectedDocIds.includes(d.doc_id) &&
        (d.metadata.trust_level === 'official' || d.metadata.trust_level === 'internal'),
    );
    if (trusted.length === 0)
      return block('business_rules', `${call.tool} needs policy evidence from an official or internal document`, 'retrieve and select policy evidence first');
    const order = typeof call.args.order_id === 'string' ? ctx.world.order(call.args.order_id) : undefined;
    if (order && typeof call.args.amount === 'number' && call.args.amount > order.amount) {
      return block('business_rules', `amount ${call.args.amount} exceeds the order amount ${order.amount}`, 'use at most the paid amount');
    }
    if (order && call.tool === 'create_refund') {
      if (order.payment_status !== 'paid')
        return block(
          'business_rules',
          `order ${order.order_id} is ${order.payment_status}: there is nothing to refund`,
          'tell the user the payment state instead',
        );
      // A refund without return only exists before shipping; afterwards it is a return, handled by a human.
      if (order.shipment_status !== 'not_shipped')
        return block(
          'business_rules',
          `order ${order.order_id} is ${order.shipment_status}: a refund now needs a return`,
          'offer the return process or hand off',
        );
      const underWay = ctx.world.state.after_sales.find((a) => a.order_id === order.order_id && REFUND_UNDER_WAY.has(a.status))?.status;
      if (underWay)
        return block('business_rules', `a refund for order ${order.order_id} is already ${underWay}`, 'report the existing refund instead of starting another');
    }
  }
  if (call.tool === 'create_compensation') {
    const orderId = typeof call.args.order_id === 'string' ? call.args.order_id : '';
    const logistics = ctx.world.state.logistics.find((l) => l.order_id === orderId)?.status;
    if (!logistics || !SERVICE_FAILURES.has(logistics))
      return block(
        'business_rules',
        `no verified service failure for order ${orderId} (logistics ${logistics ?? 'unknown'})`,
        'compensate only a delayed, lost or damaged delivery',
      );
  }
  if (call.tool === 'cancel_order' || call.tool === 'modify_address' || call.tool === 'modify_order') {
    const order = typeof call.args.order_id === 'string' ? ctx.world.order(call.args.order_id) : undefined;
    if (order && order.shipment_status !== 'not_shipped')
      return block('business_rules', `order ${order.order_id} has already shipped`, 'offer a return or hand off instead');
  }
  return null;
}

export function recordConflicts(world: MockWorld, orderId: string): string[] {
  const state = world.state;
  const order = world.order(orderId);
  const logistics = state.logistics.find((l) => l.order_id === orderId);
  const payment = state.payments.find((p) => p.order_id === orderId);
  return toolConflicts({
    ...(order ? { order: { ...order } } : {}),
    ...(logistics ? { logistics: { ...logistics } } : {}),
    ...(payment ? { payment: { ...payment } } : {}),
  });
}

/** The free text of an order's records: remarks, carrier notes, after-sales notes. */
function recordText(world: MockWorld, orderId: string): string[] {
  const state = world.state;
  return [
    world.order(orderId)?.remark,
    ...state.logistics.filter((l) => l.order_id === orderId).map((l) => l.note),
    ...state.after_sales.filter((a) => a.order_id === orderId).map((a) => a.note),
  ].filter((t): t is string => Boolean(t));
}
