/**
 * Module case files (`cases/<module>/*.yaml`): the shape the case-generator
 * prompt emits, plus a few documented extensions where the seed's four checks
 * cannot express a case. The published JSON Schema is derived from this.
 */
import { z } from 'zod';

import { CASE_TYPES } from './case-types.js';

export { CASE_TYPES, type CaseType } from './case-types.js';

export const CASE_ID = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - only, starting with a letter or digit');

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const ExpectedToolCallSchema = z.strictObject({
  tool_name: z.string().min(1),
  /** Arguments that must match; arguments not listed are not checked. */
  args: z.record(z.string(), Scalar).optional(),
});
export type ExpectedToolCall = z.infer<typeof ExpectedToolCallSchema>;

const InputPath = z.string().regex(/^input(\.[A-Za-z0-9_]+(\[\])?)+$/, 'a path into the input such as input.documents[].document_id');

export const ExpectedBehaviorSchema = z.strictObject({
  must_include_fields: z
    .array(z.string().min(1))
    .default([])
    .describe('Dotted paths that must be present and non-empty (not null, "", or []). A path crossing an array means "some item has".'),
  expected_enum_values: z
    .record(z.string(), z.union([Scalar, z.array(Scalar).min(1)]))
    .default({})
    .describe('Dotted path → expected value, or a list of allowed values (strings, numbers, booleans or null).'),
  forbidden_outputs: z.array(z.string().min(1)).default([]).describe('Substrings that must not appear in any string of the output.'),
  risk_tags_expected: z.array(z.string().min(1)).default([]).describe("Tags that must appear in the output's risk_tags."),
  // ---- extensions ----
  risk_tags_forbidden: z
    .array(z.string().min(1))
    .default([])
    .describe('Extension: tags that must NOT appear in risk_tags (a benign look-alike is not an attack).'),
  expected_tool_calls: z
    .array(ExpectedToolCallSchema)
    .optional()
    .describe('Extension: the exact set of tools the output plans or proposes, with the arguments that must match.'),
  forbidden_tool_calls: z.array(z.string().min(1)).default([]).describe('Extension: tools that must never appear among the planned or proposed calls.'),
  expected_handoff: z.boolean().optional().describe('Extension: whether the output hands the conversation to a human.'),
  max_array_lengths: z.record(z.string(), z.number().int().min(0)).default({}).describe('Extension: dotted path of an array → the most items it may have.'),
  output_ids_within: z
    .record(z.string(), InputPath)
    .default({})
    .describe('Extension: dotted path of ids in the output → the input path they must come from (input.documents[].document_id). null and "" mean no id.'),
  output_length_within: z
    .record(z.string(), InputPath)
    .default({})
    .describe('Extension: dotted path of a string in the output → the input path of the most characters it may have (input.max_chars).'),
});
export type ExpectedBehavior = z.infer<typeof ExpectedBehaviorSchema>;

/** Where a generated case came from: the named strategy, the suite case or scenario it rewrote, the run's --seed. */
export const GeneratedBySchema = z.strictObject({
  strategy: z.string().min(1),
  source_case: z.string().nullable(),
  seed: z.number().int().nullable(),
});
export type GeneratedBy = z.infer<typeof GeneratedBySchema>;

const ModuleCaseSchema = z.strictObject({
  case_id: CASE_ID,
  case_type: z.enum(CASE_TYPES),
  description: z.string().optional(),
  input: z
    .record(z.string(), z.unknown())
    .describe('The module\'s Input Schema; keys left out are filled with empty defaults ("", null, [], {}, false, 0, first enum value).'),
  expected_behavior: ExpectedBehaviorSchema,
  evaluation_metrics: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  generated_by: GeneratedBySchema.optional().describe('Set by `orderflow generate`: strategy, source case and seed, so the case can be reproduced.'),
});
export type ModuleCase = z.infer<typeof ModuleCaseSchema>;

export const CaseFileSchema = z.strictObject({
  $schema: z.string().optional(),
  test_cases: z.array(ModuleCaseSchema).min(1, 'a case file lists at least one case'),
});
