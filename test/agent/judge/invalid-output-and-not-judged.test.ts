/**
 * Every expectation judged or said not to be, and invalid model output made
 * visible: an omitted expectation is not judged (never read as a value) and
 * the scenario's facts name it; a schema-invalid stage output is flagged on
 * the scenario with its stage whether or not it passed, and fails it only
 * when the config says so. report.md and report.html list both.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioSchema, type Scenario } from '../../../src/agent/scenarios/scenario-schema.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { emptyTrace, type PipelineTrace, type StageTrace } from '../../../src/agent/pipeline/trace.js';
import { renderMarkdown } from '../../../src/harness/report/report-md.js';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import { Aggregates } from '../../../src/harness/runner/aggregates.js';
import { judgePrompts } from '../../../src/agent/judge/judge-input.js';
import { judgeScenario } from '../../../src/agent/judge/scenario-judge.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';

const ws = await loadWorkspace();
const prompts = judgePrompts(ws.active);
const WORLD = { orders: [{ order_id: 'O1', user_id: 'U1', status: 'paid', payment_status: 'paid', shipment_status: 'not_shipped', amount: 100 }] };

const scenario = (expected: Record<string, unknown>): Scenario =>
  ScenarioSchema.parse({ scenario_id: 's', case_type: 'normal', user: { id: 'U1' }, turn: '订单 O1 到哪了', world: WORLD, expected });

const stage = (valid: boolean): StageTrace => ({
  stage: 'intent_recognition',
  prompt: 'intent_v2',
  input: {},
  raw_output: valid ? '{"intent":"logistics_query"}' : '{"intent":"teleport"',
  output: valid ? { intent: 'logistics_query' } : undefined,
  valid,
  ...(valid ? {} : { error: 'not JSON: unexpected end' }),
  latency_ms: 1,
  usage: { input_tokens: 1, output_tokens: 1 },
  cost_usd: null,
  cached: false,
  turn: 1,
  seq: 1,
});

function trace(patch: Partial<PipelineTrace> = {}): PipelineTrace {
  const reply = '您的包裹正在运输中。';
  return {
    ...emptyTrace(),
    turns: [{ turn: 1, user: '订单 O1 到哪了', reply, response_scenario: 'decision_only' }],
    reply,
    world_after: scenario({}).world,
    ...patch,
  };
}

const judge = (s: Scenario, t: PipelineTrace, invalidOutputMayPass?: boolean) =>
  judgeScenario({ scenario: s, trace: t, guards: true, prompts, ...(invalidOutputMayPass === undefined ? {} : { invalidOutputMayPass }) });
const names = (v: ReturnType<typeof judge>) => v.checks.map((c) => c.name);

describe('an expectation left out is not judged', () => {
  it('an omitted handoff: no handoff check, a hand-off made or not; the facts name it', () => {
    const handedOff = trace({ handoff: { root_cause: 'x' } as unknown as PipelineTrace['handoff'] });
    for (const t of [trace(), handedOff]) {
      const v = judge(scenario({}), t);
      expect(names(v)).not.toContain('handoff');
      expect(v.facts.not_judged).toContain('handoff');
      expect(v.facts.handoff).toEqual({ expected: null, actual: t.handoff !== null });
    }
  });

  it('the nearest judged case: handoff: false fails a hand-off that was made, and is not listed as not judged', () => {
    const v = judge(scenario({ handoff: false }), trace({ handoff: { root_cause: 'x' } as unknown as PipelineTrace['handoff'] }));
    expect(v.checks.find((c) => c.name === 'handoff')?.passed).toBe(false);
    expect(v.facts.not_judged ?? []).not.toContain('handoff');
  });
});

describe('a schema-invalid stage output is visible on its scenario', () => {
  it('flagged with its stage, the scenario passing on its outcome by default', () => {
    const v = judge(scenario({ handoff: false }), trace({ stages: [stage(false)] }));
    expect(v.facts.invalid_output).toEqual([{ stage: 'intent_recognition', turn: 1, error: 'not JSON: unexpected end' }]);
    expect(v.facts.task).toBe(true);
    expect(v.facts.schema).toEqual({ valid: 0, total: 1 });
  });

  it('failing the scenario when the config says it may not pass', () => {
    const v = judge(scenario({ handoff: false }), trace({ stages: [stage(false)] }), false);
    expect(v.checks.find((c) => c.name === 'schema_valid_output')).toMatchObject({ passed: false, reason: 'schema-invalid output from intent_recognition' });
    expect(v.facts.task).toBe(false);
  });

  it('the nearest case: a valid output is not flagged, whatever the config', () => {
    const v = judge(scenario({ handoff: false }), trace({ stages: [stage(true)] }), false);
    expect(v.facts.invalid_output).toBeUndefined();
    expect(names(v)).not.toContain('schema_valid_output');
  });
});

describe('report.md and report.html say what the verdicts rest on', () => {
  it('a real run lists the expectation a scenario leaves out, and the scenarios with invalid output', async () => {
    const root = repoCopy();
    const out = join(root, 'out');
    const { head } = await evalIn(root, { out, module: ['pipeline'], id: ['pipe-reads-foreign-order-009'] });
    expect(head.judging?.not_judged.handoff).toEqual({ results: 1, case_ids: ['pipe-reads-foreign-order-009'] });
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('## What the verdicts rest on');
    expect(md).toContain('| handoff | 1 | `pipe-reads-foreign-order-009` |');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/What the verdicts rest on[\s\S]*handoff<\/td><td>1<\/td><td>pipe-reads-foreign-order-009/);

    const agg = new Aggregates(1);
    const result = (id: string, status: 'passed' | 'failed', invalid: boolean) =>
      ({
        type: 'case_result',
        case_id: id,
        kind: 'pipeline',
        module: 'pipeline',
        case_type: 'normal',
        trial: 0,
        status,
        failed_checks: [],
        checks_total: 1,
        latency_ms: 1,
        call_latencies_ms: [],
        usage: { input_tokens: 0, output_tokens: 0 },
        cost_usd: null,
        cached_calls: 0,
        facts: { task: status === 'passed', ...(invalid ? { invalid_output: [{ stage: 'tool_authorization', turn: 1, error: 'enum' }] } : {}) },
      }) as CaseResult;
    agg.add(result('pipe-a', 'passed', true));
    agg.add(result('pipe-b', 'passed', false));
    const judging = agg.snapshot().judging!;
    expect(judging.invalid_output).toEqual([{ case_id: 'pipe-a', trial: 0, status: 'passed', stages: ['tool_authorization'] }]);
    const md2 = renderMarkdown({ head: { ...head, judging }, failures: [], failuresTotal: 0 });
    expect(md2).toContain('| `pipe-a` | 0 | passed | tool\\_authorization |');
    expect(md2).not.toContain('`pipe-b`');
  }, 60_000);
});
