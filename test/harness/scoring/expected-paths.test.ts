/**
 * The meaning of an expected path that crosses an array and ends at an array
 * (`planned_queries.missing_args`): some item's array contains the value. The
 * loader accepts such a path (the schema can produce the value), so the check
 * must be able to pass — and must still fail when no item holds the value.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExpectedBehaviorSchema } from '../../../src/harness/cases/case-schema.js';
import { parseModuleCaseFile } from '../../../src/harness/cases/load-module-cases.js';
import type { Problem } from '../../../src/harness/base/errors.js';
import { parsePromptFile } from '../../../src/harness/registry/prompt-file.js';
import { checkExpectations } from '../../../src/harness/scoring/module-checks.js';
import { agent } from '../../../src/harness/agent-registration.js';

const query = (tool: string, missing: string[]) => ({ tool_name: tool, args: {}, missing_args: missing, reason: 'r' });
const plan = (...queries: ReturnType<typeof query>[]) => ({ planned_queries: queries });
const check = (output: unknown, want: unknown) =>
  checkExpectations(
    'fact_query_planning',
    output,
    ExpectedBehaviorSchema.parse({ expected_enum_values: { 'planned_queries.missing_args': want } }),
    agent.moduleSignals,
  )[0]!;

describe('expected_enum_values over a path that crosses an array and ends at an array', () => {
  it("passes when some item's array contains the value", () => {
    expect(check(plan(query('query_order', []), query('query_logistics', ['order_id'])), 'order_id')).toEqual({
      name: 'expected_enum_values[planned_queries.missing_args]',
      passed: true,
    });
    expect(check(plan(query('query_order', ['order_id', 'user_id'])), 'user_id').passed).toBe(true);
  });

  it("with a list of values, any one of them in any item's array is enough", () => {
    expect(check(plan(query('query_order', ['user_id'])), ['order_id', 'user_id']).passed).toBe(true);
  });

  it('fails when no item holds it, or every array is empty, naming what was there', () => {
    const wrong = check(plan(query('query_order', ['user_id']), query('query_logistics', [])), 'order_id');
    expect(wrong).toMatchObject({ passed: false, reason: 'expected "order_id", got [["user_id"],[]]' });
    expect(check(plan(query('query_order', [])), 'order_id').passed).toBe(false);
    expect(check(plan(), 'order_id')).toMatchObject({ passed: false, reason: 'expected "order_id", got missing' });
  });

  it('an array is never equal to a scalar by accident: ["order_id"] as a whole item does not count as a string item', () => {
    expect(check({ planned_queries: [{ tool_name: 'query_order', args: {}, missing_args: [['order_id']] }] }, 'order_id').passed).toBe(false);
  });

  it('the loader accepts the path on fact_query_planning, and refuses a value the schema cannot hold there', () => {
    const prompt = parsePromptFile('prompts/fact_query_plan_v1.md', readFileSync(join(process.cwd(), 'prompts/fact_query_plan_v1.md'), 'utf8'), agent.contracts)
      .prompt!;
    const file = (value: string) =>
      `test_cases:\n  - case_id: p-1\n    case_type: boundary\n    input: { intent_result: { intent: logistics_query, slots: {} } }\n    expected_behavior:\n      expected_enum_values: { planned_queries.missing_args: ${value} }\n`;
    const problems: Problem[] = [];
    expect(parseModuleCaseFile('x.yaml', file('order_id'), 'fact_query_planning', prompt, problems, agent)).toHaveLength(1);
    expect(problems).toEqual([]);
    parseModuleCaseFile('x.yaml', file('42'), 'fact_query_planning', prompt, problems, agent);
    expect(problems.map((p) => `${p.line}: ${p.field}: ${p.message}`)).toEqual([
      '6: p-1: expected_enum_values.planned_queries.missing_args: 42 is not a string',
    ]);
  });
});
