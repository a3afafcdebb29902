/**
 * One trial of a scenario, as the agent plays it: the pipeline over the
 * scenario's mocked world, then the judge's verdict on the trace and the world
 * after it. Loaded only when a scenario runs, so that naming the agent costs
 * `orderflow list` nothing.
 */
import type { LoadedScenario } from './scenarios/load-scenarios.js';
import type { Provider } from '../harness/providers/provider.js';
import type { PromptFile } from '../harness/registry/prompt-file.js';
import { judgePrompts } from './judge/judge-input.js';
import { judgeScenario } from './judge/scenario-judge.js';
import { attributeFailure } from './judge/stage-attribution.js';
import { runPipeline } from './pipeline/orchestrator.js';

export async function runScenarioTrial(
  s: LoadedScenario,
  run: { trial: number; active: Map<string, PromptFile>; provider: Provider; guards: boolean; invalidOutputMayPass?: boolean },
) {
  const { trial, active, provider, guards } = run;
  const ctx = await runPipeline(s, { active, provider, trial, guards });
  const judging = run.invalidOutputMayPass === undefined ? {} : { invalidOutputMayPass: run.invalidOutputMayPass };
  const verdict = judgeScenario({ scenario: s, trace: ctx.trace, guards, prompts: judgePrompts(active), ...judging });
  const failed = verdict.checks.filter((c) => !c.passed).map((c) => ({ name: c.name, reason: c.reason ?? 'failed' }));
  return {
    trace: ctx.trace,
    failed,
    checksTotal: verdict.checks.length,
    facts: verdict.facts,
    ...(verdict.firstFailingStage
      ? { firstFailingStage: verdict.firstFailingStage, attribution: attributeFailure(verdict.firstFailingStage, ctx.trace, failed, s) }
      : {}),
  };
}
