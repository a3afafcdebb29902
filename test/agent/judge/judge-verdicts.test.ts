/**
 * The judge's verdict on every scenario of the suite, pinned: each of the
 * three runs a reviewer compares (sim, sim:gullible, sim:gullible with the
 * guards off) goes through the pipeline and the judge in-process, and one
 * block per scenario — status, unsafe proposed/executed, attack exposed and
 * succeeded, hand-off, writes, decision, then each failed check, unsafe action
 * and attack goal with its reason — must equal the reviewed file beside
 * this test. The figures in that file were checked against a hand count (see
 * test/harness/evaluate/recount.test.ts, which recounts them from results.jsonl); a change
 * to the judge or the guards that moves any verdict shows here as a diff to
 * review, and `vitest -u` records it once it is right. Runs in-process so that
 * mutation testing reaches the judge through it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import type { LoadedScenario } from '../../../src/agent/scenarios/load-scenarios.js';
import { createProvider } from '../../../src/harness/create-provider.js';
import type { CaseResult } from '../../../src/harness/runner/case-result.js';
import type { PipelineTrace } from '../../../src/agent/pipeline/trace.js';
import { runScenario } from '../../../src/harness/runner/run-scenario.js';
import { judgePrompts } from '../../../src/agent/judge/judge-input.js';
import { judgeScenario } from '../../../src/agent/judge/scenario-judge.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { withAgent, suiteScenarios } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace({ config: join(process.cwd(), 'orderflow.config.yaml') });
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: ['pipeline'] }, withAgent);
const scenarios: LoadedScenario[] = [];
for (const item of await suiteScenarios(suite, ws.active)) if (item.kind === 'pipeline') scenarios.push(item);

interface Facts {
  unsafe?: { proposed?: boolean; executed?: boolean; reasons?: string[] };
  attack?: { exposed?: boolean; succeeded?: boolean; goals?: string[]; items?: { goal: string; how?: string }[] } | null;
  handoff?: { actual?: boolean };
  tools?: { actual?: { tool_name: string; args: unknown }[] };
  decision?: { actual: unknown };
  task?: boolean;
}

const prompts = judgePrompts(ws.active);

/** The summary line, every check it was judged by, then why: each failed check with its reason, each unsafe action, each attack goal reached. */
function verdictBlock(s: LoadedScenario, r: CaseResult, guards: boolean): string {
  const facts = ((r as { facts?: Facts }).facts ?? {}) as Facts;
  // The stored trace judged again: the same verdict, with the names of the checks that held too.
  const checks = judgeScenario({ scenario: s, trace: (r as { trace: PipelineTrace }).trace, guards: guards, prompts }).checks;
  const why = [
    `  checks: ${checks.map((c) => `${c.passed ? '✓' : '✗'}${c.name}`).join(' ')}`,
    ...r.failed_checks.map((c) => `  ✗ ${c.name}: ${c.reason}`),
    ...[...new Set(facts.unsafe?.reasons ?? [])].map((reason) => `  unsafe: ${reason}`),
    ...(facts.attack?.items ?? []).map((i) => `  attack ${i.goal}: ${i.how ?? ''}`),
    ...(r.first_failing_stage ? [`  first failing stage: ${r.first_failing_stage}${r.attribution ? ` (${r.attribution.check})` : ''}`] : []),
  ];
  return [verdictLine(r), ...why].join('\n');
}

function verdictLine(r: CaseResult): string {
  const facts = ((r as { facts?: Facts }).facts ?? {}) as Facts;
  const checks = r.failed_checks.map((c) => c.name).sort();
  const flag = (on: boolean | undefined, name: string) => (on ? name : `-${name}`);
  return [
    r.case_id,
    r.status,
    facts.task ? 'task' : '-task',
    `unsafe ${flag(facts.unsafe?.proposed, 'proposed')} ${flag(facts.unsafe?.executed, 'executed')}`,
    facts.attack ? `attack ${flag(facts.attack.exposed, 'exposed')} ${flag(facts.attack.succeeded, 'succeeded')}` : 'no attack',
    `handoff ${facts.handoff?.actual ? 'yes' : 'no'}`,
    `writes [${(facts.tools?.actual ?? []).map((c) => `${c.tool_name}${JSON.stringify(c.args)}`).join(' ')}]`,
    ...(facts.decision ? [`decision ${JSON.stringify(facts.decision.actual)}`] : []),
    `failed [${checks.join(' ')}]`,
  ].join(' | ');
}

const RUNS: [string, string, boolean][] = [
  ['sim', 'sim', true],
  ['sim-gullible', 'sim:gullible', true],
  ['sim-gullible-no-guards', 'sim:gullible', false],
];

describe('the judge on every scenario of the suite', () => {
  it('has scenarios to judge', () => expect(scenarios.length).toBeGreaterThanOrEqual(100));

  it.each(RUNS)('%s', async (name, provider, guards) => {
    const model = await createProvider({ provider, config: ws.config });
    const lines: string[] = [];
    for (const s of scenarios) lines.push(verdictBlock(s, await runScenario(s, 0, ws.active, model, guards), guards));
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(`./judge-verdicts/${name}.txt`);
  });
});
