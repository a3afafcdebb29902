/**
 * Typed errors that the CLI maps to exit codes in one place (src/cli/main.ts).
 * The core never prints and never exits.
 */

export interface Problem {
  /** Path as the user would type it (relative to the working directory when possible). */
  file: string;
  /** 1-based line, when the problem can be pinned to one. */
  line?: number;
  /** Dotted path of the offending field, when there is one. */
  field?: string;
  message: string;
  /** What would have been accepted. */
  expected?: string;
  severity: 'error' | 'warning';
}

export function formatProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file;
  const field = p.field ? ` ${p.field}:` : '';
  const expected = p.expected ? ` (expected ${p.expected})` : '';
  return `${where}: ${p.severity}:${field} ${p.message}${expected}`;
}

/** Bad input or configuration: exit code 2, one line per problem, no stack trace. */
export class InputError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[] | Problem) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map(formatProblem).join('\n'));
    this.name = 'InputError';
    this.problems = list;
  }
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
