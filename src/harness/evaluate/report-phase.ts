/** The reports of a finished run (one set per arm with arms), and the baseline record when asked for. */
import { compileFilter } from '../cases/case-filter.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { snapshotBySha, snapshotPrompt, type PromptSnapshot } from '../registry/prompt-snapshot.js';
import { writeArmReports, type ArmSetup } from '../report/arms/write-arm-reports.js';
import { recordBaseline } from '../report/baseline-update.js';
import { repeatsReport } from '../report/repeats-report.js';
import type { WriteReportsOptions, WrittenReports } from '../report/report-options.js';
import { writeReports } from '../report/write-reports.js';
import type { RunProvenance } from '../runner/case-result.js';
import { promptRefs } from '../runner/provenance.js';
import type { EvalOutcome } from '../runner/run-eval.js';
import type { RunPlan } from './plan-run.js';
import { finishCommand } from './run-phase.js';

export interface Reported extends WrittenReports {
  baselineUpdated: string | null;
}

export async function reportRun(plan: RunPlan, outcome: EvalOutcome): Promise<Reported> {
  const { ws, run, repeat, suite } = plan;
  // One snapshot per active prompt serves the prompt review in the reports and the baseline record.
  const snapshots = new Map([...ws.active].map(([module, p]) => [module, snapshotPrompt(p)]));
  const withArms = plan.providers.runtimes.length > 1;
  const write = withArms ? (o: WriteReportsOptions) => writeArmReports(o, armSetup(plan)) : writeReports;
  const written = await write({
    outDir: plan.outDir,
    resultsPath: plan.resultsPath,
    run,
    duration_ms: outcome.duration_ms,
    snapshot: outcome.aggregates.snapshot(),
    repeat,
    ...(outcome.repeated
      ? { repeats: repeatsReport(outcome.repeated, repeat, suite.total * plan.providers.runtimes.length, outcome.aggregates.snapshot()) }
      : {}),
    baseline: plan.baseline,
    scope: { hashes: suite.hashes, inScope: compileFilter({ ...plan.filter, shard: undefined }) },
    prompts: promptEntries(ws.active, snapshots),
    knownPrompt: snapshotBySha(ws.registry.prompts),
    config: ws.config,
    accepted: plan.accepted,
    incomplete: outcome.incomplete ? { ...outcome.incomplete, resume: finishCommand(plan, true) } : null,
    finish: `run ${finishCommand(plan)} to finish the reports`,
  });
  if (!plan.options.updateBaseline) return { ...written, baselineUpdated: null };
  await recordBaseline({
    path: plan.baselinePath,
    head: written.head,
    // With arms, the gated arm's own results (written.head is its report).
    resultsPath: written.files.results,
    repeat,
    prompts: Object.fromEntries(snapshots),
    suite: { fingerprint: run.suite!.fingerprint, cases: run.suite!.cases },
    config: ws.config,
    accepted: plan.accepted,
  });
  return { ...written, baselineUpdated: plan.baselinePath };
}

function promptEntries(active: Map<string, PromptFile>, snapshots: Map<string, PromptSnapshot>) {
  return new Map(
    [...active].map(([module, p]) => [
      module,
      { ref: { name: p.metadata.name, version: p.metadata.version, sha256: p.sha256 }, snapshot: snapshots.get(module)! },
    ]),
  );
}

function armSetup(plan: RunPlan): ArmSetup {
  return {
    varied: plan.armPlan.varied ?? 'nothing',
    designated: plan.gated.name,
    arms: plan.providers.runtimes.map(({ arm, active, provider }) => ({
      name: arm.name,
      run: { ...withoutArms(plan.run), provider: provider.id, model: provider.model, prompts: promptRefs(active) },
      prompts: promptEntries(active, new Map([...active].map(([module, p]) => [module, snapshotPrompt(p)]))),
    })),
  };
}

/** An arm's own results are one arm's: its header names no arms, so merge and resume treat it as a plain run. */
function withoutArms(run: RunProvenance): RunProvenance {
  const { arms: _arms, ...rest } = run;
  return rest;
}
