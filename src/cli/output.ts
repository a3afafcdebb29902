/** The CLI's only way to print, so that tests can capture output without spawning. */
import pc from 'picocolors';
import { formatProblem, type Problem } from '../errors.js';
import { printable } from '../printable.js';

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export function printProblems(output: Output, problems: readonly Problem[]): void {
  for (const p of problems) {
    const text = printable(formatProblem(p));
    output.err(p.severity === 'error' ? pc.red(text) : pc.yellow(text));
  }
}
