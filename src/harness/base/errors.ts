/**
 * Every error class orderflow throws, in one file, so that the CLI maps each
 * to its exit code in one place by \`instanceof\` (src/harness/cli/error-boundary.ts)
 * without loading the code that throws it. The core never prints and never exits.
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
  const named = (text: string) => nameOptions(text, name);
  // A file's path is printed as it is; what is not a path may name options (`{prompt} and {provider}`).
  const where = p.option ? name(p.option) : p.line ? `${p.file}:${p.line}` : /[/\\.]/.test(p.file) ? p.file : named(p.file);
  const field = p.field ? ` ${p.field}:` : '';
  const expected = p.expected ? ` (expected ${named(p.expected)})` : '';
  return `${where}: ${p.severity}:${field} ${named(p.message)}${expected}`;
}

const OPTION_REF = /\{([a-z][A-Za-z]*)\}/g;

/** Text that refers to options as `{key}`, with each named: by its key for an API caller, by its flag on the command line. */
export function nameOptions(text: string, name: OptionName = (key) => key): string {
  return text.replace(OPTION_REF, (_m, key: string) => name(key));
}

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

/** A prompt's Output Schema notation that does not compile: the registry turns it into a Problem at its line. */
export class NotationError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly path: string,
    readonly expected?: string,
  ) {
    super(message);
    this.name = 'NotationError';
  }
}

/** A model call that failed after retries: the case becomes \`error\`, never a pass, and the run goes on. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** \`refusal\`, \`content_filter\`, \`tool_calls\`: the endpoint answered, but with no text to score. */
    readonly kind: 'timeout' | 'http' | 'network' | 'replay_miss' | 'refused' | 'refusal' | 'content_filter' | 'tool_calls' | 'other',
    readonly attempts = 1,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Not a ProviderError: a refused call is no verdict on the case, which must simply not be recorded. */
export class BudgetExhausted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExhausted';
  }
}

/** A call whose rate-limit budget would run out before its turn. */
export class RateLimitWait extends Error {
  constructor(readonly totalWaitMs: number) {
    super(`rate limited: its turn would come after ${Math.ceil(totalWaitMs / 1000)} s of waiting in all`);
  }
}

/** A reply body over the size the openai provider reads (bounded-fetch.ts). */
export class ReplyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the reply body is over ${formatBytes(limit)}; reading stopped there`);
    this.name = 'ReplyTooLarge';
  }
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / 1024 / 1024} MiB` : n % 1024 === 0 ? `${n / 1024} KiB` : `${n} bytes`;
}

/** One attempt of the openai provider past its deadline: retried, then a ProviderError of kind `timeout`. */
export class CallTimedOut extends Error {}

/** A 200 reply that holds nothing to score (no completion body, no text): a ProviderError, not retried. */
export class MalformedReply extends Error {
  constructor(
    message: string,
    readonly kind: ProviderError['kind'] = 'http',
  ) {
    super(message);
  }
}

/** What a ResultsWriteError says, its option written `{key}` (the CLI shows it as a flag). */
export function resultsWriteAdvice(path: string, cause: Error): string {
  return `cannot write ${path}: ${cause.message}; the results written before this stay there (fix the cause, then run again with {resume})`;
}

/** The results file could not be written (disk full, permissions): the machine's problem, not a bug, and what is on disk stays usable. */
export class ResultsWriteError extends Error {
  constructor(
    readonly path: string,
    override readonly cause: Error,
  ) {
    super(nameOptions(resultsWriteAdvice(path, cause)));
    this.name = 'ResultsWriteError';
  }
}

/** A report file the machine would not let be written (report/report-write-error.ts says which and what finishes the job). */
export class ReportWriteError extends Error {
  constructor(
    message: string,
    readonly path: string,
    override readonly cause: Error,
  ) {
    super(message);
    this.name = 'ReportWriteError';
  }
}

/** The run was interrupted (Ctrl-C); every finished result is on disk. */
export class RunInterrupted extends Error {
  constructor(
    readonly resultsPath: string,
    readonly done: number,
    readonly total: number,
    /** The arguments of the command that finishes the run, when the caller knows them (evaluate() does). */
    readonly resume?: string,
  ) {
    super(`interrupted after ${done} of ${total} results`);
    this.name = 'RunInterrupted';
  }
}
