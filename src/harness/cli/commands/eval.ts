import { evaluate } from '../../evaluate/evaluate.js';
import type { CheckedOptions } from '../../evaluate/evaluate-options.js';
import { InputError } from '../../base/errors.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { isInteractive, progressObserver } from '../progress.js';
import { renderEstimate } from '../render-estimate.js';
import { baselineProblemLines, renderSummary, verdictLine } from '../render-summary.js';
import { armFlagsOf, resolveArms } from '../../evaluate/arms.js';
import { loadConfig } from '../../config/config.js';
import { armProviderName } from '../../evaluate/arm-providers.js';
import { agent } from '../../agent-registration.js';
import { boundHeapGrowth, runsOnlyOffline } from '../heap-growth.js';

export interface EvalCommandOptions extends Omit<CheckedOptions, 'observer' | 'signal'> {
  quiet?: boolean;
  /** `--dry-run` / `--estimate`: print calls, tokens and cost; call nothing, write nothing. */
  dryRun?: boolean;
  estimate?: boolean;
  /** `--watch`: run again on every save under the prompts, the cases and the config. */
  watch?: boolean;
}

/**
 * Returns the exit code of the gate's verdict; an interrupted run throws RunInterrupted, which the
 * error boundary (error-boundary.ts) turns into its lines and exit code. `listenForInterrupts` starts
 * listening for Ctrl-C once the run is about to start (main.ts owns the signals).
 */
export async function evalCommand(
  options: EvalCommandOptions,
  output: Output,
  argv: readonly string[],
  listenForInterrupts: () => AbortSignal,
): Promise<number> {
  const args = argv.slice(argv.indexOf('eval') + 1);
  // Commander lets the later of the two win; which one the user meant is not ours to guess.
  if (args.includes('--no-baseline') && args.some((a) => a === '--baseline' || a.startsWith('--baseline='))) {
    throw new InputError({
      file: '--no-baseline',
      message: 'given together with --baseline',
      expected: 'one of them: --baseline FILE to compare with FILE, --no-baseline to compare with none',
      severity: 'error',
    });
  }
  if (options.gates === false)
    printProblems(output, [{ file: '--no-gates', message: 'is deprecated and will be removed in the next version; use --no-guards', severity: 'warning' }]);
  // The flags of the command itself; the rest are evaluate()'s options, which it checks by key.
  const { quiet, dryRun, estimate: estimateOnly, watch, ...runOptions } = options;
  if (watch && !dryRun && !estimateOnly) return (await import('./eval-watch.js')).watchCommand(runOptions, output);
  if (dryRun || estimateOnly) {
    const { estimateRun } = await import('../../evaluate/estimate-run.js');
    const { arms } = resolveArms(armFlagsOf(options, (await loadConfig(options.config)).config.arms));
    for (const arm of arms) {
      if (arms.length > 1) output.out(`arm ${arm.name}:`);
      const estimate = await estimateRun({ ...runOptions, provider: arm.provider, model: arm.model, prompt: arm.prompt });
      printProblems(output, estimate.warnings);
      output.out(renderEstimate(estimate));
    }
    return EXIT_OK;
  }
  if (runsOnlyOffline(await providersOf(options), Object.keys(agent.offlineProviders))) boundHeapGrowth();
  const result = await evaluate({
    ...runOptions,
    commandArgs: argv.slice(argv.indexOf('eval') + 1),
    signal: listenForInterrupts(),
    ...(quiet ? {} : { observer: progressObserver(output, isInteractive()) }),
  });
  // On stderr, so that -q's one verdict line on stdout stays one line; a warning is never silent.
  printProblems(
    output,
    result.warnings.filter((w) => w.severity === 'warning'),
  );
  if (quiet) {
    output.out(verdictLine(result.head));
    for (const line of baselineProblemLines(result.head)) output.out(line);
    output.out(`report: ${result.files.html}`);
    // Asked for explicitly, so confirmed even when quiet.
    if (result.baselineUpdated) output.out(`baseline updated: ${result.baselineUpdated}`);
    return result.head.gate.passed ? EXIT_OK : EXIT_FAILED;
  }
  output.out(renderSummary(result.head));
  if (result.baselineUpdated) output.out(`baseline updated: ${result.baselineUpdated}`);
  output.out(`reports: ${result.outDir} (open report.html; post report.md)`);
  return result.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}

/** The providers the run's arms will call; none when the options are bad, which evaluate() then reports in its own order. */
async function providersOf(options: EvalCommandOptions): Promise<string[]> {
  try {
    const { config } = await loadConfig(options.config);
    return resolveArms(armFlagsOf(options, config.arms)).arms.map((arm) => armProviderName(arm, options.env ?? process.env, config));
  } catch {
    return [];
  }
}
