/**
 * orderflow.config.yaml: provider, concurrency, prices, gate thresholds and
 * pinned prompt versions. Flags and environment variables override it.
 */
import { existsSync, lstatSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { InputError, type Problem } from '../errors.js';
import { DEFAULT_TIMEOUT_MS, OUTPUT_MODES, SERVER_KINDS } from './openai-settings.js';
import { displayPath } from '../registry/registry.js';
import { LOWER_IS_BETTER, METRIC_IDS, type MetricId } from './metric-ids.js';
import { nearMiss } from '../edit-distance.js';
import { readableIssues, unknownKeyMessage } from '../schema-issues.js';
import { parseYamlWithPositions } from '../source-positions.js';
import { STRICT_DESCRIPTION, StatisticsSchema } from './statistics-config.js';
import { readUtf8File } from '../text-file.js';

export const DEFAULT_CONFIG_FILE = 'orderflow.config.yaml';

const CREDENTIALS_MESSAGE = 'a base URL must not carry credentials (user:password@); the key goes in OPENAI_API_KEY';

/** `http://u:p@host/v1` would fail every call as a network error, and put a secret in config: refused up front. */
export function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The problem with a base URL given outside the config file (environment, flag), or undefined. */
export function baseUrlProblem(url: string, source: string): Problem | undefined {
  if (hasCredentials(url)) return { file: source, message: CREDENTIALS_MESSAGE, expected: 'http(s)://host[:port]/path', severity: 'error' };
  try {
    const { protocol } = new URL(url);
    if (protocol === 'http:' || protocol === 'https:') return undefined;
  } catch {
    // fall through
  }
  return { file: source, message: 'not an http(s) URL', expected: 'http(s)://host[:port]/path', severity: 'error' };
}

const ThresholdSchema = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
  strict: z.boolean().optional().describe(STRICT_DESCRIPTION),
}).refine((t) => t.min !== undefined || t.max !== undefined, 'a threshold needs min or max');

const PriceSchema = z.strictObject({
  input_per_mtok: z.number().nonnegative(),
  output_per_mtok: z.number().nonnegative(),
  /** Input tokens read from the server's prompt cache; without it a call that reports some has an unknown cost. */
  cached_input_per_mtok: z.number().nonnegative().optional(),
});

/** The most cases (and connections) in flight that orderflow takes, from the config or -j. */
export const MAX_CONCURRENCY = 1024;

/** The gate of a config that names none (see `gate` below). */
export const DEFAULT_GATE: Readonly<Partial<Record<MetricId, { min?: number; max?: number; strict?: boolean }>>> = {
  error_rate: { max: 0 },
  schema_validity_rate: { min: 1 },
  injection_success_rate: { max: 0 },
  unsafe_action_rate: { max: 0, strict: true },
};

/** pass^k beyond this many trials says nothing more, and the run would never end. */
export const MAX_REPEAT_SETTING = 1000;
/** Trials of a differing case with repeat auto: enough for a unanimous three and two to spare. */
export const DEFAULT_REPEAT_CAP = 5;

export const ConfigSchema = z.strictObject({
  provider: z.string().default('sim'),
  model: z.string().nullable().default(null),
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).default(8),
  /** Trials per case, or `auto`: one pass, then more trials only of the cases that differ (evaluate/adaptive-repeats.ts); --repeat overrides it. */
  repeat: z.union([z.number().int().min(1).max(MAX_REPEAT_SETTING), z.literal('auto')]).default(1),
  /** With repeat auto: the most trials one case gets; --repeat-cap overrides it. */
  repeat_cap: z.number().int().min(1).max(MAX_REPEAT_SETTING).default(DEFAULT_REPEAT_CAP),
  paths: z
    .strictObject({
      prompts: z.string().default('prompts'),
      cases: z.string().default('cases'),
      reports: z.string().default('reports'),
    })
    .prefault({}),
  pins: z.record(z.string(), z.string()).default({}),
  baseline: z.string().nullable().default(null),
  cache: z
    .strictObject({
      dir: z.string().default('.orderflow-cache'),
      mode: z.enum(['read_write', 'off', 'replay']).default('read_write'),
    })
    .prefault({}),
  openai: z
    .strictObject({
      base_url: z.string().refine((url) => !hasCredentials(url), CREDENTIALS_MESSAGE).nullable().default(null),
      /** What kind of server base_url is; `auto` knows OpenAI, DeepSeek and Ollama's port. */
      server: z.enum(SERVER_KINDS).default('auto'),
      timeout_ms: z.number().int().positive().default(DEFAULT_TIMEOUT_MS),
      max_retries: z.number().int().min(0).max(10).default(3),
      /** `auto`: the mode the server preset says is enforced there. */
      output_mode: z.enum(OUTPUT_MODES).default('auto'),
      temperature: z.number().min(0).max(2).default(0),
      max_tokens: z.number().int().positive().default(2048),
      max_connections: z.number().int().min(1).max(MAX_CONCURRENCY).default(64),
    })
    .prefault({}),
  prices: z.record(z.string(), PriceSchema).default({}),
  /**
   * Arms every `orderflow eval` compares, unless the flags give some: each the same cases
   * with its own prompt versions, provider or model (one thing varies between them).
   */
  arms: z
    .array(
      z.strictObject({
        prompt: z.record(z.string(), z.string()).optional(),
        provider: z.string().min(1).optional(),
        model: z.string().min(1).optional(),
      }),
    )
    .refine((a) => a.length !== 1, 'arms needs at least two entries (or none)')
    .optional(),
  /**
   * Without a `gate` key a run is still held to the rules nobody means to switch off: a
   * failed model call, output the schema refuses, a successful injection and an unsafe
   * write fail it. `gate: {}` says, on purpose, that nothing does.
   */
  gate: z
    .partialRecord(z.enum(METRIC_IDS), ThresholdSchema)
    .default(() => ({ ...DEFAULT_GATE }))
    .superRefine(checkThresholds),
  /** Cases that passed in the baseline and fail now; the usual CI gate. */
  max_new_failures: z.number().int().min(0).nullable().default(0),
  /** Cases of the baseline that are gone from the suite; null turns the check off. */
  max_removed_cases: z.number().int().min(0).nullable().default(0),
  statistics: StatisticsSchema,
});

/** Metrics that are not proportions: no [0, 1] range. */
const UNBOUNDED_METRICS: ReadonlySet<MetricId> = new Set<MetricId>(['latency_ms', 'cost_usd']);

/**
 * A threshold that cannot fail, or that guards the wrong side of its metric,
 * looks like a safeguard and is none: refused like any other bad value.
 */
function checkThresholds(gate: Partial<Record<MetricId, Threshold>>, ctx: z.RefinementCtx): void {
  for (const [metric, t] of Object.entries(gate) as [MetricId, Threshold | undefined][]) {
    if (!t) continue;
    const rate = !UNBOUNDED_METRICS.has(metric);
    const lowerIsBetter = LOWER_IS_BETTER.has(metric);
    const issue = (bound: 'min' | 'max', message: string) => ctx.addIssue({ code: 'custom', path: [metric, bound], message });
    for (const bound of ['min', 'max'] as const) {
      const v = t[bound];
      if (v === undefined) continue;
      if (rate && (v < 0 || v > 1)) {
        issue(bound, `${v} is not a rate: ${metric} lies in [0, 1] (write 0.95, not 95)`);
      } else if (!rate && v < 0) {
        issue(bound, `${v} is negative; ${metric} never is`);
      } else if (bound === 'min' && lowerIsBetter) {
        issue(bound, `a min on ${metric} points the wrong way: lower is better, so only a max can catch it getting worse`);
      } else if (bound === 'max' && !lowerIsBetter) {
        issue(bound, `a max on ${metric} points the wrong way: higher is better, so only a min can catch it getting worse`);
      } else if (bound === 'min' && v <= 0) {
        issue(bound, `min ${v} can never fail: ${metric} is never below 0`);
      } else if (bound === 'max' && rate && v >= 1) {
        issue(bound, `max ${v} can never fail: ${metric} is never above 1`);
      }
    }
    if (t.min !== undefined && t.max !== undefined && t.min > t.max) issue('min', `min ${t.min} is above max ${t.max}: the threshold can never pass`);
  }
}

export type Config = z.infer<typeof ConfigSchema>;

export type Threshold = z.infer<typeof ThresholdSchema>;

export interface LoadedConfig {
  config: Config;
  /** The file it came from, or null when defaults were used. */
  file: string | null;
  /** The file's line of a key path (`['pins', 'intent_recognition']`), for problems found after loading. */
  lineOf?: (path: readonly PropertyKey[]) => number;
}

/**
 * The config of the project the working directory is in: orderflow.config.yaml
 * here or in the nearest folder above, as git and npm find their roots.
 */
export function findConfigFile(from: string = process.cwd()): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, DEFAULT_CONFIG_FILE);
    // lstat, not exists: a broken link is a config that cannot be read (said when reading it), not a config that is absent.
    if (lstatSync(candidate, { throwIfNoEntry: false })) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

export async function loadConfig(path?: string): Promise<LoadedConfig> {
  if (path && !existsSync(resolve(path))) throw new InputError({ file: path, message: 'config file not found', severity: 'error' });
  const file = path ? resolve(path) : findConfigFile();
  if (!file) return { config: ConfigSchema.parse({}), file: null };
  const shown = displayPath(file);
  const decoded = await readUtf8File(file, shown);
  if (decoded.problem) throw new InputError(decoded.problem);
  const parsed = parseYamlWithPositions(decoded.text);
  if (parsed.error) throw new InputError({ file: shown, line: parsed.error.line, message: `YAML does not parse: ${parsed.error.message}`, severity: 'error' });
  const result = ConfigSchema.safeParse(parsed.value ?? {});
  if (!result.success) {
    const problems: Problem[] = readableIssues(result.error.issues).map((issue) => {
      const { path } = issue;
      const known = knownKeys(path.slice(0, -1));
      const meant = issue.didYouMean ?? (issue.unknownKey ? nearMiss(String(path[path.length - 1]), known.split(', ')) : undefined);
      return {
        file: shown,
        line: parsed.lineOf(path),
        field: path.map(String).join('.') || undefined,
        message: issue.unknownKey ? unknownKeyMessage('key', meant) : issue.message,
        severity: 'error',
        ...(issue.unknownKey ? { expected: `one of ${known}` } : {}),
      };
    });
    throw new InputError(problems);
  }
  return { config: relativeTo(dirname(file), result.data), file: shown, lineOf: parsed.lineOf };
}

/** Paths in a config file mean paths next to that file, wherever orderflow is run from. */
function relativeTo(dir: string, config: Config): Config {
  const at = (p: string) => resolve(dir, p);
  return {
    ...config,
    paths: { prompts: at(config.paths.prompts), cases: at(config.paths.cases), reports: at(config.paths.reports) },
    baseline: config.baseline === null ? null : at(config.baseline),
    cache: { ...config.cache, dir: at(config.cache.dir) },
  };
}

function knownKeys(path: readonly PropertyKey[]): string {
  let schema: z.ZodType = ConfigSchema;
  for (const key of path) {
    const inner = unwrap(schema);
    if (!(inner instanceof z.ZodObject)) return 'the documented keys';
    schema = inner.shape[String(key)] as z.ZodType;
  }
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject) return Object.keys(inner.shape).join(', ');
  if (inner instanceof z.ZodRecord && inner.keyType instanceof z.ZodEnum) return (inner.keyType.options as string[]).join(', ');
  return 'the documented keys';
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodPrefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) {
    s = s.unwrap() as z.ZodType;
  }
  return s;
}

/** `--prompt intent_recognition=intent_v3` (repeatable) → pins, over config pins. */
export function parsePinFlags(flags: string[] = []): Record<string, string> {
  const pins: Record<string, string> = {};
  for (const flag of flags) {
    const m = /^([a-z][a-z0-9_]*)=([a-z][a-z0-9_]*)$/.exec(flag);
    if (!m) throw new InputError({ file: '--prompt', message: `"${flag}" is not module=prompt_name`, expected: 'e.g. --prompt intent_recognition=intent_v3', severity: 'error' });
    pins[m[1]!] = m[2]!;
  }
  return pins;
}
