/** A data file nested too deeply is one clean error with its line, at every depth, in JSON and YAML syntax. */
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, TOO_DEEP } from '../../../src/harness/base/nesting-depth.js';
import { parseDataFile, parseYamlWithPositions } from '../../../src/harness/base/source-positions.js';

const json = (n: number) => `{"test_cases": [\n{"input":\n${'['.repeat(n)}${']'.repeat(n)}}]}`;
const flow = (n: number) => `test_cases:\n  - input:\n      x: ${'['.repeat(n)}${']'.repeat(n)}\n`;

describe('nesting depth', () => {
  it.each([MAX_NESTING, 1_000, 4_000, 10_000, 100_000])('%i levels of [ past the root list: the same error, on the line where the bound is passed', (n) => {
    for (const [text, line] of [
      [json(n), 3],
      [flow(n), 3],
    ] as const) {
      const parsed = parseDataFile(text, 'test_cases');
      expect(parsed.error, text.slice(0, 40)).toEqual({ message: TOO_DEEP, line });
    }
    expect(parseYamlWithPositions(flow(n)).error?.message).toBe(TOO_DEEP);
  });

  it('a file within the bound reads as before', () => {
    const n = MAX_NESTING - 6;
    expect(parseDataFile(json(n), 'test_cases').error).toBeUndefined();
    expect(parseDataFile(flow(n), 'test_cases').error).toBeUndefined();
  });
});
