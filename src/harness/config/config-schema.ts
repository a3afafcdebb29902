/**
 * The shape of orderflow.config.yaml as a zod schema, and the validation of a
 * config file's text against it with file:line problems. Loaded only when a
 * config is not in the parse cache (config/cached-config.ts).
 */
import { z } from 'zod';
import { InputError, type Problem } from '../base/errors.js';
import { nearMiss } from '../base/edit-distance.js';
import { readableIssues, unknownKeyMessage } from '../base/schema-issues.js';
import { parseYamlWithPositions, type PositionedValue } from '../base/source-positions.js';
import { CREDENTIALS_MESSAGE, hasCredentials } from './base-url.js';
import { DEFAULT_GATE, MAX_CONCURRENCY } from './config-defaults.js';
import { LOWER_IS_BETTER, METRIC_IDS, type MetricId } from './metric-ids.js';
import { DEFAULT_TIMEOUT_MS, OUTPUT_MODES, SERVER_KINDS } from './openai-settings.js';
import { STRICT_DESCRIPTION, StatisticsSchema } from './statistics-config.js';

const ThresholdSchema = z
  .strictObject({
    min: z.number().optional(),
    max: z.number().optional(),
    strict: z.boolean().optional().describe(STRICT_DESCRIPTION),
  })
  .refine((t) => t.min !== undefined || t.max !== undefined, 'a threshold needs min or max');

const PriceSchema = z.strictObject({
  input_per_mtok: z.number().nonnegative(),
  output_per_mtok: z.number().nonnegative(),
  /** Input tokens read from the server's prompt cache; without it a call that reports some has an unknown cost. */
  cached_input_per_mtok: z.number().nonnegative().optional(),
});

/** pass^k beyond this many trials says nothing more, and the run would never end. */
const MAX_REPEAT_SETTING = 1000;
/** Trials of a differing case with repeat auto: enough for a unanimous three and two to spare. */
const DEFAULT_REPEAT_CAP = 5;

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
      base_url: z
        .string()
        .refine((url) => !hasCredentials(url), CREDENTIALS_MESSAGE)
        .nullable()
        .default(null),
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
  judge: z
    .strictObject({
      /**
       * Whether a scenario whose trace holds a schema-invalid stage output may pass on its
       * outcome. Default true: it passes or fails on what it did, and report.md lists it.
       * false: such a scenario fails (check schema_valid_output).
       */
      invalid_output_may_pass: z.boolean().default(true),
    })
    .prefault({}),
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

/**
 * A config file's text (null: no file, the defaults) validated; bad YAML or a bad
 * value throws InputError with the file's lines.
 */
export function validateConfig(text: string | null, shown: string): { config: Config; positions?: PositionedValue } {
  if (text === null) return { config: ConfigSchema.parse({}) };
  const parsed = parseYamlWithPositions(text);
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
  return { config: result.data, positions: parsed };
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
