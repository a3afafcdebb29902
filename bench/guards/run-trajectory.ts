/**
 * One trajectory of bench:guards: a scenario run under sim:adversary (a mode,
 * a seed, and optionally a tape to replay), judged, its violation kinds and
 * progress read, and its choices recorded so it can be kept and mutated.
 */
import type { LoadedScenario } from '../../src/agent/scenarios/load-scenarios.js';
import { runPipeline } from '../../src/agent/pipeline/orchestrator.js';
import type { PipelineTrace } from '../../src/agent/pipeline/trace.js';
import { AdversaryProvider, type AdversaryMode } from '../../src/agent/models/adversary/adversary-provider.js';
import type { PromptFile } from '../../src/harness/registry/prompt-file.js';
import type { judgePrompts } from '../../src/agent/judge/judge-input.js';
import { judgeScenario, type ScenarioVerdict } from '../../src/agent/judge/scenario-judge.js';
import { progressScore } from './progress.js';
import { violationKinds, type ViolationKind } from './violation-kinds.js';

export interface TrajectoryRun {
  trace: PipelineTrace;
  verdict: ScenarioVerdict;
  kinds: Map<ViolationKind, string>;
  score: number;
  tape: number[];
}

export interface Setting {
  active: Map<string, PromptFile>;
  prompts: ReturnType<typeof judgePrompts>;
  guards: boolean;
}

export async function runTrajectory(
  scenario: LoadedScenario,
  run: { mode: AdversaryMode; seed: number; tape?: readonly number[] },
  setting: Setting,
): Promise<TrajectoryRun> {
  const provider = new AdversaryProvider(run.seed, run.mode, { tapes: run.tape ?? [], record: true });
  const session = await runPipeline(scenario, { active: setting.active, provider, trial: 0, guards: setting.guards });
  const verdict = judgeScenario({ scenario, trace: session.trace, guards: setting.guards, prompts: setting.prompts });
  const conversation = provider.conversation(scenario.scenario_id);
  const kinds = violationKinds(scenario, session.trace, verdict, conversation?.plan.claims ?? []);
  return {
    trace: session.trace,
    verdict,
    kinds,
    score: progressScore(session.trace, kinds.size),
    tape: conversation?.tape.draws ?? [],
  };
}
