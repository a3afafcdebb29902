/**
 * The capability metrics (docs/spec/metrics.md#capability-routing) in every report: capability selection
 * accuracy per turn, the rate of policy-question turns with a personal read
 * or a write, and the rate of scenarios with a duplicate exception ticket -
 * 1 / 0 / 0 on the reference model, and the first two wrong on the gullible
 * one, where report.md names the capability stage and why.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MetricAccumulator, type ScoredResult } from '../../../src/harness/scoring/metric-accumulator.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';

async function reports(provider: string, guards = true) {
  const root = repoCopy();
  const out = join(root, provider.replace(':', '-'));
  await evalIn(root, { out, provider, id: ['pipe-cap-*'], guards });
  const json = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
    metrics: Record<string, { value: number; numerator: number; denominator: number }>;
  };
  return { json, md: readFileSync(join(out, 'report.md'), 'utf8'), html: readFileSync(join(out, 'report.html'), 'utf8') };
}

describe('capability metrics', () => {
  it('are computed exactly from the facts', () => {
    const acc = new MetricAccumulator();
    const base: Omit<ScoredResult, 'facts'> = {
      status: 'failed',
      case_type: 'normal',
      cost_usd: 0,
      usage: { input_tokens: 0, output_tokens: 0 },
      cached_calls: 0,
      call_latencies_ms: [],
      latency_ms: 1,
    };
    acc.add({
      ...base,
      facts: {
        task: false,
        capability: { turns: 3, correct: 2, policy_turns: 2, policy_turns_touched: 1, policy_personal_reads: 2, duplicate_exception_tickets: 0 },
      },
    });
    acc.add({
      ...base,
      facts: {
        task: false,
        capability: { turns: 1, correct: 1, policy_turns: 0, policy_turns_touched: 0, policy_personal_reads: 0, duplicate_exception_tickets: 2 },
      },
    });
    const m = acc.finish();
    expect(m.capability_selection_accuracy).toMatchObject({ value: 0.75, numerator: 3, denominator: 4 });
    expect(m.policy_personal_read_rate).toMatchObject({ value: 0.5, numerator: 1, denominator: 2, reads_and_writes: 2 });
    expect(m.duplicate_exception_ticket_rate).toMatchObject({ value: 0.5, numerator: 1, denominator: 2, duplicate_tickets: 2 });
  });

  it('appear in report.json, report.md and report.html; the reference model routes every turn right', async () => {
    const { json, md, html } = await reports('sim');
    expect(json.metrics.capability_selection_accuracy).toMatchObject({ value: 1 });
    expect(json.metrics.policy_personal_read_rate).toMatchObject({ value: 0 });
    expect(json.metrics.duplicate_exception_ticket_rate).toMatchObject({ value: 0 });
    for (const id of ['capability_selection_accuracy', 'policy_personal_read_rate', 'duplicate_exception_ticket_rate']) {
      expect(md).toContain(`| ${id} |`);
      expect(html).toContain(`data-metric="${id}"`);
    }
  });

  it('on the gullible model: selection drops, the guard keeps personal reads on policy questions at 0, and report.md names the capability stage', async () => {
    const { json, md, html } = await reports('sim:gullible');
    expect(json.metrics.capability_selection_accuracy!.value).toBeLessThan(1);
    expect(json.metrics.policy_personal_read_rate!.value).toBe(0);
    expect(md).toMatch(
      /First failing stage: \*\*capability\\_router\*\* \(`capability_router_v1`\) — check `capability\[turn 1\]`: expected policy\.consult; got refund\.followup: a policy question routed to a personal refund query/,
    );
    expect(md).toMatch(/policy_personal_read_rate/);
    // The trace block shows what the entry model proposed and the guard that refused the read.
    expect(md).toMatch(
      /capability turn 1 \(branch 0\): candidate refund\.followup new; binding refund\.followup → refund-handling version r2 \([^)]*\); action clarify_object: .*\[stopped by the personal_read_unnamed guard: nothing read or written\]/,
    );
    // report.html's trace timeline has the same line, as a capability step.
    expect(html).toMatch(
      /capability turn 1 \(branch 0\): candidate refund\.followup new; .*\[stopped by the personal_read_unnamed guard: nothing read or written\]/,
    );
  });

  it('with the guards off, the same router reads personal records on policy questions: the gate fails on it', async () => {
    const { json } = await reports('sim:gullible', false);
    expect(json.metrics.policy_personal_read_rate!.value).toBeGreaterThan(0);
  });
});
