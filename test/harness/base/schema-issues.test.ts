import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editDistance, nearMiss } from '../../../src/harness/base/edit-distance.js';
import { readableIssues } from '../../../src/harness/base/schema-issues.js';

const Shape = z.strictObject({ case_id: z.string(), expected_behavior: z.strictObject({ intent: z.string() }) });
const issuesOf = (value: unknown) => readableIssues((Shape.safeParse(value) as { error: z.ZodError }).error.issues);

describe('validation issues as an author reads them', () => {
  it('a misspelt key is one issue at the misspelt key, naming the key it was meant to be', () => {
    expect(issuesOf({ case_id: 'x', expected_behaviour: { intent: 'a' } })).toEqual([
      { path: ['expected_behaviour'], unknownKey: true, didYouMean: 'expected_behavior', message: expect.any(String) },
    ]);
  });

  it('an unknown key far from anything missing stays unknown, and the missing key stays missing', () => {
    const issues = issuesOf({ case_id: 'x', notes: 'n' });
    expect(issues.map((i) => [i.path.join('.'), i.unknownKey, i.didYouMean])).toEqual([
      ['notes', true, undefined],
      ['expected_behavior', false, undefined],
    ]);
  });

  it('every unknown key of an object is named, not only the first', () => {
    const issues = issuesOf({ case_id: 'x', expected_behavior: { intent: 'a' }, a_field: 1, b_field: 2 });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['a_field', 'b_field']);
  });

  it('edit distance and near misses', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(nearMiss('intent_recogniton', ['intent_recognition', 'slot_clarification'])).toBe('intent_recognition');
    expect(nearMiss('returns_desk', ['intent_recognition'])).toBeUndefined();
    expect(nearMiss('intent_recognition', ['intent_recognition'])).toBeUndefined();
  });
});
