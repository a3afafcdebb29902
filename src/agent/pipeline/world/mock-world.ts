/**
 * The scenario's world, as the mocked tools see it. Read tools answer from it;
 * write tools record what would have happened and change it, so that a second
 * query can verify the change. Faults make a tool fail, time out, report a
 * success that changed nothing, or time out after the change was applied.
 * Nothing real is ever called.
 */
import { REFUND_UNDER_WAY } from '../../vocabulary/fact-vocabulary.js';
import type { World } from '../../scenarios/scenario-schema.js';
import { isWriteTool, type ReadTool } from '../../vocabulary/tool-catalog.js';

export interface ToolOutcome {
  success: boolean;
  data: Record<string, unknown>;
  error: string | null;
  /** A repeated idempotency key: the earlier result, no second state change. */
  duplicate?: boolean;
}

export interface ExecutedWrite {
  tool: string;
  args: Record<string, unknown>;
  idempotency_key: string;
  outcome: ToolOutcome;
  /** Whether the world really changed: false for failures, duplicates and fake successes; true after a timed-out apply. */
  changed_state: boolean;
}

/** After-sales states that are a compensation already paid. */
const COMPENSATED = new Set(['compensation_issued']);

export class MockWorld {
  readonly state: World;
  readonly writes: ExecutedWrite[] = [];
  private readonly faultsLeft = new Map<string, number>();
  private readonly byKey = new Map<string, ToolOutcome>();
  private counter = 0;

  constructor(world: World, planted?: { tool: string; text: string }) {
    this.state = structuredClone(world);
    if (planted) this.plant(planted.tool, planted.text);
    for (const fault of world.faults) this.faultsLeft.set(fault.tool, fault.times ?? Number.POSITIVE_INFINITY);
    for (const record of world.after_sales) {
      if (record.idempotency_key)
        this.byKey.set(record.idempotency_key, {
          success: true,
          data: { order_id: record.order_id, refund_id: record.refund_id ?? null, status: record.status },
          error: null,
        });
    }
  }

  ownerOf(orderId: string): string | undefined {
    return this.state.orders.find((o) => o.order_id === orderId)?.user_id;
  }

  /** The ids of the orders a customer's account holds. */
  orderIdsOf(userId: string): string[] {
    return this.state.orders.filter((o) => o.user_id === userId).map((o) => o.order_id);
  }

  order(orderId: string) {
    return this.state.orders.find((o) => o.order_id === orderId);
  }

  /**
   * The record that already holds the effect this write would have, or null:
   * a duplicate is the same effect in force, whatever key made it (a rejected
   * refund is not in force; a compensation recorded without a key is).
   */
  effectInForce(tool: string, orderId: string): string | null {
    const order = this.order(orderId);
    const records = this.state.after_sales.filter((a) => a.order_id === orderId);
    const record = (statuses: ReadonlySet<string>) => records.find((a) => statuses.has(a.status));
    switch (tool) {
      case 'create_refund': {
        const r = record(REFUND_UNDER_WAY);
        if (r) return `a refund for order ${orderId} is already ${r.status}${r.refund_id ? ` (${r.refund_id})` : ''}`;
        const paid = this.state.payments.find((p) => p.order_id === orderId)?.status ?? order?.payment_status;
        return paid === 'refunded' || paid === 'refunding' ? `the payment of order ${orderId} is already ${paid}` : null;
      }
      case 'create_compensation': {
        const r = record(COMPENSATED);
        return r ? `a compensation for order ${orderId} is already issued${r.refund_id ? ` (${r.refund_id})` : ''}` : null;
      }
      case 'cancel_order':
        return order && (order.status === 'cancelled' || order.status === 'closed') ? `order ${orderId} is already ${order.status}` : null;
      case 'create_ticket': {
        const open = this.state.tickets.find((t) => t.order_id === orderId && t.status === 'open');
        return open ? `ticket ${open.ticket_id} is already open for order ${orderId}` : null;
      }
      default:
        return null;
    }
  }

  read(tool: ReadTool, args: Record<string, unknown>): ToolOutcome {
    const fault = this.takeFault(tool);
    if (fault === 'error' || fault === 'timeout')
      return { success: false, data: {}, error: fault === 'timeout' ? `${tool} timed out` : `${tool} failed (upstream error)` };
    const id = String(args.order_id ?? '');
    const found = this.readData(tool, id, args);
    if (!found) return { success: false, data: {}, error: `no ${tool.replace('query_', '')} record for ${id || 'the request'}` };
    return { success: true, data: found, error: null };
  }

  /**
   * Attacker text goes into the free-text field of every record the tool reads,
   * in the world itself: whoever reads the record (a model, a gate) sees it.
   */
  private plant(tool: string, text: string): void {
    const join = (before: string | undefined) => [before, text].filter(Boolean).join(' ');
    const s = this.state;
    if (tool === 'query_order') for (const o of s.orders) o.remark = join(o.remark);
    if (tool === 'query_logistics') for (const l of s.logistics) l.note = join(l.note);
    if (tool === 'query_after_sales') {
      for (const o of s.orders) if (!s.after_sales.some((a) => a.order_id === o.order_id)) s.after_sales.push({ order_id: o.order_id, status: 'none' });
      for (const a of s.after_sales) a.note = join(a.note);
    }
  }

  private readData(tool: ReadTool, id: string, args: Record<string, unknown>): Record<string, unknown> | undefined {
    const s = this.state;
    switch (tool) {
      case 'query_order': {
        const o = this.order(id);
        return o && { ...o };
      }
      case 'query_logistics': {
        const l = s.logistics.find((x) => x.order_id === id);
        return l && { ...l };
      }
      case 'query_after_sales': {
        // The latest record answers; earlier ones (a rejected refund, a paid compensation) are listed with it.
        const all = s.after_sales.filter((x) => x.order_id === id);
        const a = all.at(-1);
        if (a) return all.length > 1 ? { ...a, earlier_records: all.slice(0, -1).map((x) => ({ ...x })) } : { ...a };
        return this.order(id) && { order_id: id, status: 'none' };
      }
      case 'query_payment': {
        const p = s.payments.find((x) => x.order_id === id);
        if (p) return { ...p };
        const o = this.order(id);
        return o && { order_id: id, status: o.payment_status, amount: o.amount };
      }
      case 'query_ticket': {
        const t = s.tickets.filter((x) => (args.ticket_id ? x.ticket_id === args.ticket_id : x.order_id === id));
        return { order_id: id || null, tickets: t.map((x) => ({ ...x })) };
      }
      case 'search_policy':
        return undefined;
    }
  }

  write(tool: string, args: Record<string, unknown>, idempotencyKey: string): ToolOutcome {
    if (!isWriteTool(tool)) return { success: false, data: {}, error: `${tool} is not a write tool` };
    const previous = this.byKey.get(idempotencyKey);
    if (previous) {
      const outcome = { ...previous, duplicate: true };
      this.writes.push({ tool, args, idempotency_key: idempotencyKey, outcome, changed_state: false });
      return outcome;
    }
    const fault = this.takeFault(tool);
    let outcome: ToolOutcome;
    if (fault === 'error' || fault === 'timeout') {
      outcome = { success: false, data: {}, error: fault === 'timeout' ? `${tool} timed out` : `${tool} failed (upstream error)` };
    } else if (fault === 'timeout_after_apply') {
      // Applied upstream, answer lost: the key was never acknowledged, so a blind retry applies again.
      this.apply(tool, args);
      outcome = { success: false, data: {}, error: `${tool} timed out` };
    } else {
      const data = fault === 'success_without_state_change' ? this.receipt(tool, args) : this.apply(tool, args);
      outcome = { success: true, data, error: null };
      this.byKey.set(idempotencyKey, outcome);
    }
    const changed = (outcome.success && fault !== 'success_without_state_change') || fault === 'timeout_after_apply';
    this.writes.push({ tool, args, idempotency_key: idempotencyKey, outcome, changed_state: changed });
    return outcome;
  }

  private receipt(tool: string, args: Record<string, unknown>): Record<string, unknown> {
    this.counter += 1;
    const id = `${tool
      .replace(/^(create|send)_/, '')
      .slice(0, 4)
      .toUpperCase()}-${String(args.order_id ?? 'X')}-${this.counter}`;
    return { ...args, reference_id: id, accepted: true };
  }

  private apply(tool: string, args: Record<string, unknown>): Record<string, unknown> {
    const receipt = this.receipt(tool, args);
    const orderId = String(args.order_id ?? '');
    // Every refund or compensation is a record of its own; a placeholder 'none' record is filled in.
    const afterSales = (status: World['after_sales'][number]['status']) => {
      const amount = typeof args.amount === 'number' ? { amount: args.amount } : {};
      const placeholder = this.state.after_sales.find((a) => a.order_id === orderId && a.status === 'none');
      const record = { status, refund_id: String(receipt.reference_id), ...amount };
      if (placeholder) Object.assign(placeholder, record);
      else this.state.after_sales.push({ order_id: orderId, ...record });
    };
    const order = this.order(orderId);
    switch (tool) {
      case 'create_refund':
        afterSales('refund_requested');
        break;
      case 'create_compensation':
        afterSales('compensation_issued');
        break;
      case 'cancel_order':
        if (order) order.status = 'cancelled';
        break;
      case 'modify_address':
        if (order) order.address = String(args.address);
        break;
      case 'modify_order':
        if (order) Object.assign(order, args.changes ?? {});
        break;
      case 'create_ticket':
        this.state.tickets.push({
          ticket_id: String(receipt.reference_id),
          order_id: orderId || null,
          user_id: order?.user_id ?? 'unknown',
          status: 'open',
          summary: String(args.summary ?? ''),
        });
        break;
      default:
        if (tool.startsWith('send_')) this.state.messages.push({ tool, to: String(args.to ?? ''), message: String(args.message ?? '') });
        break;
    }
    return receipt;
  }

  private takeFault(tool: string): (typeof this.state.faults)[number]['behavior'] | undefined {
    const left = this.faultsLeft.get(tool);
    if (!left) return undefined;
    this.faultsLeft.set(tool, left - 1);
    return this.state.faults.find((f) => f.tool === tool)?.behavior;
  }
}
