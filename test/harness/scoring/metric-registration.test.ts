/**
 * A new metric is one file (fixtures/schema-failure-case-rate.ts) and one line
 * in the registration list (mocked here with that line added): it reaches
 * report.json, with its interval, and report.md's metric table, counted from
 * the results as they stand in results.jsonl.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { evalIn, readReport, readResults, repoCopy } from '../../support/eval-fixture.js';

vi.mock('../../../src/harness/scoring/metrics/registered-metrics.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/harness/scoring/metrics/registered-metrics.js')>();
  const { schemaFailureCaseRate } = await import('./fixtures/schema-failure-case-rate.js');
  return { METRICS: [...original.METRICS, schemaFailureCaseRate] };
});

describe('a metric added by one file and one registration line', () => {
  it('is in report.json and report.md, counted from the results', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    await evalIn(root, { out, module: ['intent_recognition'], provider: ['sim:gullible'], baseline: false });
    const results = readResults(out).filter((r) => r.status !== 'error' && r.status !== 'skipped' && r.facts.schema);
    const refused = results.filter((r) => r.facts.schema!.valid < r.facts.schema!.total).length;
    expect(refused).toBeGreaterThan(0);

    const metric = readReport(out).metrics.schema_failure_case_rate;
    expect(metric).toMatchObject({ numerator: refused, denominator: results.length, value: Math.round((refused / results.length) * 1e4) / 1e4 });
    expect(metric).toHaveProperty('interval');
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain(`| schema_failure_case_rate | ${String(metric!.value)} |`);
    expect(md).toContain(`| ${refused} / ${results.length} |`);
  });
});
