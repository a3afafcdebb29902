/**
 * Every flag of every command, in one table: the option's key (as core code
 * and the programmatic API name it), the flag a user types, its description
 * and how its text is read. buildProgram (main.ts) turns the table into
 * commander options, and flagOf (option-flags.ts) turns a key back into its
 * flag when a problem about it is printed; nothing outside cli/ spells a flag.
 * The order of each list is the order of `orderflow <command> --help`.
 */

export interface FlagSpec {
  /** The option's key: what the command receives, and what core code names in a Problem (`{caseType}`). */
  key: string;
  /** As commander takes it: short and long flag, and the value (`-j, --concurrency <n>`). */
  flags: string;
  description: string;
  /** How the typed text becomes the value; none: the text (or true for a switch). */
  parse?: (value: string, previous: unknown) => unknown;
  /** Not in --help (a deprecated spelling). */
  hidden?: boolean;
  /** The command refuses to run without it. */
  required?: boolean;
}

/** A repeatable flag: every value given, in order. */
const list = (value: string, previous: unknown) => [...((previous as string[] | undefined) ?? []), value];
/** Whole numbers become numbers; anything else stays text, so the range check can quote what was typed. */
const integer = (value: string): number | string => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
/** The same for amounts: a decimal number becomes a number, anything else stays as typed. */
const decimal = (value: string): number | string => (/^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : value);

const flag = (key: string, flags: string, description: string, more: Partial<FlagSpec> = {}): FlagSpec => ({ key, flags, description, ...more });

const CONFIG = flag('config', '-c, --config <file>', 'config file');
const PROMPTS = flag('prompts', '--prompts <dir>', 'prompt folder (default: paths.prompts of the config)');
const JSON_OUTPUT = flag('json', '--json', 'machine-readable output');
const CASES = flag('cases', '--cases <dir>', 'case folder (default: paths.cases of the config)');
const OUT_DIR = flag('out', '--out <dir>', 'report folder (default: reports/<run-id>)');
const BASELINE = flag('baseline', '--baseline <baseline.json>', 'compare with this baseline (default: config baseline)');
const NO_BASELINE = flag('baseline', '--no-baseline', 'compare with no baseline (thresholds only)');

/** The flags of each command (a subcommand by its full name, `reports prune`). */
export const FLAG_TABLE = {
  lint: [CONFIG, PROMPTS, JSON_OUTPUT],
  list: [CONFIG, PROMPTS, JSON_OUTPUT, CASES, flag('prompt', '--prompt <module=name>', 'pin a prompt version (repeatable)', { parse: list })],
  diff: [
    CONFIG,
    PROMPTS,
    JSON_OUTPUT,
    flag('failOnBreaking', '--fail-on-breaking', 'exit 1 on a breaking prompt change, or on a case that passed in <a> and fails in <b>'),
    flag('html', '--html [file]', "two reports: also write them side by side, flipped cases first (default: diff.html beside <b>'s report.json)"),
  ],
  eval: [
    CONFIG,
    PROMPTS,
    CASES,
    flag('generated', '--generated', 'run the generated cases and variants (generated/ beside the case folder) instead of the suite'),
    flag(
      'provider',
      '-p, --provider <name>',
      'sim | sim:gullible | sim:adversary | sim:adversary:coherent | openai (default: config provider); twice: one arm each, compared',
      { parse: list },
    ),
    flag('model', '-m, --model <name>', 'model name for the openai provider; twice: one arm each, compared', { parse: list }),
    flag('gateArm', '--gate-arm <name>', 'with arms: the arm the gate judges against the baseline (default: the first)'),
    flag('concurrency', '-j, --concurrency <n>', 'cases run at once', { parse: integer }),
    flag(
      'repeat',
      '--repeat <k>',
      'trials per case (reports pass^k), or auto: one pass, then more trials only of the cases that differ from the baseline or between arms, or were flaky',
      { parse: integer },
    ),
    flag('repeatCap', '--repeat-cap <n>', 'with --repeat auto: the most trials of one case (default repeat_cap of the config, 5)', { parse: integer }),
    flag('module', '--module <id>', 'only this module (repeatable; "pipeline" for scenarios)', { parse: list }),
    flag('caseType', '--case-type <type>', 'only this case type (repeatable)', { parse: list }),
    flag('id', '--id <case_id>', 'only this case id, * as wildcard (repeatable)', { parse: list }),
    flag('prompt', '--prompt <module=name>', 'pin a prompt version (repeatable; one module twice: one arm each, compared)', { parse: list }),
    flag('shard', '--shard <i/n>', 'run shard i of n (stable by case id); merge with `orderflow merge`'),
    OUT_DIR,
    flag('resume', '--resume', 'finish the interrupted run in --out'),
    flag('cache', '--no-cache', 'do not read or write the response cache'),
    flag('replay', '--replay', 'answer only from the cache; a miss is an error, never a live call'),
    BASELINE,
    NO_BASELINE,
    flag('updateBaseline', '--update-baseline', 'record this run as the baseline (refused for a filtered run, a failed gate, another provider or model)'),
    flag(
      'accept',
      '--accept <what>',
      'accept on purpose: loosened-gate | removed-cases | provider-change | failed-gate | unevaluated-text (repeatable; recorded in report.json)',
      { parse: list },
    ),
    flag('guards', '--no-guards', "turn the pipeline's program-enforced guards off (a measurement run: what the prompts alone let through)"),
    flag('gates', '--no-gates', 'deprecated: the old name of --no-guards', { hidden: true }),
    flag(
      'timeout',
      '--timeout <duration>',
      'deadline of one model call attempt: seconds, or 1500ms, 45s, 2m (env ORDERFLOW_TIMEOUT; default openai.timeout_ms)',
    ),
    flag('maxRetries', '--max-retries <n>', 'retries of a failed model call (env ORDERFLOW_MAX_RETRIES; default openai.max_retries)'),
    flag('dryRun', '--dry-run', 'print the model calls, estimated tokens and cost by module, and what the cache holds; call nothing'),
    flag('estimate', '--estimate', 'the same as --dry-run'),
    flag('seed', '--seed <n>', 'seed of sim:adversary: the same seed gives the same outputs (default 1)', { parse: integer }),
    flag('adversaryTape', '--adversary-tape <file>', 'replay the recorded choices of sim:adversary (a counterexample of npm run bench:guards)'),
    flag('maxCost', '--max-cost <usd>', 'stop sending new calls once this run has spent this many US dollars; --resume finishes it', { parse: decimal }),
    flag('server', '--server <kind>', 'the OpenAI-compatible server: auto | openai | deepseek | vllm | ollama | llama.cpp | other (default openai.server)'),
    flag('quiet', '-q, --quiet', 'print only the verdict line and the report path'),
    flag('watch', '-w, --watch', 'run, then run again on every save under the prompts, the cases and the config: only what the change affects'),
  ],
  generate: [
    CONFIG,
    PROMPTS,
    flag('module', '--module <id>', 'the module to write cases for'),
    flag('pipeline', '--pipeline', "write attack variants of the suite's attack scenarios instead"),
    flag('count', '--count <n>', 'module cases: how many to ask for, spread over the types (default 10)', { parse: integer }),
    // Held in lists under plural keys; the flag is given once per value.
    flag('types', '--type <type>', 'module cases: case type (repeatable; default adversarial, boundary, schema)', { parse: list }),
    flag('seed', '--seed <n>', 'seed of the strategies, for a reproducible run (default: a new one, printed)', { parse: integer }),
    flag('scenarios', '--scenario <id>', 'pipeline: scenario to vary, * as wildcard (repeatable; default every scenario with an injection)', { parse: list }),
    flag('strategies', '--strategy <name>', 'pipeline: attack strategy to apply (repeatable; default all)', { parse: list }),
    flag(
      'keepUnverified',
      '--keep-unverified',
      'pipeline: also write variants the reference (sim) fails, instead of quarantining them (to measure its blind spots)',
    ),
    flag('provider', '-p, --provider <name>', 'module cases: sim (the named strategies) | openai (the case-generator prompt) (default: config provider)'),
    flag('model', '-m, --model <name>', 'model for the openai provider'),
    CASES,
    flag('out', '--out <file>', 'where to write (default: generated/<module or pipeline>/<time>-seed<n>.yaml)'),
  ],
  merge: [
    CONFIG,
    PROMPTS,
    OUT_DIR,
    BASELINE,
    NO_BASELINE,
    flag('partial', '--partial', 'merge an incomplete set of shards: the report is marked partial and the gate fails'),
    flag('accept', '--accept <what>', 'accept on purpose: loosened-gate | removed-cases | provider-change | unevaluated-text (repeatable)', { parse: list }),
  ],
  init: [flag('from', '--from <tarball|folder|git-url>', 'where the project installs orderflow from (default: this orderflow, when it is a folder)')],
  'reports prune': [
    flag('keep', '--keep <n>', 'how many of the newest run folders to keep', { required: true }),
    flag('dryRun', '--dry-run', 'only list what would be removed'),
    flag('dir', '--dir <folder>', 'the reports folder (default: paths.reports of the config, which must lie inside the project)'),
    CONFIG,
  ],
  'cache clear': [flag('dir', '--dir <folder>', 'the cache folder (default: cache.dir of the config, which must lie inside the project)'), CONFIG],
  summary: [
    flag('maxChars', '--max-chars <n>', 'hard cap on the output (default 60000; GitHub allows 65536)', { parse: integer }),
    flag('artifact', '--artifact <name>', 'the CI artifact that holds the full report, named in the summary'),
  ],
  view: [
    flag('port', '--port <n>', 'port to listen on (default 4780; 0: any free port)', { parse: integer }),
    flag('dir', '--dir <folder>', 'the reports folder (default: paths.reports of the config)'),
    flag('host', '--host <address>', 'address to listen on (default 127.0.0.1: this machine only; another is warned about)'),
    CONFIG,
  ],
} satisfies Record<string, readonly FlagSpec[]>;

export type CommandName = keyof typeof FLAG_TABLE;
