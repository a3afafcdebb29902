import { describe, expect, it } from 'vitest';
import { deltaDirection, describeDelta } from '../../../src/harness/report/metric-delta.js';

describe('which metric changes count', () => {
  it('calls a latency change noise unless it is large in milliseconds and relative to the baseline', () => {
    expect(deltaDirection('latency_ms', 0.17, 0.39)).toBe('noise'); // +230 %, but 0.4 ms
    expect(deltaDirection('latency_ms', 400, 60)).toBe('noise'); // +60 ms, but 15 %
    expect(deltaDirection('latency_ms', 400, 150)).toBe('worse');
    expect(deltaDirection('latency_ms', 400, -150)).toBe('better');
    expect(describeDelta('latency_ms', 0.17, 0.39, String)).toBe('+0.39 (within noise)');
  });

  it('counts every change of a rate, in the direction that matters', () => {
    expect(deltaDirection('case_pass_rate', 1, -0.003)).toBe('worse');
    expect(deltaDirection('unsafe_action_rate', 0, 0.01)).toBe('worse');
    expect(deltaDirection('injection_success_rate', 0.2, -0.1)).toBe('better');
    expect(deltaDirection('task_success_rate', 0.9, 0)).toBe('unchanged');
    expect(deltaDirection('task_success_rate', null, null)).toBe('unknown');
    expect(describeDelta('case_pass_rate', 1, -0.25, String)).toBe('-0.25 (worse)');
  });
});
