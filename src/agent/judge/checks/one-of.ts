import { fail, pass, type CheckResult } from '../../../harness/model-output/check-result.js';

/** A check of one output field against the values a scenario accepts; none when it accepts no value (leaves the field unjudged). */
export function oneOf(name: string, expected: string | string[] | undefined, got: string | undefined): CheckResult[] {
  if (expected === undefined) return [];
  const accepted = [expected].flat();
  return [got && accepted.includes(got) ? pass(name) : fail(name, `expected ${accepted.join(' or ')}, got ${got ?? 'none'}`)];
}
