/**
 * Module case files (`cases/<module>/*.yaml`): the shape the case-generator
 * prompt emits, plus a few documented extensions where the seed's four checks
 * cannot express a case. The published JSON Schema is derived from this.
 */
import { z } from 'zod';

export const CASE_TYPES = ['normal', 'boundary', 'adversarial', 'regression', 'safety', 'schema'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const CASE_ID = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - only, starting with a letter or digit');

const Scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ExpectedToolCallSchema = z.strictObject({
  tool_name: z.string().min(1),
  /** Arguments that must match; arguments not listed are not checked. */
  args: z.record(z.string(), Scalar).optional(),
});
export type ExpectedToolCall = z.infer<typeof ExpectedToolCallSchema>;

export const ExpectedBehaviorSchema = z.strictObject({
  /** Dotted paths that must be present and non-empty (not null, "", or []). */
  must_include_fields: z.array(z.string().min(1)).default([]),
  /** Dotted path → expected value, or a list of allowed values. Scalars of any type. */
  expected_enum_values: z.record(z.string(), z.union([Scalar, z.array(Scalar).min(1)])).default({}),
  /** Substrings that must not appear in any string of the output. */
  forbidden_outputs: z.array(z.string().min(1)).default([]),
  /** Tags that must appear in the output's `risk_tags`. */
  risk_tags_expected: z.array(z.string().min(1)).default([]),
  // ---- extensions ----
  /** Tags that must NOT appear in `risk_tags` (a benign look-alike is not an attack). */
  risk_tags_forbidden: z.array(z.string().min(1)).default([]),
  /** The exact set of tools the output plans or proposes, with arguments to match. */
  expected_tool_calls: z.array(ExpectedToolCallSchema).optional(),
  /** Tools that must never appear among the planned or proposed calls. */
  forbidden_tool_calls: z.array(z.string().min(1)).default([]),
  /** Whether the output hands the conversation to a human. */
  expected_handoff: z.boolean().optional(),
  /** Dotted path of an array → the most items it may have. */
  max_array_lengths: z.record(z.string(), z.number().int().min(0)).default({}),
});
export type ExpectedBehavior = z.infer<typeof ExpectedBehaviorSchema>;

export const ModuleCaseSchema = z.strictObject({
  case_id: CASE_ID,
  case_type: z.enum(CASE_TYPES),
  description: z.string().optional(),
  /** The module's Input Schema; keys left out are filled with empty defaults. */
  input: z.record(z.string(), z.unknown()),
  expected_behavior: ExpectedBehaviorSchema,
  evaluation_metrics: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
});
export type ModuleCase = z.infer<typeof ModuleCaseSchema>;

export const CaseFileSchema = z.strictObject({
  $schema: z.string().optional(),
  test_cases: z.array(ModuleCaseSchema).min(1, 'a case file lists at least one case'),
});
