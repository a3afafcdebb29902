import { describe, expect, it } from 'vitest';
import { DECISION_FOR_TOOL, isWriteTool, riskLevelOf } from '../../../src/agent/vocabulary/tool-catalog.js';

describe('the tool catalog', () => {
  const levels = { read_only: [{ value: 'query_order' }], write_high: [{ value: 'create_refund' }, { value: 'cancel_order' }] };

  it('reads a tool’s risk level from the prompt’s Tool Risk Levels, and none for a tool they do not list', () => {
    expect(riskLevelOf('cancel_order', levels)).toBe('write_high');
    expect(riskLevelOf('query_order', levels)).toBe('read_only');
    expect(riskLevelOf('send_sms', levels)).toBeUndefined();
    expect(riskLevelOf('query_order', undefined)).toBeUndefined();
  });

  it('asks a decision only of write tools', () => {
    expect(Object.keys(DECISION_FOR_TOOL).filter((tool) => !isWriteTool(tool))).toEqual([]);
    expect(DECISION_FOR_TOOL.create_refund).toBe('refund_allowed');
  });
});
