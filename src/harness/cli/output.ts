/** The CLI's only way to print, so that tests can capture output without spawning. */
import pc from 'picocolors';
import { formatProblem, type Problem } from '../base/errors.js';
import { printable, printableLine } from '../base/printable.js';
import { flagOf } from './option-flags.js';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/**
 * What every command prints passes here: text from a file, a model or a server
 * inside a line cannot move the cursor or erase what the reader should see.
 */
export function terminalSafe(output: Output): Output {
  return { out: (line) => output.out(printableLine(line)), err: (line) => output.err(printableLine(line)) };
}

export function printProblems(output: Output, problems: readonly Problem[]): void {
  for (const p of problems) {
    const text = printable(formatProblem(p, flagOf));
    output.err(p.severity === 'error' ? pc.red(text) : pc.yellow(text));
  }
}
