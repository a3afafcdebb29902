/** A case written before an expectation field existed keeps its hash once the field gets its empty default: the baseline still recognises it. */
import { describe, expect, it } from 'vitest';
import { ExpectedBehaviorSchema } from '../../../src/harness/cases/case-schema.js';
import { caseContentHash } from '../../../src/harness/cases/case-hash.js';
import type { SuiteItem } from '../../../src/harness/cases/case-suite.js';

const moduleCase = (expected: Record<string, unknown>) =>
  ({
    kind: 'module',
    module: 'memory_dedup',
    case_id: 'c-1',
    case_type: 'normal',
    input: { new_fact: 'x' },
    expected_behavior: expected,
    evaluation_metrics: [],
    tags: [],
    file: 'f',
    line: 1,
  }) as unknown as SuiteItem;

describe('case hashes across new expectation fields', () => {
  it('empty output checks hash as if the fields were not there; a filled one is a change', () => {
    const parsed = ExpectedBehaviorSchema.parse({ must_include_fields: ['duplicate_of'] });
    const { output_ids_within: _ids, output_length_within: _len, ...before } = parsed;
    expect(caseContentHash(moduleCase(parsed))).toBe(caseContentHash(moduleCase(before)));
    const filled = ExpectedBehaviorSchema.parse({ must_include_fields: ['duplicate_of'], output_ids_within: { duplicate_of: 'input.existing[].memory_id' } });
    expect(caseContentHash(moduleCase(filled))).not.toBe(caseContentHash(moduleCase(parsed)));
  });
});
