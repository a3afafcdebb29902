/** Capability catalog, server-side binding, refund follow-up decisions and conversation state (docs/spec/capability-routing.md), as library rules. */
import { describe, expect, it } from 'vitest';
import { bindCapability, type Binding } from '../../../../src/agent/pipeline/capability/bind-capability.js';
import { entryModelView, type Catalog } from '../../../../src/agent/pipeline/capability/capability-catalog.js';
import { capabilityViolations } from '../../../../src/agent/pipeline/capability/capability-permissions.js';
import { initialState, mayProcess, nextState } from '../../../../src/agent/pipeline/capability/conversation-state.js';
import { decideFollowup, type RefundRecord } from '../../../../src/agent/pipeline/capability/refund-followup.js';

const catalog = (refundVersion: string, history = ['r1', 'r2']): Catalog => ({
  entries: [
    { capability: 'refund.followup', description: '个人退款进度跟进', scenario: 'refund-handling', version: refundVersion },
    { capability: 'policy.consult', description: '一般售后政策咨询', scenario: 'policy-qa', version: 'p1' },
  ],
  history: new Map([
    ['refund-handling', history],
    ['policy-qa', ['p1']],
  ]),
});

describe('binding', () => {
  it('binds to the catalog version, and the entry model never sees scenarios or versions', () => {
    const r = bindCapability({ capability: 'refund.followup', operation: 'new' }, null, catalog('r1'));
    expect(r).toEqual({
      ok: true,
      binding: { capability: 'refund.followup', scenario: 'refund-handling', version: 'r1', reason: expect.stringMatching(/read the catalog/) },
    });
    expect(JSON.stringify(entryModelView(catalog('r1')))).not.toMatch(/refund-handling|r1/);
  });

  it('a running conversation keeps its binding after the catalog moves; a new request re-reads it', () => {
    const first = bindCapability({ capability: 'refund.followup', operation: 'new' }, null, catalog('r1'));
    const bound = (first as { binding: Binding }).binding;
    const kept = bindCapability({ capability: 'refund.followup', operation: 'continue' }, bound, catalog('r2'));
    expect(kept).toMatchObject({ ok: true, binding: { version: 'r1', reason: expect.stringMatching(/^kept/) } });
    const fresh = bindCapability({ capability: 'refund.followup', operation: 'new' }, bound, catalog('r2'));
    expect(fresh).toMatchObject({ ok: true, binding: { version: 'r2', reason: expect.stringMatching(/re-read/) } });
    const switched = bindCapability({ capability: 'policy.consult', operation: 'continue' }, bound, catalog('r2'));
    expect(switched).toMatchObject({ ok: true, binding: { capability: 'policy.consult', version: 'p1' } });
  });

  it('an unavailable version is an error, never the latest; an unknown capability too', () => {
    expect(bindCapability({ capability: 'refund.followup', operation: 'new' }, null, catalog('r3'))).toEqual({
      ok: false,
      error: expect.stringMatching(/refund-handling@r3 is not in the scenario's history \(r1, r2\)/),
    });
    expect(bindCapability({ capability: 'refund.instant', operation: 'new' }, null, catalog('r1')).ok).toBe(false);
  });
});

describe('policy consultation touches nothing personal', () => {
  it('a personal read and a write on a policy question are violations; search_policy is not', () => {
    expect(capabilityViolations('policy.consult', ['search_policy'])).toEqual([]);
    expect(capabilityViolations('policy.consult', ['search_policy', 'query_after_sales', 'create_ticket']).map((v) => [v.tool, v.kind])).toEqual([
      ['query_after_sales', 'personal_read'],
      ['create_ticket', 'write'],
    ]);
    expect(capabilityViolations('refund.followup', ['query_after_sales', 'create_ticket'])).toEqual([]);
    expect(capabilityViolations('refund.followup', ['create_refund']).map((v) => v.kind)).toEqual(['write']);
  });
});

describe('refund follow-up', () => {
  const refund = (over: Partial<RefundRecord>): RefundRecord => ({
    refund_id: 'RF310',
    customer_id: 'C1',
    status: 'processing',
    waited_days: 10,
    sla_days: 7,
    exception_ticket: null,
    ...over,
  });

  it("binds the customer's own refund: one → it, several → ask which, another customer's id → never", () => {
    expect(decideFollowup('C1', [refund({ waited_days: 3 })], null)).toMatchObject({ action: 'explain_status', refund_id: 'RF310' });
    expect(decideFollowup('C1', [refund({}), refund({ refund_id: 'RF311' })], null)).toMatchObject({ action: 'ask_which', candidates: ['RF310', 'RF311'] });
    expect(decideFollowup('C1', [refund({}), refund({ refund_id: 'RF999', customer_id: 'C2' })], 'RF999')).toMatchObject({ action: 'refuse_object' });
  });

  it('decides from the SLA facts: within → explain; overdue, no ticket → create; ticket open → reuse', () => {
    expect(decideFollowup('C1', [refund({ waited_days: 7 })], null).action).toBe('explain_status');
    expect(decideFollowup('C1', [refund({ waited_days: 8 })], null).action).toBe('create_exception_ticket');
    expect(decideFollowup('C1', [refund({ exception_ticket: 'T-5' })], null)).toMatchObject({ action: 'reuse_ticket', ticket_id: 'T-5' });
    expect(decideFollowup('C1', [refund({ status: 'completed', waited_days: 30 })], null).action).toBe('explain_status');
  });
});

describe('conversation state', () => {
  it('continues the confirmed object, re-confirms a new one, branches on an edit and holds a stop through a greeting', () => {
    let s = nextState(initialState(), { kind: 'names_object', refund_id: 'RF310', confirmed: true });
    s = nextState(s, { kind: 'follow_up' });
    expect(s.confirmed_refund).toBe('RF310');
    expect(nextState(s, { kind: 'names_object', refund_id: 'RF999', confirmed: false }).confirmed_refund).toBeNull();
    const withTicket = { ...s, actions: ['create_ticket T-9'] };
    const branched = nextState(withTicket, { kind: 'edited_history' });
    expect(branched).toMatchObject({ branch: 1, confirmed_refund: null, actions: ['create_ticket T-9'] });
    let stopped = nextState(s, { kind: 'stop' });
    stopped = nextState(stopped, { kind: 'pleasantry' });
    expect(mayProcess(stopped)).toBe(false);
    expect(mayProcess(nextState(stopped, { kind: 'explicit_request' }))).toBe(true);
  });
});
