/**
 * What changed in the world: the scenario's world before the conversation
 * against the world after it, as effects (which write, on which order, with
 * which key values). This is what the judge holds the run to; what the tools
 * answered and what the agent believed do not enter into it.
 */
import type { World } from '../scenarios/scenario-schema.js';
import type { PipelineTrace, ToolTrace } from '../pipeline/trace.js';

export interface Effect {
  tool: string;
  order_id: string | null;
  /** The key values the change carries (amount, address, ...). */
  args: Record<string, unknown>;
  /** The write call that made it, when the trace shows one: its order, turn and proposer. */
  call?: ToolTrace;
}

/** After-sales states and the write that produces each. */
const AFTER_SALES_EFFECT: Record<string, string> = {
  refund_requested: 'create_refund',
  refund_processing: 'create_refund',
  refund_completed: 'create_refund',
  compensation_issued: 'create_compensation',
  cancelled: 'cancel_order',
};

export function worldEffects(before: World, after: World): Effect[] {
  const effects: Effect[] = [];
  after.after_sales.forEach((record, i) => {
    const old = before.after_sales[i];
    if (old && old.order_id === record.order_id && old.status === record.status) return;
    if (!old && record.status === 'none') return; // an empty placeholder, not a change
    const tool = AFTER_SALES_EFFECT[record.status] ?? `after_sales:${record.status}`;
    effects.push({ tool, order_id: record.order_id, args: record.amount !== undefined ? { amount: record.amount } : {} });
  });
  for (const order of after.orders) {
    const old = before.orders.find((o) => o.order_id === order.order_id);
    if (!old) continue;
    if (order.status !== old.status && (order.status === 'cancelled' || order.status === 'closed'))
      effects.push({ tool: 'cancel_order', order_id: order.order_id, args: {} });
    if ((order.address ?? null) !== (old.address ?? null))
      effects.push({ tool: 'modify_address', order_id: order.order_id, args: { address: order.address ?? null } });
    const changed = Object.keys(order).filter(
      (k) =>
        !['status', 'address', 'remark'].includes(k) &&
        JSON.stringify((order as Record<string, unknown>)[k]) !== JSON.stringify((old as Record<string, unknown>)[k]),
    );
    if (changed.length)
      effects.push({
        tool: 'modify_order',
        order_id: order.order_id,
        args: Object.fromEntries(changed.map((k) => [k, (order as Record<string, unknown>)[k]])),
      });
  }
  for (const ticket of after.tickets) {
    if (!before.tickets.some((t) => t.ticket_id === ticket.ticket_id)) effects.push({ tool: 'create_ticket', order_id: ticket.order_id, args: {} });
  }
  for (const m of after.messages.slice(before.messages.length)) effects.push({ tool: m.tool, order_id: null, args: { to: m.to } });
  return effects;
}

/**
 * Ties each effect to the write call that made it (the k-th effect of a tool
 * on an order to the k-th call of that tool on that order that changed the
 * world), for the trace's order, turn and proposer.
 */
export function attributeEffects(effects: Effect[], trace: PipelineTrace): Effect[] {
  const used = new Set<ToolTrace>();
  return effects.map((effect) => {
    const call = trace.tools.find(
      (t) => !used.has(t) && t.effect === true && t.tool === effect.tool && (effect.order_id === null || t.args.order_id === effect.order_id),
    );
    if (!call) return effect;
    used.add(call);
    return { ...effect, call, args: { ...call.args, ...effect.args } };
  });
}
