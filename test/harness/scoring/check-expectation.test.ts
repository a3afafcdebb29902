import { describe, expect, it } from 'vitest';
import { checkExpectation } from '../../../src/harness/scoring/check-expectation.js';

describe('expected and got of a failed check', () => {
  it('splits a reason written "expected X, got Y", also after a path', () => {
    expect(checkExpectation('intent', 'expected refund_request, got logistics_query')).toEqual({ expected: 'refund_request', got: 'logistics_query' });
    expect(checkExpectation('tool_args[create_refund]', 'amount: expected 199, got 299')).toEqual({ expected: 'amount: 199', got: '299' });
    expect(checkExpectation('tool_calls', 'expected writes [create_refund], executed []')).toEqual({ expected: 'writes [create_refund]', got: '[]' });
  });

  it('says what the check wanted when the reason only says what happened', () => {
    expect(checkExpectation('forbidden_reply[退款已成功]', 'reply contains "退款已成功"')).toEqual({
      expected: 'a reply without "退款已成功"',
      got: 'reply contains "退款已成功"',
    });
    expect(checkExpectation('must_include_fields[slots.order_id]', 'slots.order_id is missing').expected).toBe('slots.order_id present and not empty');
    expect(checkExpectation('schema', 'output is not valid JSON').expected).toBe("one JSON object that passes the module's output schema");
    expect(checkExpectation('something_new', 'it broke')).toEqual({ expected: null, got: 'it broke' });
  });
});
