/**
 * The command-line entry: commander wiring, and the one place where errors
 * become exit codes. Commands are plain async functions returning an exit code,
 * loaded lazily so that `orderflow lint` never pays for the openai client.
 */
import { Command } from 'commander';
import { keyedOptions, withFlags } from './command-flags.js';
import type { CommandName } from './flag-table.js';
import { processOutput, terminalSafe, type Output } from './output.js';
import { useParseCache } from '../base/parse-cache.js';
import { handleError } from './error-boundary.js';
import { Interrupts } from './interrupts.js';

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
  const command = (name: CommandName, usage: string, description: string) => withFlags(program.command(usage).description(description), name);

  command('lint', 'lint', 'check every prompt file').action((opts) => run(async () => (await import('./commands/lint.js')).lintCommand(opts, output))());
  command('list', 'list', 'modules, versions (active marked), risk, case counts').action((opts) =>
    run(async () => (await import('./commands/list.js')).listCommand(opts, output))(),
  );
  command('diff', 'diff <a> <b>', 'compare two prompt versions (name or path), or two reports (report.json or its folder)').action((a, b, opts) =>
    run(async () => (await import('./commands/diff.js')).diffCommand(a, b, opts, output))(),
  );
  command('eval', 'eval', 'run module cases and pipeline scenarios, write reports, apply the gate').action((opts) =>
    run(async () => (await import('./commands/eval.js')).evalCommand(opts, output, argv.slice(2), setting.listenForInterrupts))(),
  );
  command('generate', 'generate', 'write new cases for a module, or attack variants of pipeline scenarios, for review').action((opts) =>
    run(async () => (await import('./commands/generate.js')).generateCommand(keyedOptions('generate', opts), output))(),
  );
  command('merge', 'merge <dirs...>', 'fold the report folders of several --shard runs into one').action((dirs, opts) =>
    run(async () => (await import('./commands/merge.js')).mergeCommand(dirs, opts, output))(),
  );
  command(
    'init',
    'init [dir]',
    'start a project: config, one prompt, one case file, a CI workflow and package.json with orderflow as a dev dependency (never overwrites)',
  ).action((dir, opts) => run(async () => (await import('./commands/init.js')).initCommand(dir, output, opts))());

  const reports = program.command('reports').description('manage the report folders of past runs');
  withFlags(reports.command('prune').description('keep the newest N run folders under the reports folder, delete the rest'), 'reports prune').action((opts) =>
    run(async () => (await import('./commands/maintenance.js')).pruneCommand(opts, output))(),
  );
  const cache = program.command('cache').description('manage the response cache');
  withFlags(cache.command('clear').description('delete every cached model response'), 'cache clear').action((opts) =>
    run(async () => (await import('./commands/maintenance.js')).cacheClearCommand(opts, output))(),
  );

  command('summary', 'summary <report>', 'a short Markdown summary of a report folder (or report.json) for a CI job summary, capped in size').action(
    (report, opts) => run(async () => (await import('./commands/summary.js')).summaryCommand(report, opts, output))(),
  );
  command('view', 'view', 'a read-only web viewer over the reports folder: runs, trends, one run, two side by side, a run live (until Ctrl-C)').action((opts) =>
    run(async () => (await import('./commands/view.js')).viewCommand(opts, output))(),
  );
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
