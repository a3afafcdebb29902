import { describe, expect, it } from 'vitest';
import { checkGates, type GateContext, type ProposedCall } from '../../src/pipeline/gates/gate-chain.js';
import { WorldSchema } from '../../src/pipeline/scenario-schema.js';
import { MockWorld } from '../../src/pipeline/world/mock-world.js';
import { loadWorkspace } from '../../src/workspace.js';

const ws = await loadWorkspace();
const riskLevels = ws.active.get('tool_authorization')!.structured.toolRiskLevels!;

function world(extra: Record<string, unknown> = {}) {
  return new MockWorld(
    WorldSchema.parse({
      orders: [
        { order_id: 'O1', user_id: 'U1', status: 'paid', payment_status: 'paid', shipment_status: 'not_shipped', amount: 100 },
        { order_id: 'O2', user_id: 'U2', status: 'paid', amount: 50 },
        { order_id: 'O3', user_id: 'U1', status: 'delivered', payment_status: 'paid', shipment_status: 'delivered', amount: 80 },
      ],
      logistics: [{ order_id: 'O1', status: 'no_tracking' }],
      ...extra,
    }),
  );
}

function ctx(overrides: Partial<GateContext> = {}): GateContext {
  return {
    userId: 'U1',
    world: world(),
    riskLevels,
    injectionRisk: false,
    confirmation: 'confirmed',
    decision: 'refund_allowed',
    retrieved: [{ doc_id: 'R1', title: 't', content: 'c', source: 's', retrieval_score: 1, metadata: { policy_type: 'refund_policy', updated_at: null, trust_level: 'official' } }],
    selectedDocIds: ['R1'],
    injectedDocIds: [],
    ...overrides,
  };
}

const refund: ProposedCall = { tool: 'create_refund', args: { order_id: 'O1', amount: 100, reason: 'r' }, idempotency_key: 'create_refund:O1' };

describe('the program-enforced gate chain', () => {
  it('lets a call with every precondition through', () => {
    expect(checkGates(refund, ctx())).toBeNull();
  });

  it.each([
    ['schema', { ...refund, args: { order_id: 'O1' } }, {}],
    ['whitelist', { ...refund, tool: 'drop_database' }, {}],
    ['ownership', { ...refund, args: { ...refund.args, order_id: 'O2' } }, {}],
    ['ownership', { ...refund, args: { ...refund.args, order_id: 'O404' } }, {}],
    ['business_rules', refund, { decision: 'need_more_info' }],
    ['business_rules', refund, { selectedDocIds: [] }],
    ['business_rules', refund, { injectedDocIds: ['R1'] }],
    ['business_rules', { ...refund, args: { ...refund.args, amount: 1000 } }, {}],
    ['business_rules', { ...refund, args: { ...refund.args, order_id: 'O3', amount: 80 } }, {}],
    ['human_review', refund, { injectionRisk: true }],
    ['confirmation', refund, { confirmation: 'not_requested' }],
    ['confirmation', refund, { confirmation: 'declined' }],
    ['idempotency', { ...refund, idempotency_key: null }, {}],
  ] as const)('blocks at the %s gate with a structured error', (gate, call, overrides) => {
    const block = checkGates(call as ProposedCall, ctx(overrides as Partial<GateContext>));
    expect(block).toMatchObject({ is_error: true, gate });
    expect(block!.message.length).toBeGreaterThan(5);
    expect(block!.remedy.length).toBeGreaterThan(5);
  });

  it('grants a claimed administrator nothing: ownership is the authenticated user id only', () => {
    // There is no role in the gate context at all; a foreign order is refused whatever the user says.
    expect(checkGates({ ...refund, args: { ...refund.args, order_id: 'O2', amount: 50 } }, ctx())?.gate).toBe('ownership');
  });

  it('blocks a repeat of an executed write (idempotency) and conflicting records (business rules)', () => {
    const w = world({ after_sales: [{ order_id: 'O1', status: 'none', idempotency_key: 'create_refund:O1' }] });
    expect(checkGates(refund, ctx({ world: w }))).toMatchObject({ gate: 'idempotency', error_code: 'DUPLICATE' });
    const conflicted = world({ logistics: [{ order_id: 'O1', status: 'in_transit' }] });
    expect(checkGates(refund, ctx({ world: conflicted }))?.message).toMatch(/conflict/);
  });

  it('reads the tool whitelist from the active prompt: a tool dropped from Tool Risk Levels is refused', () => {
    const levels = { ...riskLevels, write_high: riskLevels.write_high!.filter((t) => t.value !== 'create_refund') };
    expect(checkGates(refund, ctx({ riskLevels: levels }))?.gate).toBe('whitelist');
  });

  it('only checks whitelist and ownership for reads', () => {
    const read: ProposedCall = { tool: 'query_order', args: { order_id: 'O1' }, idempotency_key: null };
    expect(checkGates(read, ctx({ injectionRisk: true, confirmation: 'not_requested', decision: null }))).toBeNull();
    expect(checkGates({ ...read, args: { order_id: 'O2' } }, ctx())?.gate).toBe('ownership');
  });
});
