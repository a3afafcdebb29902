import { evaluate, type EvaluateOptions } from '../../runner/evaluate.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { isInteractive, progressObserver } from '../progress.js';
import { renderSummary, verdictLine } from '../render-summary.js';

export interface EvalCommandOptions extends Omit<EvaluateOptions, 'observer'> {
  quiet?: boolean;
}

export async function evalCommand(options: EvalCommandOptions, output: Output): Promise<number> {
  if (options.gates === false) printProblems(output, [{ file: '--no-gates', message: 'is deprecated and will be removed in the next version; use --no-guards', severity: 'warning' }]);
  const result = await evaluate({ ...options, ...(options.quiet ? {} : { observer: progressObserver(output, isInteractive()) }) });
  if (options.quiet) {
    output.out(verdictLine(result.head));
    output.out(`report: ${result.files.html}`);
    // Asked for explicitly, so confirmed even when quiet.
    if (result.baselineUpdated) output.out(`baseline updated: ${result.baselineUpdated}`);
    return result.head.gate.passed ? EXIT_OK : EXIT_FAILED;
  }
  printProblems(output, result.warnings.filter((w) => w.severity === 'warning' && !w.file.endsWith('.md')));
  output.out(renderSummary(result.head));
  if (result.baselineUpdated) output.out(`baseline updated: ${result.baselineUpdated}`);
  output.out(`reports: ${result.outDir} (open report.html; post report.md)`);
  return result.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}
