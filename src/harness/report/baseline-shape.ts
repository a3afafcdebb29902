/**
 * The shape a baseline file must have before anything reads it. The digest
 * tells an edited record from an intact one (an edited record is reported as
 * untrusted, and the gate fails on that); this check is for a file whose
 * structure is broken, which no report can be judged against: a case that is
 * null, an id that is not text, a gate that is missing. Extra fields are let
 * through, so that a newer orderflow's records still load.
 */
import { z } from 'zod';
import { CASE_STATUSES } from '../runner/case-result.js';
import { firstIssue } from '../base/schema-issues.js';

const Status = z.enum(CASE_STATUSES);

const RecordCase = z.looseObject({
  id: z.string().min(1),
  module: z.string(),
  case_type: z.string(),
  status: Status,
  hash: z.string().optional(),
  trials: z.looseObject({ n: z.number().int().min(0), passed: z.number().int().min(0), outcomes: z.string().optional() }).optional(),
});

const MetricValue = z.looseObject({ value: z.number().nullable().optional() });

const Record = z.looseObject({
  format_version: z.number().int(),
  digest: z.string(),
  run: z.looseObject({}),
  accepted: z.array(z.string()).optional(),
  gate: z.looseObject({ passed: z.boolean(), failing: z.array(z.string()) }),
  gate_settings: z.looseObject({}).optional(),
  prompts: z.record(z.string(), z.looseObject({})).optional(),
  suite: z.looseObject({ fingerprint: z.string(), cases: z.number() }).optional(),
  replaced: z
    .looseObject({ removed: z.array(z.string()) })
    .nullable()
    .optional(),
  metrics: z.record(z.string(), MetricValue),
  cases: z.array(RecordCase),
});

/** A run's report.json read as a baseline (the older way): only its cases and metrics are used. */
const ReportAsBaseline = z.looseObject({
  run: z.looseObject({}).optional(),
  metrics: z.record(z.string(), MetricValue),
  cases: z.array(
    z.looseObject({ id: z.string().min(1), status: Status, module: z.string().optional(), case_type: z.string().optional(), hash: z.string().optional() }),
  ),
});

/** Where the file's structure is broken (field `cases.3.id`, "expected string"), or undefined when it can be read. */
export function baselineShapeProblem(raw: unknown, asRecord: boolean): { field: string; message: string } | undefined {
  const result = (asRecord ? Record : ReportAsBaseline).safeParse(raw);
  if (result.success) return undefined;
  const { field, message } = firstIssue(result.error.issues);
  return { field: field ?? '(top level)', message };
}
