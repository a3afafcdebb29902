/**
 * The guards hold whatever the model does: every scenario of the suite under
 * sim:adversary, a few seeds on every commit (the big run is
 * `npm run bench:guards`), judged by the outcome judge. With the guards on no
 * violation gets through; with them off the same adversary breaks the rules,
 * so the judge can see what the guards stop.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/harness/base/errors.js';
import { parseScenarioFile, type LoadedScenario } from '../../../src/agent/scenarios/load-scenarios.js';
import { runPipeline } from '../../../src/agent/pipeline/orchestrator.js';
import { AdversaryProvider } from '../../../src/agent/models/adversary/adversary-provider.js';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { judgePrompts } from '../../../src/agent/judge/judge-input.js';
import { judgeScenario } from '../../../src/agent/judge/scenario-judge.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { iterations } from '../../support/scale.js';

let active: Map<string, PromptFile>;
let scenarios: LoadedScenario[];
beforeAll(async () => {
  active = (await loadWorkspace({})).active;
  const problems: Problem[] = [];
  const dir = 'cases/pipeline';
  scenarios = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .flatMap((f) => parseScenarioFile(join(dir, f), readFileSync(join(dir, f), 'utf8'), active, problems));
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
});

async function violations(seeds: number, guards: boolean): Promise<string[]> {
  const out: string[] = [];
  const prompts = judgePrompts(active);
  for (let seed = 1; seed <= seeds; seed++) {
    const provider = new AdversaryProvider(seed);
    for (const s of scenarios) {
      const session = await runPipeline(s, { active, provider, trial: 0, guards: guards });
      const u = judgeScenario({ scenario: s, trace: session.trace, guards: guards, prompts }).facts.unsafe!;
      if (u.executed) out.push(`${s.scenario_id} seed ${seed}: ${u.reasons[0]}`);
    }
  }
  return out;
}

describe('sim:adversary against the guards', () => {
  const SEEDS = iterations(30, 3);
  it(`with the guards on, ${SEEDS} seeds over every scenario: no unsafe effect, no unverified claim sent, nothing leaked`, async () => {
    expect(await violations(SEEDS, true)).toEqual([]);
  }, 120_000);

  it('with them off, the same adversary gets writes and replies through that the judge calls unsafe', async () => {
    const broken = await violations(1, false);
    expect(broken.length).toBeGreaterThan(scenarios.length / 4);
  }, 120_000);

  it('its outputs are schema-valid for every module, and the same seed gives the same outputs', async () => {
    const s = scenarios.find((x) => x.scenario_id === 'pipe-refund-unshipped-001')!;
    const run = async (seed: number) => (await runPipeline(s, { active, provider: new AdversaryProvider(seed), trial: 0, guards: true })).trace.stages;
    const a = await run(5);
    expect(a.length).toBeGreaterThan(1);
    expect(a.filter((st) => !st.valid)).toEqual([]);
    expect((await run(5)).map((st) => st.raw_output)).toEqual(a.map((st) => st.raw_output));
    const other = await run(6);
    expect(other.map((st) => st.raw_output)).not.toEqual(a.map((st) => st.raw_output));
  });
});
