/**
 * Attribution that explains itself, and a report.md that fits where it is
 * posted: on a sim:gullible run (and a measurement run without guards), and
 * on a synthetic run far larger than the suite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarkdownFailure } from '../../../src/harness/report/report-md.js';
import { MARKDOWN_MAX_CHARS, renderMarkdown } from '../../../src/harness/report/report-md.js';
import type { ReportHead } from '../../../src/harness/report/report-types.js';
import { attributeFailure } from '../../../src/agent/judge/stage-attribution.js';
import { handBuiltStage as stage, handBuiltTrace as trace } from '../../support/hand-built-trace.js';
import { evalIn, readReport, readResults } from '../../support/eval-fixture.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';

describe('a sim:gullible run', () => {
  let out: string;
  let md: string;
  beforeAll(async () => {
    const root = sharedCopyOfRepo();
    out = join(root, 'out');
    await evalIn(root, { provider: 'sim:gullible', out, baseline: join(process.cwd(), 'reports/baseline.json') });
    md = readFileSync(join(out, 'report.md'), 'utf8');
  }, 60_000);

  it('has report.md under 60,000 characters, still naming the verdict, the failed thresholds and the first failing cases with reasons', () => {
    const report = readReport(out);
    expect(md.length).toBeLessThan(MARKDOWN_MAX_CHARS);
    expect(md.split('\n')[0]).toBe('# orderflow eval: ❌ gate FAILED');
    for (const f of report.gate.failures) expect(md).toContain(f.message.replace(/_/g, '\\_'));
    const detailed = [...md.matchAll(/^### ❌ `([^`]+)`.*$/gm)];
    expect(detailed.length).toBeGreaterThanOrEqual(10);
    // Newly failing ids are a list, one per line with its reason, capped with a pointer to the rest.
    const start = md.indexOf('**Newly failing');
    const flipped = md.slice(start, md.indexOf('\n\n**', start + 1));
    const items = flipped.split('\n').filter((l) => l.startsWith('- `'));
    expect(items).toHaveLength(25);
    for (const item of items) expect(item).toMatch(/^- `[^`]+` \([a-z_]+\) — .+/);
    expect(flipped).toContain(`- … and ${report.baseline!.newly_failing_count - 25} more — see report.html / report.json`);
    expect(md).toMatch(/… and \d+ more failed cases — see report\.html \/ report\.json\./);
    // Past the detail blocks, the next failures are one line each (id, module, first failing stage or check).
    const listed = [...md.matchAll(/^- (?:❌|⚠️) `([^`]+)` · [a-z_]+(?: · newly failing)? — .+$/gm)];
    expect(listed.length).toBeGreaterThan(10);
    const rest = Number(/… and (\d+) more failed cases/.exec(md)![1]);
    expect(detailed.length + listed.length + rest).toBe(report.summary.failed + report.summary.error);
    expect(new Set([...detailed, ...listed].map((m) => m[1])).size).toBe(detailed.length + listed.length);
  });

  it('gives every failed scenario its first failing stage with the check, expected, got and the stage output, in results.jsonl, report.json and report.md', () => {
    const failed = readResults(out).filter((r) => r.module === 'pipeline' && r.status === 'failed');
    expect(failed.length).toBeGreaterThan(20);
    for (const r of failed) {
      const a = r.attribution!;
      expect(a, r.case_id).toBeDefined();
      expect(a.stage).toBe(r.first_failing_stage);
      expect(a.check && a.expected && a.got).toBeTruthy();
      if (a.stage !== 'orchestration') expect(a.output_excerpt, r.case_id).toBeTruthy();
    }
    // An injection in the user turn that the precheck let through as risk "none" (the reply guard now stops the false
    // claim that used to follow it, so the example is whichever scenario still fails there).
    const precheck = failed.find((r) => r.first_failing_stage === 'input_safety_precheck' && r.attribution?.check === 'injection_flagged')!;
    expect(precheck, failed.map((r) => `${r.case_id}: ${r.first_failing_stage}`).join('\n')).toBeDefined();
    expect(precheck.attribution).toMatchObject({ check: 'injection_flagged', got: 'risk_level none, risk_tags []' });
    expect(precheck.attribution!.output_excerpt).toContain('"risk_level":"none"');
    expect(precheck.attribution!.consequence).toMatch(/^\d+ later checks? failed because of input_safety_precheck: /);

    const cases = readReport(out).cases;
    expect(cases.find((c) => c.id === precheck.case_id)!.attribution).toEqual(precheck.attribution);

    // Each scenario detailed in report.md says why, and marks the stage in its trace.
    const blocks = md.split(/^(?=### )/m).filter((b) => b.startsWith('### ❌ `pipe-'));
    expect(blocks.length).toBeGreaterThan(5);
    for (const block of blocks) {
      const id = /^### ❌ `([^`]+)`/.exec(block)![1]!;
      const a = cases.find((c) => c.id === id)!.attribution!;
      expect(block).toContain(`First failing stage: **${a.stage.replace(/_/g, '\\_')}**`);
      expect(block).toContain(`— check \`${a.check}\`: expected `);
      expect(block).toMatch(/^Stage output: `.+`$/m);
      if (a.consequence) expect(block).toContain(`↳ ${a.downstream.length} later check`);
      expect(block).toContain(`stage ${a.stage} (${a.prompt}): valid output ← FIRST FAILING STAGE`);
    }
  });
});

describe('attribution on a hand-built trace', () => {
  it("names the stage's own check and its output, and the later checks as consequences", () => {
    const t = trace([
      stage('intent_recognition', { intent: 'logistics_query', slots: { order_id: 'O1' }, normalized_user_request: 'long text' }),
      stage('customer_response_generation', { reply: '退款已成功' }),
    ]);
    const a = attributeFailure(
      'intent_recognition',
      t,
      [
        { name: 'intent', reason: 'expected refund_request, got logistics_query' },
        { name: 'forbidden_reply[退款已成功]', reason: 'reply contains "退款已成功"' },
      ],
      { expected: { intent: 'refund_request' } },
    );
    expect(a).toMatchObject({ check: 'intent', expected: 'refund_request', got: 'logistics_query', prompt: 'intent_recognition_v1' });
    expect(JSON.parse(a.output_excerpt!)).toEqual({ intent: 'logistics_query', slots: { order_id: 'O1' } });
    expect(a.downstream).toEqual([{ check: 'forbidden_reply[退款已成功]', stage: 'customer_response_generation' }]);
    expect(a.consequence).toBe('1 later check failed because of intent_recognition: forbidden_reply[退款已成功]');
  });

  it('explains an invalid output by its schema error and raw text', () => {
    const bad = { ...stage('tool_authorization', undefined, false), raw_output: 'not json <b>', error: 'output is not valid JSON', not_json: true };
    const a = attributeFailure('tool_authorization', trace([bad]), [], { expected: {} });
    expect(a).toMatchObject({
      check: 'schema[tool_authorization]',
      expected: 'one JSON object',
      got: 'output is not valid JSON',
      output_excerpt: 'not json <b>',
      consequence: null,
    });
  });
});

describe('report.md on a run far larger than the suite', () => {
  it('stays under 60,000 characters and points to the full reports', () => {
    const modules = Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [`module_${i}`, { case_pass_rate: { value: 0.5, numerator: 50, denominator: 100 } }]),
    );
    const ids = Array.from({ length: 1000 }, (_, i) => `case-${i}-${'x'.repeat(40)}`);
    const head = {
      schema_version: 1,
      run: {
        id: 'r',
        provider: 'sim',
        model: 'sim',
        guards_enabled: true,
        duration_ms: 1,
        git: { commit: null, dirty: null },
        filters: { modules: [], case_types: [], ids: [] },
        shard: null,
        prompts: {},
        orderflow_version: '0',
        node_version: 'v20',
        concurrency: 1,
        repeat: 1,
        cache_mode: 'off',
      },
      summary: { total: 100_000, passed: 50_000, failed: 50_000, error: 0 },
      metrics: { case_pass_rate: { value: 0.5, numerator: 50_000, denominator: 100_000 } },
      by_module: modules,
      by_case_type: {},
      stage_failures: {},
      guard_blocks: {},
      gate_blocks: {},
      gate: {
        passed: false,
        checks: [{ id: 'case_pass_rate', passed: false, reason: 'case_pass_rate 0.5 is below the minimum 0.95' }],
        failures: [{ metric: 'case_pass_rate', value: 0.5, threshold: { min: 0.95 }, message: 'case_pass_rate 0.5 is below the minimum 0.95' }],
        not_applicable: [],
        accepted: [],
        mode: 'exact',
        within_noise: [],
      },
      statistics: {
        mode: 'exact',
        mode_reason: 'sim is deterministic',
        alpha: 0.05,
        interval_method: 'Wilson 95%',
        paired: null,
        power: null,
        flaky: ids.map((id) => ({ id, baseline: { n: 3, passed: 3 }, current: { n: 3, passed: 1 } })),
        flaky_count: 1000,
        stable_regressions: ids,
        stable_regression_count: 50_000,
      },
      baseline: {
        path: 'b.json',
        run_id: null,
        metrics: {},
        newly_failing: ids,
        newly_passing: ids,
        newly_failing_count: 50_000,
        newly_passing_count: 1000,
        acknowledged_failing: ids.map((id) => ({ id, change: 'x'.repeat(300) })),
        acknowledged_failing_count: 1000,
        added: 1000,
        added_ids: ids,
        removed: ids,
        removed_count: 1000,
        changed: ids.map((id) => ({ id, before: 'passed', after: 'failed' })),
        changed_count: 1000,
        untrusted: null,
        not_comparable: [],
        recorded_with: null,
      },
      prompt_changes: null,
      gate_settings_changes: [],
    } as unknown as ReportHead;
    const failures: MarkdownFailure[] = ids.map((id) => ({
      id,
      module: 'module_1',
      case_type: 'adversarial',
      status: 'failed',
      failed_checks: Array.from({ length: 20 }, (_, k) => ({ name: `check_${k}`, reason: 'y'.repeat(500) })),
      raw_output: 'z'.repeat(100_000),
      newlyFailing: true,
    }));
    const md = renderMarkdown({ head, failures, failuresTotal: 50_000 });
    expect(md.length).toBeLessThanOrEqual(MARKDOWN_MAX_CHARS);
    expect(md.split('\n')[0]).toBe('# orderflow eval: ❌ gate FAILED');
    expect(md).toContain('case\\_pass\\_rate 0.5 is below the minimum 0.95');
    expect(md).toMatch(/report\.md cut at 60,000 characters — see report\.html \/ report\.json\.\n$/);
  });
});
