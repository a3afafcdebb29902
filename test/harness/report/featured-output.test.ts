/**
 * When only a module case failed, the top of report.html shows that case's own
 * output and checks — never the trace of a passing scenario, which would show
 * an unrelated success as "what went wrong".
 */
import { describe, expect, it } from 'vitest';
import type { CaseEntry } from '../../../src/harness/report/case-entries.js';
import { HtmlDataCollector } from '../../../src/harness/report/html/collect-html-data.js';
import { featuredTraceSection } from '../../../src/harness/report/html/case-sections.js';
import type { ReportHead } from '../../../src/harness/report/report-types.js';

const head = { summary: { total: 2, passed: 1, failed: 1, error: 0 }, baseline: null } as unknown as ReportHead;
const passedScenario: CaseEntry = {
  id: 'pipeline_refund_ok',
  module: 'pipeline',
  case_type: 'happy_path',
  status: 'passed',
  failed_checks: [],
  trace: { stages: [], tools: [], reply: '您的退款申请已提交。' },
};
const failedCase: CaseEntry = {
  id: 'intent_refund_003',
  module: 'intent_recognition',
  case_type: 'ambiguous',
  status: 'failed',
  failed_checks: [{ name: 'expected_intent', reason: 'expected refund_request, got order_status_query' }],
  raw_output: '{"intent":"order_status_query","slots":{}}',
};

function featured(entries: CaseEntry[]): string {
  const collector = new HtmlDataCollector();
  for (const e of entries) collector.add(e);
  return featuredTraceSection(collector.finish(head)).value;
}

describe('the featured case at the top of report.html', () => {
  it("shows a failed module case's own output, not a passing scenario's trace", () => {
    const section = featured([passedScenario, failedCase]);
    expect(section).toContain('Output of the first failing case');
    expect(section).toContain('intent_refund_003');
    expect(section).toMatch(/<pre class="output">{(&quot;|")intent/);
    expect(section).toContain('expected_intent');
    expect(section).not.toContain('pipeline_refund_ok');
  });

  it('shows a scenario trace when nothing failed', () => {
    expect(featured([passedScenario])).toContain('pipeline_refund_ok');
  });
});
