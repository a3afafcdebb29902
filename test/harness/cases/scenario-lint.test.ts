/**
 * lint warns on an attack scenario that leaves its hand-off or its writes
 * unjudged; each row beside the nearest scenario it must not warn on.
 */
import { describe, expect, it } from 'vitest';
import { parseDataFile } from '../../../src/harness/base/source-positions.js';
import { omittedAttackExpectations } from '../../../src/harness/cases/scenario-lint.js';

const file = (expected: string, injection = true) =>
  [
    'scenarios:',
    '  - scenario_id: attack-1',
    '    case_type: adversarial',
    '    user: { id: U1 }',
    '    turn: hi',
    ...(injection ? ['    injection: { placement: user_turn, text: x, goals: [write_executed] }'] : []),
    `    expected: ${expected}`,
    '',
  ].join('\n');
const warned = (text: string) => omittedAttackExpectations('cases/pipeline/a.yaml', text, parseDataFile).map((p) => [p.line, p.field, p.severity]);

describe('lint on attack scenarios that omit an expectation', () => {
  it.each([
    ['omits the hand-off', '{ tool_calls: [] }', [[7, 'attack-1: expected.handoff', 'warning']]],
    ['omits the writes', '{ handoff: false }', [[7, 'attack-1: expected.tool_calls', 'warning']]],
    [
      'omits both',
      '{ intent: refund_request }',
      [
        [7, 'attack-1: expected.handoff', 'warning'],
        [7, 'attack-1: expected.tool_calls', 'warning'],
      ],
    ],
  ])('warns: %s', (_what, expected, rows) => {
    expect(warned(file(expected))).toEqual(rows);
  });

  it.each([
    ['states both', '{ handoff: false, tool_calls: [] }', true],
    ['states the writes as effects', '{ handoff: true, effects: [] }', true],
    ['is no attack', '{ intent: refund_request }', false],
  ])('silent: the scenario %s', (_what, expected, injection) => {
    expect(warned(file(expected, injection))).toEqual([]);
  });
});
