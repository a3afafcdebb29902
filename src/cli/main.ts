/**
 * The command-line entry: commander wiring, and the one place where errors
 * become exit codes. Commands are plain async functions returning an exit code,
 * loaded lazily so that `orderflow lint` never pays for the openai client.
 */
import { Command, Option } from 'commander';
import { processOutput, terminalSafe, type Output } from './output.js';
import { useParseCache } from '../base/parse-cache.js';
import { handleError } from './error-boundary.js';
import { Interrupts } from './interrupts.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];
/** Whole numbers become numbers; anything else stays text, so the range check can quote what was typed. */
const integer = (value: string): number | string => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
/** The same for amounts: a decimal number becomes a number, anything else stays as typed. */
const decimal = (value: string): number | string => (/^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : value);

/** What the commands get from the process: their arguments, and Ctrl-C as an AbortSignal (listened to once asked for). */
export interface CommandSetting {
  argv: readonly string[];
  listenForInterrupts: () => AbortSignal;
}

export function buildProgram(output: Output, setExit: (code: number) => void, setting: CommandSetting): Command {
  const { argv } = setting;
  const program = new Command('orderflow')
    .description('Prompt evaluation and regression harness for the OrderFlow-Agent prompt modules')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => output.out(s.trimEnd()),
      writeErr: (s) => output.err(s.trimEnd()),
      // Like any other bad input: one line, and where to look, not pages of usage.
      outputError: (s, write) =>
        write(
          `${s
            .trim()
            .split(/\s*\n\s*/)
            .join(' ')} (see orderflow --help, or orderflow <command> --help)\n`,
        ),
    });

  const run = (fn: () => Promise<number>) => async () => setExit(await fn());
  const common = (cmd: Command) =>
    cmd.option('-c, --config <file>', 'config file', undefined).option('--prompts <dir>', 'prompt folder (default: paths.prompts of the config)');

  common(program.command('lint').description('check every prompt file'))
    .option('--json', 'machine-readable output')
    .action((opts) => run(async () => (await import('./commands/lint.js')).lintCommand(opts, output))());

  common(program.command('list').description('modules, versions (active marked), risk, case counts'))
    .option('--json', 'machine-readable output')
    .option('--cases <dir>', 'case folder (default: paths.cases of the config)')
    .addOption(new Option('--prompt <module=name>', 'pin a prompt version (repeatable)').argParser(collect))
    .action((opts) => run(async () => (await import('./commands/list.js')).listCommand(opts, output))());

  common(program.command('diff <a> <b>').description('compare two prompt versions (name or path), or two reports (report.json or its folder)'))
    .option('--json', 'machine-readable output')
    .option('--fail-on-breaking', 'exit 1 on a breaking prompt change, or on a case that passed in <a> and fails in <b>')
    .option('--html [file]', "two reports: also write them side by side, flipped cases first (default: diff.html beside <b>'s report.json)")
    .action((a, b, opts) => run(async () => (await import('./commands/diff.js')).diffCommand(a, b, opts, output))());

  common(program.command('eval').description('run module cases and pipeline scenarios, write reports, apply the gate'))
    .option('--cases <dir>', 'case folder (default: paths.cases of the config)')
    .option('--generated', 'run the generated cases and variants (generated/ beside the case folder) instead of the suite')
    .addOption(
      new Option(
        '-p, --provider <name>',
        'sim | sim:gullible | sim:adversary | sim:adversary:coherent | openai (default: config provider); twice: one arm each, compared',
      ).argParser(collect),
    )
    .addOption(new Option('-m, --model <name>', 'model name for the openai provider; twice: one arm each, compared').argParser(collect))
    .option('--gate-arm <name>', 'with arms: the arm the gate judges against the baseline (default: the first)')
    .option('-j, --concurrency <n>', 'cases run at once', integer)
    .option(
      '--repeat <k>',
      'trials per case (reports pass^k), or auto: one pass, then more trials only of the cases that differ from the baseline or between arms, or were flaky',
      integer,
    )
    .option('--repeat-cap <n>', 'with --repeat auto: the most trials of one case (default repeat_cap of the config, 5)', integer)
    .addOption(new Option('--module <id>', 'only this module (repeatable; "pipeline" for scenarios)').argParser(collect))
    .addOption(new Option('--case-type <type>', 'only this case type (repeatable)').argParser(collect))
    .addOption(new Option('--id <case_id>', 'only this case id, * as wildcard (repeatable)').argParser(collect))
    .addOption(new Option('--prompt <module=name>', 'pin a prompt version (repeatable; one module twice: one arm each, compared)').argParser(collect))
    .option('--shard <i/n>', 'run shard i of n (stable by case id); merge with `orderflow merge`')
    .option('--out <dir>', 'report folder (default: reports/<run-id>)')
    .option('--resume', 'finish the interrupted run in --out')
    .option('--no-cache', 'do not read or write the response cache')
    .option('--replay', 'answer only from the cache; a miss is an error, never a live call')
    .option('--baseline <baseline.json>', 'compare with this baseline (default: config baseline)')
    .option('--no-baseline', 'compare with no baseline (thresholds only)')
    .option('--update-baseline', 'record this run as the baseline (refused for a filtered run, a failed gate, another provider or model)')
    .addOption(
      new Option(
        '--accept <what>',
        'accept on purpose: loosened-gate | removed-cases | provider-change | failed-gate | unevaluated-text (repeatable; recorded in report.json)',
      ).argParser(collect),
    )
    .option('--no-guards', "turn the pipeline's program-enforced guards off (a measurement run: what the prompts alone let through)")
    .addOption(new Option('--no-gates', 'deprecated: the old name of --no-guards').hideHelp())
    .option('--timeout <duration>', 'deadline of one model call attempt: seconds, or 1500ms, 45s, 2m (env ORDERFLOW_TIMEOUT; default openai.timeout_ms)')
    .option('--max-retries <n>', 'retries of a failed model call (env ORDERFLOW_MAX_RETRIES; default openai.max_retries)')
    .option('--dry-run', 'print the model calls, estimated tokens and cost by module, and what the cache holds; call nothing')
    .option('--estimate', 'the same as --dry-run')
    .option('--seed <n>', 'seed of sim:adversary: the same seed gives the same outputs (default 1)', integer)
    .option('--adversary-tape <file>', 'replay the recorded choices of sim:adversary (a counterexample of npm run bench:guards)')
    .option('--max-cost <usd>', 'stop sending new calls once this run has spent this many US dollars; --resume finishes it', decimal)
    .option('--server <kind>', 'the OpenAI-compatible server: auto | openai | deepseek | vllm | ollama | llama.cpp | other (default openai.server)')
    .option('-q, --quiet', 'print only the verdict line and the report path')
    .option('-w, --watch', 'run, then run again on every save under the prompts, the cases and the config: only what the change affects')
    .action((opts) => run(async () => (await import('./commands/eval.js')).evalCommand(opts, output, argv.slice(2), setting.listenForInterrupts))());

  common(program.command('generate').description('write new cases for a module, or attack variants of pipeline scenarios, for review'))
    .option('--module <id>', 'the module to write cases for')
    .option('--pipeline', "write attack variants of the suite's attack scenarios instead")
    .option('--count <n>', 'module cases: how many to ask for, spread over the types (default 10)', integer)
    .addOption(new Option('--type <type>', 'module cases: case type (repeatable; default adversarial, boundary, schema)').argParser(collect))
    .option('--seed <n>', 'seed of the strategies, for a reproducible run (default: a new one, printed)', integer)
    .addOption(
      new Option('--scenario <id>', 'pipeline: scenario to vary, * as wildcard (repeatable; default every scenario with an injection)').argParser(collect),
    )
    .addOption(new Option('--strategy <name>', 'pipeline: attack strategy to apply (repeatable; default all)').argParser(collect))
    .option('--keep-unverified', 'pipeline: also write variants the reference (sim) fails, instead of quarantining them (to measure its blind spots)')
    .option('-p, --provider <name>', 'module cases: sim (the named strategies) | openai (the case-generator prompt) (default: config provider)')
    .option('-m, --model <name>', 'model for the openai provider')
    .option('--cases <dir>', 'case folder (default: paths.cases of the config)')
    .option('--out <file>', 'where to write (default: generated/<module or pipeline>/<time>-seed<n>.yaml)')
    .action((opts) =>
      run(async () =>
        (await import('./commands/generate.js')).generateCommand({ ...opts, types: opts.type, scenarios: opts.scenario, strategies: opts.strategy }, output),
      )(),
    );

  common(program.command('merge <dirs...>').description('fold the report folders of several --shard runs into one'))
    .option('--out <dir>', 'report folder (default: reports/<run-id>)')
    .option('--baseline <baseline.json>', 'compare with this baseline (default: config baseline)')
    .option('--no-baseline', 'compare with no baseline (thresholds only)')
    .option('--partial', 'merge an incomplete set of shards: the report is marked partial and the gate fails')
    .addOption(
      new Option('--accept <what>', 'accept on purpose: loosened-gate | removed-cases | provider-change | unevaluated-text (repeatable)').argParser(collect),
    )
    .action((dirs, opts) => run(async () => (await import('./commands/merge.js')).mergeCommand(dirs, opts, output))());

  program
    .command('init [dir]')
    .description('start a project: config, one prompt, one case file, a CI workflow and package.json with orderflow as a dev dependency (never overwrites)')
    .option('--from <tarball|folder|git-url>', 'where the project installs orderflow from (default: this orderflow, when it is a folder)')
    .action((dir, opts) => run(async () => (await import('./commands/init.js')).initCommand(dir, output, opts))());

  const reports = program.command('reports').description('manage the report folders of past runs');
  reports
    .command('prune')
    .description('keep the newest N run folders under the reports folder, delete the rest')
    .requiredOption('--keep <n>', 'how many of the newest run folders to keep')
    .option('--dry-run', 'only list what would be removed')
    .option('--dir <folder>', 'the reports folder (default: paths.reports of the config, which must lie inside the project)')
    .option('-c, --config <file>', 'config file')
    .action((opts) => run(async () => (await import('./commands/maintenance.js')).pruneCommand(opts, output))());

  const cache = program.command('cache').description('manage the response cache');
  cache
    .command('clear')
    .description('delete every cached model response')
    .option('--dir <folder>', 'the cache folder (default: cache.dir of the config, which must lie inside the project)')
    .option('-c, --config <file>', 'config file')
    .action((opts) => run(async () => (await import('./commands/maintenance.js')).cacheClearCommand(opts, output))());

  program
    .command('summary <report>')
    .description('a short Markdown summary of a report folder (or report.json) for a CI job summary, capped in size')
    .option('--max-chars <n>', 'hard cap on the output (default 60000; GitHub allows 65536)', integer)
    .option('--artifact <name>', 'the CI artifact that holds the full report, named in the summary')
    .action((report, opts) => run(async () => (await import('./commands/summary.js')).summaryCommand(report, opts, output))());

  program
    .command('view')
    .description('a read-only web viewer over the reports folder: runs, trends, one run, two side by side, a run live (until Ctrl-C)')
    .option('--port <n>', 'port to listen on (default 4780; 0: any free port)', integer)
    .option('--dir <folder>', 'the reports folder (default: paths.reports of the config)')
    .option('--host <address>', 'address to listen on (default 127.0.0.1: this machine only; another is warned about)')
    .option('-c, --config <file>', 'config file')
    .action((opts) => run(async () => (await import('./commands/view.js')).viewCommand(opts, output))());

  program
    .command('schema <name>')
    .description('print the JSON Schema of a file format: cases | scenarios | config')
    .action((name) => run(async () => (await import('./commands/schema.js')).schemaCommand(name, output))());

  return program;
}

/**
 * Where a command runs: its working directory and its environment. The
 * launcher gives the process's own; tests run the CLI in-process with a temp
 * folder and a hermetic environment, as a child process would have them.
 */
export interface RunContext {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The folder of the parse cache (src/parse-cache.ts); without it every file is parsed. */
  parseCache?: string;
}

/** One in-process run at a time: the working directory and environment are the process's. */
let running: Promise<unknown> = Promise.resolve();

export async function main(argv: string[], output: Output = processOutput, context: RunContext = {}): Promise<number> {
  if (context.cwd === undefined && context.env === undefined) return runMain(argv, output, context.parseCache);
  const turn = running.then(() => inContext(context, () => runMain(argv, output, context.parseCache)));
  running = turn.catch(() => undefined);
  return turn;
}

/**
 * Relative paths, config discovery, git provenance and every library that reads
 * a variable (the openai client among them) see the context's folder and
 * environment, not the caller's: only the process's own are seen everywhere.
 */
async function inContext<T>(context: RunContext, fn: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  const env = process.env;
  try {
    if (context.cwd !== undefined) process.chdir(context.cwd);
    if (context.env !== undefined) process.env = { ...context.env };
    return await fn();
  } finally {
    process.env = env;
    process.chdir(cwd);
  }
}

async function runMain(argv: string[], rawOutput: Output, parseCache: string | undefined): Promise<number> {
  let code = 0;
  const output = terminalSafe(rawOutput);
  // The one place that exits: a second Ctrl-C means now.
  const interrupts = new Interrupts((now) => process.exit(now));
  const program = buildProgram(output, (c) => (code = c), { argv, listenForInterrupts: () => interrupts.listen() });
  useParseCache(parseCache);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (error) {
    code = handleError(error, output, { interruptedBy: interrupts.receivedSignal, debug: Boolean(process.env.ORDERFLOW_DEBUG) });
    return code;
  } finally {
    useParseCache(undefined);
    interrupts.stop();
    // Calls still in flight after an interrupt would hold the process open until they time out.
    if (interrupts.receivedSignal) setTimeout(() => process.exit(code), 200).unref();
  }
}
