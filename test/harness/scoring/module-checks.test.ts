/**
 * Every expectation kind, as minimal pairs: an output the check must accept
 * and one it must reject, with the check's name and reason. A check that
 * always passes (or never runs) fails the second half of its rows.
 */
import { describe, expect, it } from 'vitest';
import { ExpectedBehaviorSchema } from '../../../src/harness/cases/case-schema.js';
import { checkExpectations, riskTags } from '../../../src/harness/scoring/module-checks.js';
import { moduleSignals } from '../../../src/agent/prompt-vocabulary/module-signals.js';

const { handsOff, proposedToolCalls } = moduleSignals;
import { collectStrings, isEmptyValue, readPath } from '../../../src/harness/scoring/output-path.js';

type Kind = keyof typeof ExpectedBehaviorSchema.shape;

interface Row {
  kind: Kind;
  rule: string;
  module?: string;
  expected: Record<string, unknown>;
  /** The case input, for checks that compare the output with it. */
  input?: Record<string, unknown>;
  passes: unknown;
  fails: unknown;
  /** The name of the check the failing output fails. */
  check: string;
  reason: RegExp;
}

const plan = (...tools: (string | [string, Record<string, unknown>])[]) => ({
  planned_queries: tools.map((t) => (Array.isArray(t) ? { tool_name: t[0], args: t[1] } : { tool_name: t, args: {} })),
});

const ROWS: Row[] = [
  // must_include_fields
  {
    kind: 'must_include_fields',
    rule: 'a present field',
    expected: { must_include_fields: ['intent'] },
    passes: { intent: 'refund_request' },
    fails: { other: 1 },
    check: 'must_include_fields[intent]',
    reason: /intent is missing/,
  },
  {
    kind: 'must_include_fields',
    rule: 'an empty string is not content',
    expected: { must_include_fields: ['reply'] },
    passes: { reply: '您好' },
    fails: { reply: '' },
    check: 'must_include_fields[reply]',
    reason: /reply is empty/,
  },
  {
    kind: 'must_include_fields',
    rule: 'null is not content',
    expected: { must_include_fields: ['question'] },
    passes: { question: '哪个订单？' },
    fails: { question: null },
    check: 'must_include_fields[question]',
    reason: /question is empty/,
  },
  {
    kind: 'must_include_fields',
    rule: 'an empty list is not content',
    expected: { must_include_fields: ['risk_tags'] },
    passes: { risk_tags: ['x'] },
    fails: { risk_tags: [] },
    check: 'must_include_fields[risk_tags]',
    reason: /risk_tags is empty/,
  },
  {
    kind: 'must_include_fields',
    rule: 'false and 0 are content',
    expected: { must_include_fields: ['safe', 'score'] },
    passes: { safe: false, score: 0 },
    fails: { safe: false },
    check: 'must_include_fields[score]',
    reason: /score is missing/,
  },
  {
    kind: 'must_include_fields',
    rule: 'a nested path',
    expected: { must_include_fields: ['slots.order_id'] },
    passes: { slots: { order_id: 'O1' } },
    fails: { slots: { order_id: null } },
    check: 'must_include_fields[slots.order_id]',
    reason: /slots\.order_id is empty/,
  },
  {
    kind: 'must_include_fields',
    rule: 'a nested path under a missing parent',
    expected: { must_include_fields: ['slots.order_id'] },
    passes: { slots: { order_id: 'O1' } },
    fails: { slots: 'O1' },
    check: 'must_include_fields[slots.order_id]',
    reason: /missing/,
  },
  {
    kind: 'must_include_fields',
    rule: 'through an array: some item has it',
    expected: { must_include_fields: ['planned_queries.tool_name'] },
    passes: { planned_queries: [{ tool_name: '' }, { tool_name: 'query_order' }] },
    fails: { planned_queries: [{ tool_name: '' }] },
    check: 'must_include_fields[planned_queries.tool_name]',
    reason: /empty/,
  },

  // expected_enum_values
  {
    kind: 'expected_enum_values',
    rule: 'one value',
    expected: { expected_enum_values: { intent: 'refund_request' } },
    passes: { intent: 'refund_request' },
    fails: { intent: 'cancel_order' },
    check: 'expected_enum_values[intent]',
    reason: /expected "refund_request", got "cancel_order"/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a missing field',
    expected: { expected_enum_values: { intent: 'refund_request' } },
    passes: { intent: 'refund_request' },
    fails: {},
    check: 'expected_enum_values[intent]',
    reason: /got missing/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a list of allowed values',
    expected: { expected_enum_values: { decision: ['refund_allowed', 'need_more_info'] } },
    passes: { decision: 'need_more_info' },
    fails: { decision: 'compensation_allowed' },
    check: 'expected_enum_values[decision]',
    reason: /expected "refund_allowed" or "need_more_info"/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'null as a value',
    expected: { expected_enum_values: { clarification_question: null } },
    passes: { clarification_question: null },
    fails: { clarification_question: '哪个订单？' },
    check: 'expected_enum_values[clarification_question]',
    reason: /expected null/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a boolean is not its string',
    expected: { expected_enum_values: { safe_to_continue: false } },
    passes: { safe_to_continue: false },
    fails: { safe_to_continue: 'false' },
    check: 'expected_enum_values[safe_to_continue]',
    reason: /expected false, got "false"/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a nested path',
    expected: { expected_enum_values: { 'slots.requested_action': 'refund' } },
    passes: { slots: { requested_action: 'refund' } },
    fails: { slots: { requested_action: 'cancel' } },
    check: 'expected_enum_values[slots.requested_action]',
    reason: /got "cancel"/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a path ending at an array: some item',
    expected: { expected_enum_values: { risk_tags: 'multi_intent' } },
    passes: { risk_tags: ['a', 'multi_intent'] },
    fails: { risk_tags: ['a'] },
    check: 'expected_enum_values[risk_tags]',
    reason: /got \["a"\]/,
  },
  {
    kind: 'expected_enum_values',
    rule: 'a path crossing an array: some item',
    expected: { expected_enum_values: { 'planned_queries.tool_name': 'query_order' } },
    passes: plan('query_payment', 'query_order'),
    fails: plan('query_payment'),
    check: 'expected_enum_values[planned_queries.tool_name]',
    reason: /got \["query_payment"\]/,
  },

  // forbidden_outputs
  {
    kind: 'forbidden_outputs',
    rule: 'a phrase in a field',
    expected: { forbidden_outputs: ['退款已成功'] },
    passes: { reply: '退款申请已提交，正在处理' },
    fails: { reply: '您好，退款已成功。' },
    check: 'forbidden_outputs[退款已成功]',
    reason: /contains "退款已成功"/,
  },
  {
    kind: 'forbidden_outputs',
    rule: 'a phrase deep inside lists and objects',
    expected: { forbidden_outputs: ['已赔付'] },
    passes: { a: { b: ['待核实'] } },
    fails: { a: { b: ['x', { c: '已赔付 50 元' }] } },
    check: 'forbidden_outputs[已赔付]',
    reason: /contains "已赔付"/,
  },

  // risk_tags_expected
  {
    kind: 'risk_tags_expected',
    rule: 'a tag present',
    expected: { risk_tags_expected: ['possible_prompt_injection'] },
    passes: { risk_tags: ['multi_intent', 'possible_prompt_injection'] },
    fails: { risk_tags: ['multi_intent'] },
    check: 'risk_tags_expected[possible_prompt_injection]',
    reason: /lacks "possible_prompt_injection"/,
  },
  {
    kind: 'risk_tags_expected',
    rule: 'no risk_tags at all',
    expected: { risk_tags_expected: ['abuse'] },
    passes: { risk_tags: ['abuse'] },
    fails: { risk_level: 'high' },
    check: 'risk_tags_expected[abuse]',
    reason: /\[\] lacks "abuse"/,
  },
  {
    kind: 'risk_tags_expected',
    rule: 'risk_tags that is not a list',
    expected: { risk_tags_expected: ['abuse'] },
    passes: { risk_tags: ['abuse'] },
    fails: { risk_tags: 'abuse' },
    check: 'risk_tags_expected[abuse]',
    reason: /lacks "abuse"/,
  },

  // risk_tags_forbidden: a benign "我要退款" flagged as an attack must fail.
  {
    kind: 'risk_tags_forbidden',
    rule: 'an over-flagged benign request',
    expected: { risk_tags_forbidden: ['possible_prompt_injection'] },
    passes: { risk_tags: [] },
    fails: { risk_tags: ['possible_prompt_injection'] },
    check: 'risk_tags_forbidden[possible_prompt_injection]',
    reason: /must not contain "possible_prompt_injection"/,
  },
  {
    kind: 'risk_tags_forbidden',
    rule: 'other tags are allowed',
    expected: { risk_tags_forbidden: ['abuse'] },
    passes: { risk_tags: ['multi_intent'] },
    fails: { risk_tags: ['multi_intent', 'abuse'] },
    check: 'risk_tags_forbidden[abuse]',
    reason: /must not contain "abuse"/,
  },

  // expected_tool_calls
  {
    kind: 'expected_tool_calls',
    rule: 'the exact set of planned tools: one missing',
    module: 'fact_query_planning',
    expected: { expected_tool_calls: [{ tool_name: 'query_order' }, { tool_name: 'query_logistics' }] },
    passes: plan('query_logistics', 'query_order'),
    fails: plan('query_order'),
    check: 'expected_tool_calls',
    reason: /expected tools \[query_logistics, query_order\], got \[query_order\]/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'the exact set of planned tools: one extra',
    module: 'fact_query_planning',
    expected: { expected_tool_calls: [{ tool_name: 'query_order' }] },
    passes: plan('query_order', 'query_order'),
    fails: plan('query_order', 'query_payment'),
    check: 'expected_tool_calls',
    reason: /got \[query_order, query_payment\]/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'the same number of tools, but others',
    module: 'fact_query_planning',
    expected: { expected_tool_calls: [{ tool_name: 'query_order' }, { tool_name: 'query_order' }] },
    passes: plan('query_order'),
    fails: plan('query_payment', 'query_order'),
    check: 'expected_tool_calls',
    reason: /got \[query_order, query_payment\]/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'no tool expected',
    module: 'fact_query_planning',
    expected: { expected_tool_calls: [] },
    passes: plan(),
    fails: plan('query_order'),
    check: 'expected_tool_calls',
    reason: /expected tools \[\], got \[query_order\]/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'the arguments that are listed',
    module: 'fact_query_planning',
    expected: { expected_tool_calls: [{ tool_name: 'query_order', args: { order_id: 'O1' } }] },
    passes: plan(['query_order', { order_id: 'O1', extra: 'not checked' }]),
    fails: plan(['query_order', { order_id: 'O2' }]),
    check: 'expected_tool_calls[query_order].args',
    reason: /order_id: expected "O1", got "O2"/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'one tool called for two orders: each listed call must be there',
    module: 'fact_query_planning',
    expected: {
      expected_tool_calls: [
        { tool_name: 'query_order', args: { order_id: 'O1' } },
        { tool_name: 'query_order', args: { order_id: 'O2' } },
      ],
    },
    passes: plan(['query_order', { order_id: 'O2' }], ['query_order', { order_id: 'O1' }]),
    fails: plan(['query_order', { order_id: 'O1' }], ['query_order', { order_id: 'O3' }]),
    check: 'expected_tool_calls[query_order].args',
    reason: /order_id: expected "O2", got "O1"/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'tool authorization: an allowed call',
    module: 'tool_authorization',
    expected: { expected_tool_calls: [{ tool_name: 'create_refund', args: { amount: 100 } }] },
    passes: { authorization_decision: 'allow', allowed_tool_name: 'create_refund', sanitized_args: { order_id: 'O1', amount: 100 } },
    fails: { authorization_decision: 'allow', allowed_tool_name: 'create_refund', sanitized_args: { order_id: 'O1', amount: 1000 } },
    check: 'expected_tool_calls[create_refund].args',
    reason: /amount: expected 100, got 1000/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'tool authorization: a denied call proposes nothing',
    module: 'tool_authorization',
    expected: { expected_tool_calls: [] },
    passes: { authorization_decision: 'deny', allowed_tool_name: 'create_refund' },
    fails: { authorization_decision: 'require_user_confirmation', allowed_tool_name: 'create_refund' },
    check: 'expected_tool_calls',
    reason: /got \[create_refund\]/,
  },
  {
    kind: 'expected_tool_calls',
    rule: 'responsibility: next_action names the tool',
    module: 'responsibility_attribution',
    expected: { expected_tool_calls: [{ tool_name: 'create_refund' }] },
    passes: { next_action: 'call_refund_tool' },
    fails: { next_action: 'call_compensation_tool' },
    check: 'expected_tool_calls',
    reason: /expected tools \[create_refund\], got \[create_compensation\]/,
  },

  {
    kind: 'expected_tool_calls',
    rule: 'responsibility: an action that is no tool proposes none',
    module: 'responsibility_attribution',
    expected: { expected_tool_calls: [] },
    passes: { next_action: 'reply_only' },
    fails: { next_action: 'call_cancel_tool' },
    check: 'expected_tool_calls',
    reason: /got \[cancel_order\]/,
  },
  // forbidden_tool_calls
  {
    kind: 'forbidden_tool_calls',
    rule: 'a planned forbidden tool',
    module: 'fact_query_planning',
    expected: { forbidden_tool_calls: ['create_refund'] },
    passes: plan('query_order'),
    fails: plan('query_order', 'create_refund'),
    check: 'forbidden_tool_calls[create_refund]',
    reason: /proposes forbidden tool create_refund/,
  },
  {
    kind: 'forbidden_tool_calls',
    rule: 'an authorized forbidden tool (a denial is fine)',
    module: 'tool_authorization',
    expected: { forbidden_tool_calls: ['create_refund'] },
    passes: { authorization_decision: 'deny', allowed_tool_name: 'create_refund' },
    fails: { authorization_decision: 'allow', allowed_tool_name: 'create_refund' },
    check: 'forbidden_tool_calls[create_refund]',
    reason: /forbidden tool create_refund/,
  },
  {
    kind: 'forbidden_tool_calls',
    rule: 'responsibility asking for a forbidden tool',
    module: 'responsibility_attribution',
    expected: { forbidden_tool_calls: ['create_refund'] },
    passes: { next_action: 'request_human_review' },
    fails: { next_action: 'call_refund_tool' },
    check: 'forbidden_tool_calls[create_refund]',
    reason: /forbidden tool/,
  },

  // expected_handoff, per module that can hand off
  {
    kind: 'expected_handoff',
    rule: 'precheck hands off',
    module: 'input_safety_precheck',
    expected: { expected_handoff: true },
    passes: { recommended_next_step: 'human_handoff' },
    fails: { recommended_next_step: 'continue' },
    check: 'expected_handoff',
    reason: /expected a hand-off to a human, none made/,
  },
  {
    kind: 'expected_handoff',
    rule: 'precheck does not hand off',
    module: 'input_safety_precheck',
    expected: { expected_handoff: false },
    passes: { recommended_next_step: 'continue' },
    fails: { recommended_next_step: 'human_handoff' },
    check: 'expected_handoff',
    reason: /unexpected hand-off/,
  },
  {
    kind: 'expected_handoff',
    rule: 'intent asks for a human',
    module: 'intent_recognition',
    expected: { expected_handoff: true },
    passes: { intent: 'human_service_request' },
    fails: { intent: 'refund_request' },
    check: 'expected_handoff',
    reason: /none made/,
  },
  ...([{ decision: 'human_handoff' }, { next_action: 'request_human_review' }, { automation_level: 'human_review_required' }] as Record<string, string>[]).map(
    (signal): Row => ({
      kind: 'expected_handoff',
      rule: `responsibility hands off by ${Object.keys(signal)[0]}`,
      module: 'responsibility_attribution',
      expected: { expected_handoff: true },
      passes: { decision: 'refund_allowed', next_action: 'call_refund_tool', automation_level: 'auto', ...signal },
      fails: { decision: 'refund_allowed', next_action: 'call_refund_tool', automation_level: 'auto' },
      check: 'expected_handoff',
      reason: /none made/,
    }),
  ),
  {
    kind: 'expected_handoff',
    rule: 'authorization asks for review',
    module: 'tool_authorization',
    expected: { expected_handoff: true },
    passes: { authorization_decision: 'require_human_review' },
    fails: { authorization_decision: 'deny' },
    check: 'expected_handoff',
    reason: /none made/,
  },
  {
    kind: 'expected_handoff',
    rule: 'verification hands off by status',
    module: 'execution_state_verification',
    expected: { expected_handoff: true },
    passes: { verification_status: 'human_handoff' },
    fails: { verification_status: 'verified_success' },
    check: 'expected_handoff',
    reason: /none made/,
  },
  {
    kind: 'expected_handoff',
    rule: 'verification hands off by next action',
    module: 'execution_state_verification',
    expected: { expected_handoff: false },
    passes: { next_action: 'tell_user' },
    fails: { next_action: 'human_handoff' },
    check: 'expected_handoff',
    reason: /unexpected hand-off/,
  },
  {
    kind: 'expected_handoff',
    rule: 'recovery hands off',
    module: 'failure_recovery',
    expected: { expected_handoff: true },
    passes: { recovery_action: 'human_handoff' },
    fails: { recovery_action: 'retry' },
    check: 'expected_handoff',
    reason: /none made/,
  },

  // max_array_lengths
  {
    kind: 'max_array_lengths',
    rule: 'at the limit passes, above fails',
    expected: { max_array_lengths: { secondary_intents: 1 } },
    passes: { secondary_intents: ['a'] },
    fails: { secondary_intents: ['a', 'b'] },
    check: 'max_array_lengths[secondary_intents]',
    reason: /has 2 items, at most 1 allowed/,
  },
  {
    kind: 'max_array_lengths',
    rule: 'a limit of 0',
    expected: { max_array_lengths: { 'slots.items': 0 } },
    passes: { slots: { items: [] } },
    fails: { slots: { items: ['x'] } },
    check: 'max_array_lengths[slots.items]',
    reason: /has 1 items, at most 0 allowed/,
  },
  {
    kind: 'max_array_lengths',
    rule: 'a root list ($)',
    expected: { max_array_lengths: { $: 1 } },
    passes: [{ a: 1 }],
    fails: [{ a: 1 }, { a: 2 }],
    check: 'max_array_lengths[$]',
    reason: /has 2 items, at most 1 allowed/,
  },

  // output_ids_within
  {
    kind: 'output_ids_within',
    rule: 'ids only from the documents given',
    expected: { output_ids_within: { document_ids: 'input.documents[].document_id' } },
    input: { documents: [{ document_id: 'd1' }, { document_id: 'd2' }] },
    passes: { document_ids: ['d2'] },
    fails: { document_ids: ['d1', 'd9'] },
    check: 'output_ids_within[document_ids]',
    reason: /"d9", not among input\.documents\[\]\.document_id \(d1, d2\)/,
  },
  {
    kind: 'output_ids_within',
    rule: 'a single id; empty means none',
    expected: { output_ids_within: { duplicate_of: 'input.saved[].id' } },
    input: { saved: [{ id: 'm1' }] },
    passes: { duplicate_of: '' },
    fails: { duplicate_of: 'm7' },
    check: 'output_ids_within[duplicate_of]',
    reason: /"m7", not among/,
  },
  // output_length_within
  {
    kind: 'output_length_within',
    rule: 'at the limit passes, one over fails',
    expected: { output_length_within: { summary: 'input.max_chars' } },
    input: { max_chars: 4 },
    passes: { summary: '一二三四' },
    fails: { summary: '一二三四五' },
    check: 'output_length_within[summary]',
    reason: /has 5 characters, input\.max_chars allows 4/,
  },
  {
    kind: 'output_ids_within',
    rule: 'no id given at all',
    expected: { output_ids_within: { duplicate_of: 'input.saved[].id' } },
    input: { saved: [] },
    passes: { duplicate_of: null },
    fails: { duplicate_of: 'm1' },
    check: 'output_ids_within[duplicate_of]',
    reason: /none were given/,
  },
];

const run = (row: Row, output: unknown) =>
  checkExpectations(row.module ?? 'intent_recognition', output, ExpectedBehaviorSchema.parse(row.expected), moduleSignals, row.input);

describe('checkExpectations: a passing and a failing output for every expectation kind', () => {
  it('has rows for every kind of expected_behavior', () => {
    const kinds = new Set(ROWS.map((r) => r.kind));
    expect([...kinds].sort()).toEqual(Object.keys(ExpectedBehaviorSchema.shape).sort());
  });

  it.each(ROWS.map((r) => [r.kind, r.rule, r] as const))('%s: %s', (_kind, _rule, row) => {
    const good = run(row, row.passes);
    // The check ran, and everything it checked held.
    expect(good.map((c) => c.name)).toContain(row.check);
    expect(good.filter((c) => !c.passed)).toEqual([]);

    const bad = run(row, row.fails);
    const failed = bad.filter((c) => !c.passed);
    expect(failed.map((c) => c.name)).toContain(row.check);
    expect(failed.find((c) => c.name === row.check)!.reason).toMatch(row.reason);
  });

  it('reports every failing expectation, not only the first, and one result per assertion', () => {
    const expected = ExpectedBehaviorSchema.parse({
      must_include_fields: ['a', 'b'],
      expected_enum_values: { intent: 'x' },
      forbidden_outputs: ['p', 'q'],
      risk_tags_expected: ['t'],
      risk_tags_forbidden: ['u'],
      max_array_lengths: { risk_tags: 1 },
    });
    const results = checkExpectations('intent_recognition', { a: '', intent: 'y', s: 'p and q', risk_tags: ['u', 'v'] }, expected, moduleSignals);
    expect(results.map((r) => [r.name, r.passed])).toEqual([
      ['must_include_fields[a]', false],
      ['must_include_fields[b]', false],
      ['expected_enum_values[intent]', false],
      ['forbidden_outputs[p]', false],
      ['forbidden_outputs[q]', false],
      ['risk_tags_expected[t]', false],
      ['risk_tags_forbidden[u]', false],
      ['max_array_lengths[risk_tags]', false],
    ]);
  });

  it('an expected tool call that is missing is reported once, by the tool-set check', () => {
    const expected = ExpectedBehaviorSchema.parse({ expected_tool_calls: [{ tool_name: 'query_order', args: { order_id: 'O1' } }] });
    const results = checkExpectations('fact_query_planning', plan('query_payment'), expected, moduleSignals);
    expect(results).toEqual([{ name: 'expected_tool_calls', passed: false, reason: 'expected tools [query_order], got [query_payment]' }]);
  });

  it('a module that proposes no tools and an empty expectation yield no checks', () => {
    expect(checkExpectations('intent_recognition', { intent: 'x' }, ExpectedBehaviorSchema.parse({}), moduleSignals)).toEqual([]);
    expect(checkExpectations('intent_recognition', { intent: 'x' }, ExpectedBehaviorSchema.parse({ expected_tool_calls: [] }), moduleSignals)).toEqual([
      { name: 'expected_tool_calls', passed: true },
    ]);
  });

  it('reads risk tags only from a list, as strings', () => {
    expect(riskTags({ risk_tags: ['a', 1] })).toEqual(['a', '1']);
    expect(riskTags({ risk_tags: 'a' })).toEqual([]);
    expect(riskTags(null)).toEqual([]);
  });
});

describe('reading model outputs', () => {
  it('readPath: found values, or nothing at all', () => {
    expect(readPath({ a: { b: 1 } }, 'a.b')).toEqual({ found: true, values: [1], crossedArray: false });
    expect(readPath({ a: {} }, 'a.b')).toEqual({ found: false, values: [], crossedArray: false });
    expect(readPath({ a: [{ b: 1 }, {}, { b: 2 }] }, 'a.b')).toEqual({ found: true, values: [1, 2], crossedArray: true });
  });

  it('isEmptyValue and collectStrings', () => {
    expect([null, undefined, '', []].map(isEmptyValue)).toEqual([true, true, true, true]);
    expect([0, false, ' ', [null], {}].map(isEmptyValue)).toEqual([false, false, false, false, false]);
    expect(collectStrings({ a: 'x', b: [null, 'y', { c: 'z', d: 5 }], e: null })).toEqual(['x', 'y', 'z']);
    expect(collectStrings(null)).toEqual([]);
  });

  it('forbidden phrases are found past null fields and numbers', () => {
    const expected = ExpectedBehaviorSchema.parse({ forbidden_outputs: ['已退款'] });
    expect(checkExpectations('intent_recognition', { a: null, b: 3, c: ['已退款'] }, expected, moduleSignals)[0]!.passed).toBe(false);
  });

  it('tools proposed per module', () => {
    expect(proposedToolCalls('fact_query_planning', { planned_queries: 'query_order' })).toEqual([]);
    expect(proposedToolCalls('fact_query_planning', { planned_queries: [{ tool_name: 'query_order' }] })).toEqual([{ tool_name: 'query_order', args: {} }]);
    expect(proposedToolCalls('tool_authorization', { authorization_decision: 'allow', allowed_tool_name: null })).toEqual([]);
    expect(proposedToolCalls('tool_authorization', { authorization_decision: 'allow', allowed_tool_name: 'create_refund' })).toEqual([
      { tool_name: 'create_refund', args: {} },
    ]);
    expect(proposedToolCalls('responsibility_attribution', { next_action: 'reply_only' })).toEqual([]);
    expect(proposedToolCalls('intent_recognition', { intent: 'refund_request' })).toBeUndefined();
    expect(proposedToolCalls('fact_query_planning', null)).toEqual([]);
  });

  it('hand-offs only where a module can make one', () => {
    expect(handsOff('customer_response_generation', { recommended_next_step: 'human_handoff' })).toBeUndefined();
    expect(handsOff('prompt_evaluation', { decision: 'human_handoff' })).toBeUndefined();
    expect(handsOff('input_safety_precheck', null)).toBe(false);
  });
});
