/** The run of a plan: its work items at the chosen concurrency, every result streamed to results.jsonl. */
import { displayPath } from '../base/display-path.js';
import { RunInterrupted } from '../base/errors.js';
import { runEval, type EvalOutcome } from '../runner/run-eval.js';
import { adaptiveRule, answersAlike } from './adaptive-repeats.js';
import type { RunPlan } from './plan-run.js';
import { resumeCommand, runArguments } from './resume-command.js';
import { workItems } from './work-items.js';

export async function runPlanned(plan: RunPlan): Promise<EvalOutcome> {
  const { options, suite, providers } = plan;
  const budget = providers.budget;
  try {
    return await runEval({
      plan: workItems(plan),
      repeat: plan.repeat,
      concurrency: plan.concurrency,
      resultsPath: plan.resultsPath,
      resume: options.resume ?? false,
      ...(suite.ids ? { inSuite: (id: string) => suite.ids!.has(id) } : {}),
      caseHash: (id: string) => suite.hashes.get(id),
      sharedClusters: suite.sharedClusters,
      run: plan.run,
      ...(options.observer ? { observer: options.observer } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(budget ? { stopReason: () => budget.exhausted() } : {}),
      ...(plan.auto
        ? {
            adaptive: {
              rule: adaptiveRule(plan.baseline, { deterministic: answersAlike(providers.runtimes, plan.cacheMode) }),
              arms: providers.runtimes.length,
            },
          }
        : {}),
    });
  } catch (error) {
    // Said with the command that finishes the run: the arguments as typed, else rebuilt from the options.
    if (error instanceof RunInterrupted) throw new RunInterrupted(error.resultsPath, error.done, error.total, finishCommand(plan));
    throw error;
  }
}

/** The command that finishes this run in its folder; after a spent budget, with a new budget to fill in. */
export function finishCommand(plan: RunPlan, afterBudget = false): string {
  return resumeCommand(plan.options.commandArgs ?? runArguments(plan.options), displayPath(plan.outDir), { newBudget: afterBudget });
}
