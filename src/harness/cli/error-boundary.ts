/**
 * The one place where an error that reached the command line becomes what is
 * printed and the exit code, recognised by `instanceof` against the classes of
 * base/errors.ts (which loads nothing else, so every command can afford it).
 */
import { CommanderError } from 'commander';
import { displayPath } from '../base/display-path.js';
import {
  BudgetExhausted,
  CallTimedOut,
  InputError,
  MalformedReply,
  nameOptions,
  NotationError,
  ProviderError,
  RateLimitWait,
  ReplyTooLarge,
  ReportWriteError,
  ResultsWriteError,
  resultsWriteAdvice,
  RunInterrupted,
} from '../base/errors.js';
import { describeSystemError, isSystemError } from '../base/system-error.js';
import { EXIT_INPUT, EXIT_INTERNAL, EXIT_OK, signalExit } from './exit-codes.js';
import { flagOf } from './option-flags.js';
import { printProblems, type Output } from './output.js';

/** What the boundary knows of the run beyond the error: which signal interrupted it, if one did. */
export interface BoundaryContext {
  interruptedBy: NodeJS.Signals | null;
  debug: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a class of any constructor signature, matched only by instanceof.
type ErrorClass<E extends Error> = abstract new (...args: any[]) => E;

interface Handling<E extends Error> {
  type: ErrorClass<E>;
  /** Prints what the user needs and returns the exit code. */
  handle(error: E, output: Output, context: BoundaryContext): number;
}

const handling = <E extends Error>(type: ErrorClass<E>, handle: Handling<E>['handle']): Handling<Error> => ({
  type,
  handle: handle as Handling<Error>['handle'],
});

/** The machine's refusal (disk full), not a bug to report: said as it is, exit 3. */
const machineProblem = (error: Error, output: Output): number => {
  output.err(`orderflow: ${error.message}`);
  return EXIT_INTERNAL;
};

/**
 * Thrown where they are caught: a provider's failure becomes the case's error, a
 * notation error a Problem at its line, a spent budget the run's stop. One that
 * reaches the command line is a bug in orderflow.
 */
const CAUGHT_INSIDE = [NotationError, ProviderError, BudgetExhausted, RateLimitWait, ReplyTooLarge, CallTimedOut, MalformedReply];

/** Every error class of base/errors.ts and what reaching the command line means for it; the first match wins. */
export const ERROR_HANDLING: readonly Handling<Error>[] = [
  // --help and --version end here with exit code 0; usage errors are bad input.
  handling(CommanderError, (error) => (error.exitCode === 0 ? EXIT_OK : EXIT_INPUT)),
  handling(InputError, (error, output) => {
    printProblems(output, error.problems);
    return EXIT_INPUT;
  }),
  handling(RunInterrupted, (error, output, context) => {
    output.err(`interrupted: ${error.done} of ${error.total} results are on disk in ${displayPath(error.resultsPath)}; no report was written`);
    if (error.resume) output.err(`resume with: ${error.resume}`);
    return signalExit(context.interruptedBy ?? 'SIGINT');
  }),
  handling(ResultsWriteError, (error, output) => {
    output.err(`orderflow: ${nameOptions(resultsWriteAdvice(error.path, error.cause), flagOf)}`);
    return EXIT_INTERNAL;
  }),
  handling(ReportWriteError, machineProblem),
  ...CAUGHT_INSIDE.map((type) => handling(type, internalError)),
];

/** Prints what the user needs about `error` and returns the exit code: the one mapping of errors to exit codes. */
export function handleError(error: unknown, output: Output, context: BoundaryContext): number {
  const known = ERROR_HANDLING.find((h) => error instanceof h.type);
  if (known) return known.handle(error as Error, output, context);
  // The operating system's refusal carries no class of ours: a path the user gave that is wrong is bad input.
  if (isSystemError(error)) {
    const { message, badInput } = describeSystemError(error);
    output.err(`orderflow: ${message}`);
    return badInput ? EXIT_INPUT : EXIT_INTERNAL;
  }
  return internalError(error, output, context);
}

function internalError(error: unknown, output: Output, context: BoundaryContext): number {
  output.err(`orderflow: internal error: ${(error as Error)?.message ?? String(error)}`);
  if (context.debug) output.err(String((error as Error)?.stack));
  else output.err('(set ORDERFLOW_DEBUG=1 for the stack trace; please report this)');
  return EXIT_INTERNAL;
}
