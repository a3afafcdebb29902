/**
 * The options of `evaluate()`, checked where they enter: the one schema that
 * both the programmatic API and the CLI's flags go through (the CLI maps each
 * flag onto the key of the same name). A JavaScript caller writes
 * `module: 'intent_recognition'` as often as `module: ['intent_recognition']`,
 * so every list takes a single value too; a key nobody knows is refused by
 * name, with the key it was likely meant to be.
 */
import { z } from 'zod';
import { nearMiss } from '../base/edit-distance.js';
import { InputError, type Problem } from '../base/errors.js';
import type { RunObserver } from '../runner/run-events.js';

/** One value or several: always several after the check. */
const list = z.union([z.string(), z.array(z.string())]).transform((v) => (typeof v === 'string' ? [v] : v));
/** One value or several, kept as given: one provider is one arm, two are two. */
const oneOrMore = z.union([z.string(), z.array(z.string())]);
/** A whole number, or the text a flag held when it was none (the range checks quote it). */
const wholeOrText = z.union([z.number(), z.string()]);

const OPTIONS = z.strictObject({
  config: z.string().optional(),
  prompts: z.string().optional(),
  cases: z.string().optional(),
  generated: z.boolean().optional(),
  prompt: list.optional(),
  provider: oneOrMore.optional(),
  model: oneOrMore.optional(),
  gateArm: z.string().optional(),
  concurrency: wholeOrText.optional(),
  repeat: wholeOrText.optional(),
  repeatCap: wholeOrText.optional(),
  module: list.optional(),
  caseType: list.optional(),
  id: list.optional(),
  shard: z.string().optional(),
  resume: z.boolean().optional(),
  cache: z.boolean().optional(),
  replay: z.boolean().optional(),
  baseline: z.union([z.string(), z.literal(false)]).optional(),
  updateBaseline: z.boolean().optional(),
  accept: list.optional(),
  out: z.string().optional(),
  guards: z.boolean().optional(),
  gates: z.boolean().optional(),
  timeout: z
    .union([z.string(), z.number()])
    .transform((v) => String(v))
    .optional(),
  maxRetries: wholeOrText.optional(),
  server: z.string().optional(),
  seed: wholeOrText.optional(),
  adversaryTape: z.string().optional(),
  maxCost: wholeOrText.optional(),
  commandArgs: z.array(z.string()).readonly().optional(),
  observer: z.custom<RunObserver>((v) => typeof v === 'function', 'a function that takes run events').optional(),
  signal: z.instanceof(AbortSignal, { message: 'an AbortSignal' }).optional(),
  env: z.record(z.string(), z.string().optional()).optional(),
}) satisfies z.ZodType<CheckedOptions, EvaluateOptions>;

/** What `evaluate()` takes. Every list may be given as one value; a key not listed here is refused by name. */
export interface EvaluateOptions {
  config?: string;
  prompts?: string;
  cases?: string;
  /** Run generated/ (beside the case folder) instead of the suite. */
  generated?: boolean;
  prompt?: string | string[];
  /** More than one value: one arm per value (see arms.ts). */
  provider?: string | string[];
  model?: string | string[];
  /** `--gate-arm`: the arm the gate judges against the baseline (default: the first). */
  gateArm?: string;
  /** Text when the flag was not a whole number, so that the error can quote it. */
  concurrency?: number | string;
  /** A whole number of trials, or `auto` (adaptive-repeats.ts). */
  repeat?: number | string;
  /** `--repeat-cap`: with --repeat auto, the most trials of one case (text when not a whole number, to quote it). */
  repeatCap?: number | string;
  module?: string | string[];
  caseType?: string | string[];
  id?: string | string[];
  shard?: string;
  resume?: boolean;
  /** false with --no-cache. */
  cache?: boolean;
  replay?: boolean;
  /** false with --no-baseline. */
  baseline?: string | false;
  updateBaseline?: boolean;
  /** `--accept` values (see ACCEPT_VALUES). */
  accept?: string | string[];
  out?: string;
  /** false with --no-guards: the pipeline's program-enforced guards are off (a measurement run). */
  guards?: boolean;
  /** Deprecated alias of `guards` (the old --no-gates). */
  gates?: boolean;
  /** `--timeout`: one attempt's deadline (seconds, or with ms/s/m). */
  timeout?: string | number;
  /** `--max-retries`. */
  maxRetries?: string | number;
  /** `--server`: the kind of OpenAI-compatible server (what its structured output enforces). */
  server?: string;
  /** `--seed` of sim:adversary: the same seed gives the same outputs (text when not a whole number, to quote it). */
  seed?: number | string;
  /** `--adversary-tape FILE`: recorded choices of sim:adversary to replay, per scenario id (bench:guards writes them). */
  adversaryTape?: string;
  /** `--max-cost USD`: no new call once the calls of this run have cost this much. */
  maxCost?: number | string;
  /** The eval arguments as typed, repeated in the command that finishes an incomplete run (else rebuilt from these options). */
  commandArgs?: readonly string[];
  observer?: RunObserver;
  /** Aborted on an interrupt (SIGINT): evaluate throws RunInterrupted once the finished results are flushed. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

type Lists = 'prompt' | 'module' | 'caseType' | 'id' | 'accept' | 'timeout';
/** The options once checked: lists are lists. */
export interface CheckedOptions extends Omit<EvaluateOptions, Lists> {
  prompt?: string[];
  module?: string[];
  caseType?: string[];
  id?: string[];
  accept?: string[];
  timeout?: string;
}

const KEYS = Object.keys(OPTIONS.shape);

/** What each key takes, in the words of the error. */
const EXPECTED: Record<string, string> = {
  prompt: 'a string or an array of strings (module=name)',
  provider: 'a string or an array of strings',
  model: 'a string or an array of strings',
  module: 'a string or an array of strings',
  caseType: 'a string or an array of strings',
  id: 'a string or an array of strings',
  accept: 'a string or an array of strings',
  concurrency: 'a whole number',
  repeat: 'a whole number or "auto"',
  repeatCap: 'a whole number',
  maxRetries: 'a whole number',
  seed: 'a whole number',
  maxCost: 'an amount of US dollars',
  baseline: 'a path to baseline.json, or false for none',
  timeout: 'seconds, or a duration such as "45s"',
  commandArgs: 'an array of strings',
  env: 'an object of strings',
  observer: 'a function that takes run events',
  signal: 'an AbortSignal',
};

/** Checks every option at once: all problems are named together, each by its key. */
export function checkEvaluateOptions(input: unknown): CheckedOptions {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new InputError({ file: 'options', option: 'options', message: `${describe(input)} given`, expected: 'an object of options', severity: 'error' });
  }
  const result = OPTIONS.safeParse(input);
  if (result.success) return result.data;
  const problems: Problem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const meant = nearMiss(key, KEYS) ?? KEYS.find((k) => k.toLowerCase() === key.toLowerCase().replace(/[-_]/g, ''));
        problems.push({
          file: key,
          option: key,
          message: `unknown option${meant ? `; did you mean ${meant}?` : ''}`,
          expected: `one of ${KEYS.join(', ')}`,
          severity: 'error',
        });
      }
      continue;
    }
    const key = String(issue.path[0]);
    const given = (input as Record<string, unknown>)[key];
    problems.push({ file: key, option: key, message: `${describe(given)} given`, expected: EXPECTED[key] ?? expectedOf(issue.message), severity: 'error' });
  }
  throw new InputError(problems);
}

function expectedOf(message: string): string {
  return message.replace(/^Invalid input: expected /, '').replace(/, received .*$/, '');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${JSON.stringify(value).slice(0, 60)})`;
  if (typeof value === 'string') return `"${value.slice(0, 60)}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
