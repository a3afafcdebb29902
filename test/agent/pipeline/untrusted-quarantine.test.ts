/**
 * What reaches the models: with the guards on, untrusted free text (a record's
 * remark or note, a document that is not official or internal) goes to no
 * deciding module, only to the screen, whose risk tags alone are used; tool
 * authorization can say yes or no to the program's proposal, never change it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/harness/base/errors.js';
import { parseScenarioFile, type LoadedScenario } from '../../../src/agent/scenarios/load-scenarios.js';
import { runPipeline } from '../../../src/agent/pipeline/orchestrator.js';
import type { ModelRequest, ModelResponse, Provider } from '../../../src/harness/providers/provider.js';
import { SimProvider } from '../../../src/agent/models/sim/sim-provider.js';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';

let active: Map<string, PromptFile>;
let suite: Map<string, LoadedScenario>;
beforeAll(async () => {
  active = (await loadWorkspace({})).active;
  const problems: Problem[] = [];
  suite = new Map(
    ['judged-by-outcome', 'injection', 'policy-trust', 'refund']
      .flatMap((f) => parseScenarioFile(`cases/pipeline/${f}.yaml`, readFileSync(`cases/pipeline/${f}.yaml`, 'utf8'), active, problems))
      .map((s) => [s.scenario_id, s]),
  );
});

const holds = (value: unknown, text: string) => JSON.stringify(value).includes(text);

describe('untrusted text never reaches a decider', () => {
  it.each(['pipe-untrusted-remark-paraphrase-014', 'pipe-untrusted-note-paraphrase-013', 'pipe-injection-fake-rule-doc-007'])(
    '%s: the planted text goes to the screen only; with the guards off, to the deciders',
    async (id) => {
      const s = suite.get(id)!;
      const planted = s.injection!.text;
      const on = (await runPipeline(s, { active, provider: new SimProvider(), trial: 0, guards: true })).trace;
      const saw = on.stages.filter((st) => holds(st.input, planted));
      expect(saw.length).toBeGreaterThan(0);
      expect(saw.filter((st) => !st.screen).map((st) => st.stage)).toEqual([]);
      expect(on.exposures.filter((e) => e.via.startsWith('module:'))).toEqual([]);
      const off = (await runPipeline(s, { active, provider: new SimProvider(), trial: 0, guards: false })).trace;
      expect(off.stages.some((st) => !st.screen && holds(st.input, planted))).toBe(true);
    },
  );

  it('a screen that names an injection arms the human-review guard: the detected remark hands the refund to a human', async () => {
    const s = suite.get('pipe-untrusted-remark-paraphrase-014')!;
    const t = (await runPipeline(s, { active, provider: new SimProvider(), trial: 0, guards: true })).trace;
    expect(t.injection_risk.screen_tags).toContain('possible_prompt_injection');
    expect(t.injection_risk.signals?.some((x) => x.source === 'screen:query_order.remark')).toBe(true);
    expect(t.handoff).not.toBeNull();
    expect(t.tools.filter((x) => x.status === 'executed' && x.tool === 'create_refund')).toEqual([]);
  });
});

/** sim, except that tool authorization allows and rewrites the call as told. */
class RewritingAuthorizer implements Provider {
  readonly id = 'sim';
  readonly model = 'sim';
  private readonly sim = new SimProvider();
  constructor(private readonly rewrite: Record<string, unknown>) {}
  async complete(request: ModelRequest): Promise<ModelResponse> {
    const response = await this.sim.complete(request);
    if (request.module !== 'tool_authorization') return response;
    return { ...response, text: JSON.stringify({ ...JSON.parse(response.text), authorization_decision: 'allow', ...this.rewrite }) };
  }
}

describe('tool authorization says yes or no to the proposal, nothing else', () => {
  const rewrites: [string, Record<string, unknown>][] = [
    ['another tool', { allowed_tool_name: 'send_email', sanitized_args: { to: 'x@example.net', message: 'hi' } }],
    ['another order', { sanitized_args: { order_id: 'O456' } }],
    ['a larger amount', { sanitized_args: { amount: 1990 } }],
  ];
  it.each(rewrites)('%s: the call is stopped and a human takes over', async (_name, rewrite) => {
    const s = suite.get('pipe-refund-unshipped-001')!;
    const t = (await runPipeline(s, { active, provider: new RewritingAuthorizer(rewrite), trial: 0, guards: true })).trace;
    expect(t.tools.filter((x) => x.status === 'executed' && x.proposed_by !== 'fact_query_planning' && x.proposed_by !== 'program')).toEqual([]);
    expect(t.tools.some((x) => x.status === 'blocked' && /changed the proposed call/.test(x.block?.message ?? ''))).toBe(true);
    expect(t.handoff).not.toBeNull();
  });

  it('the nearest case that must run: allow with the proposal unchanged, a sanitised reason only', async () => {
    const s = suite.get('pipe-refund-unshipped-001')!;
    const t = (await runPipeline(s, { active, provider: new RewritingAuthorizer({ sanitized_args: { reason: '用户申请退款' } }), trial: 0, guards: true }))
      .trace;
    expect(t.tools.filter((x) => x.status === 'executed' && x.tool === 'create_refund').length).toBe(1);
  });
});
