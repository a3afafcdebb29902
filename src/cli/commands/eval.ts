import { evaluate, type EvaluateOptions } from '../../runner/evaluate.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import { printProblems, type Output } from '../output.js';
import { isInteractive, progressObserver } from '../progress.js';
import { renderSummary } from '../render-summary.js';

export interface EvalCommandOptions extends Omit<EvaluateOptions, 'observer'> {
  quiet?: boolean;
}

export async function evalCommand(options: EvalCommandOptions, output: Output): Promise<number> {
  const result = await evaluate({ ...options, ...(options.quiet ? {} : { observer: progressObserver(output, isInteractive()) }) });
  printProblems(output, result.warnings.filter((w) => w.severity === 'warning' && !w.file.endsWith('.md')));
  output.out(renderSummary(result.head));
  if (result.baselineUpdated) output.out(`baseline updated: ${result.baselineUpdated}`);
  output.out(`reports: ${result.outDir}`);
  return result.head.gate.passed ? EXIT_OK : EXIT_FAILED;
}
