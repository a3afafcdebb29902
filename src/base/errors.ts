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
  /**
   * The option the problem is about, by its key in the programmatic API
   * (`module`, `caseType`); `file` then holds the same key. The CLI shows it as
   * its flag (`--module`): core code never spells a flag.
   */
  option?: string;
}

/** How an option is named where the problem is shown: by its key in the API, by its flag on the command line. */
export type OptionName = (key: string) => string;

/**
 * One line per problem. An option is written `{key}` inside a message or an
 * expectation (`needs {out} naming the run`), so that the same problem reads
 * `out` to an API caller and `--out` on the command line.
 */
export function formatProblem(p: Problem, name: OptionName = (key) => key): string {
  const named = (text: string) => text.replace(OPTION_REF, (_m, key: string) => name(key));
  // A file's path is printed as it is; what is not a path may name options (`{prompt} and {provider}`).
  const where = p.option ? name(p.option) : p.line ? `${p.file}:${p.line}` : /[/\\.]/.test(p.file) ? p.file : named(p.file);
  const field = p.field ? ` ${p.field}:` : '';
  const expected = p.expected ? ` (expected ${named(p.expected)})` : '';
  return `${where}: ${p.severity}:${field} ${named(p.message)}${expected}`;
}

const OPTION_REF = /\{([a-z][A-Za-z]*)\}/g;

/** Bad input or configuration: exit code 2, one line per problem, no stack trace. */
export class InputError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[] | Problem) {
    const list = (Array.isArray(problems) ? problems : [problems]).map(naming);
    super(list.map((p) => formatProblem(p)).join('\n'));
    this.name = 'InputError';
    this.problems = list;
  }
}

/** A problem whose file is one option (`{module}`) is about that option: it carries the key. */
function naming(p: Problem): Problem {
  const key = /^\{([a-z][A-Za-z]*)\}$/.exec(p.file)?.[1];
  return key && !p.option ? { ...p, file: key, option: key } : p;
}

export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
