/**
 * What `orderflow summary` prints, checked before it prints it. The summary
 * goes to $GITHUB_STEP_SUMMARY, where Markdown and HTML render: a report.json
 * is a file anyone with write access to a folder can forge, so every field the
 * summary reads must have the shape orderflow writes (a module is a snake_case
 * id, an `--accept` value one of the known ones, a count a whole number), and
 * a field that does not is an error naming it. Text fields are free text; the
 * renderer escapes them.
 */
import { z } from 'zod';
import { CASE_STATUSES } from '../runner/case-result.js';
import { ACCEPT_VALUES } from './gate.js';
import { checkReportShape } from './report-shape.js';
import type { Report } from './report-types.js';

const Text = z.string();
const Count = z.number().int().min(0);
const Id = z.string().min(1);
const Module = z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case module id');
const Accepted = z.enum(ACCEPT_VALUES);
const Ref = z.looseObject({ name: Text, version: Text }).nullable();
const Change = z.looseObject({ path: Text, message: Text, severity: Text });

const PromptChange = z.looseObject({
  module: Module,
  before: Ref,
  after: Ref,
  breaking_count: Count,
  unacknowledged: z.array(Change),
  diff: z
    .looseObject({
      schema: z.array(Change),
      structured: z.array(Change),
      text: z.array(z.looseObject({ section: Text, added: z.array(z.unknown()), removed: z.array(z.unknown()) })),
      metadata: z.array(z.looseObject({ key: Text })),
    })
    .nullable(),
});

const Baseline = z.looseObject({
  path: Text,
  run_id: Text.nullish(),
  untrusted: Text.nullish(),
  not_comparable: z.array(Text),
  newly_failing: z.array(Id),
  newly_failing_count: Count,
  newly_passing: z.array(Id),
  newly_passing_count: Count,
  acknowledged_failing: z.array(z.looseObject({ id: Id, change: Text })),
  acknowledged_failing_count: Count,
  removed: z.array(Id),
  removed_count: Count,
  changed: z.array(z.looseObject({ id: Id, after: z.enum(CASE_STATUSES) })),
  changed_count: Count,
  added: Count,
  added_ids: z.array(Id),
  recorded_with: z
    .looseObject({
      accepted: z.array(Accepted),
      gate: z.looseObject({ passed: z.boolean(), failing: z.array(Text) }),
      replaced: z.looseObject({ removed: z.array(Id), removed_count: Count }).nullish(),
    })
    .nullish(),
});

const SummaryShape = z.looseObject({
  run: z.looseObject({
    provider: Text,
    model: Text,
    report_dir: Text,
    git: z.looseObject({ commit: Text.nullish() }),
    incomplete: z.looseObject({ done: Count, total: Count, reason: Text, resume: Text }).nullish(),
    partial: z.looseObject({ missing_shards: z.array(Count), of: Count }).nullish(),
    filters: z.looseObject({ modules: z.array(Text), case_types: z.array(Text), ids: z.array(Text) }),
  }),
  summary: z.looseObject({ total: Count, passed: Count, failed: Count, error: Count }),
  gate: z.looseObject({ passed: z.boolean(), checks: z.array(z.looseObject({ passed: z.boolean(), reason: Text, accepted: Accepted.nullish() })) }),
  gate_settings_changes: z.array(z.looseObject({ message: Text, loosened: z.boolean() })),
  prompt_changes: z.array(PromptChange).nullable(),
  baseline: Baseline.nullable(),
  cases: z.array(
    z.looseObject({
      id: Id,
      module: Module,
      status: z.enum(CASE_STATUSES),
      failed_checks: z.array(z.looseObject({ name: Text, reason: Text })),
      error: Text.nullish(),
    }),
  ),
});

/** The report, or an InputError naming the first printed field that is not what orderflow writes. */
export function checkSummaryShape(value: unknown, shown: string): Report {
  return checkReportShape(value, shown, SummaryShape);
}
