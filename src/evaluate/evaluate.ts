/**
 * `orderflow eval` as a function: validate everything (config, prompts, cases,
 * flags) before anything is written, run, write the reports, return the
 * verdict. It never prints and never exits; the CLI renders what it returns.
 * It sits above both runner/ and report/ (it drives the one and then the
 * other), so neither of those has to import the other upwards.
 */
import { join, resolve } from 'node:path';
import { CASE_TYPES } from '../cases/case-schema.js';
import { compileFilter, type CaseFilter } from '../cases/case-filter.js';
import { iterateSuite, loadCaseSuite, suiteFingerprint, type SuiteParseCache } from '../cases/case-suite.js';
import { MAX_CONCURRENCY } from '../config/config.js';
import { InputError, RunInterrupted, type Problem } from '../base/errors.js';
import { BudgetedProvider, SpendLedger } from '../providers/budget.js';
import { createProvider } from '../providers/create-provider.js';
import type { Provider } from '../providers/provider.js';
import { lintRegistry } from '../registry/lint.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { displayPath } from '../registry/registry.js';
import { snapshotBySha, snapshotPrompt } from '../registry/prompt-snapshot.js';
import type { Registry } from '../registry/registry.js';
import { resolveBaseline } from '../report/baseline.js';
import { checkUpdateBeforeRun, recordBaseline } from '../report/baseline-update.js';
import { parseAcceptFlags } from '../report/gate.js';
import { writeReports, type WrittenReports } from '../report/write-reports.js';
import { loadWorkspace } from '../config/workspace.js';
import { checkNewOutFolder, checkResumeFolder, claimRunFolder, createOutFolder, removeStaleTempFiles, RESULTS_FILE } from '../runner/out-folder.js';
import { buildProvenance, newRunId } from '../runner/provenance.js';
import { checkReplayCache } from '../runner/replay-cache.js';
import { runEval, type EvalPlan, type WorkItem } from '../runner/run-eval.js';
import { runModuleCase } from '../runner/run-module-case.js';
import { runScenario } from '../runner/run-scenario.js';
import { resumeCommand, runArguments } from './resume-command.js';
import { resolveRunSettings } from './run-settings.js';
import { checkEvaluateOptions, type CheckedOptions, type EvaluateOptions } from './evaluate-options.js';
import { adaptiveRule } from './adaptive-repeats.js';
import { repeatsReport } from '../report/repeats-report.js';
import { armFlagsOf, designatedArm, resolveArms, type Arm } from './arms.js';
import { loadConfig, parsePinFlags } from '../config/config.js';
import { resolveActive } from '../registry/registry.js';
import { writeArmReports, type ArmSetup } from '../report/arms/write-arm-reports.js';
import type { WriteReportsOptions } from '../report/write-reports.js';
import type { RunProvenance } from '../runner/case-result.js';
import { promptRefs } from '../runner/provenance.js';

export type { EvaluateOptions } from './evaluate-options.js';

export interface EvaluateResult extends WrittenReports {
  outDir: string;
  baselineUpdated: string | null;
  warnings: Problem[];
}

export async function evaluate(given: EvaluateOptions = {}): Promise<EvaluateResult> {
  return evaluateIn(given, {});
}

/** What outlives one run when runs follow each other in one process (`eval --watch`). */
export interface RunSession {
  parseCache?: SuiteParseCache;
}

export async function evaluateIn(given: EvaluateOptions, session: RunSession): Promise<EvaluateResult> {
  const options = checkEvaluateOptions(given);
  const env = options.env ?? process.env;
  const armPlan = resolveArms(armFlagsOf(options, (await loadConfig(options.config)).config.arms));
  const withArms = armPlan.arms.length > 1;
  const gated = designatedArm(armPlan, options.gateArm);
  // The cases are read against the first arm's prompts: the reference the suite was written for.
  const ws = await loadWorkspace({ ...options, prompt: armPlan.arms[0]!.prompt });
  refuseLintErrors(ws.registry, ws.active);
  const { config } = ws;
  const warnings = [...ws.warnings];
  const { repeat, auto, filter, cacheMode, providerName, casesDir, guards } = resolveRunSettings({ ...options, provider: gated.provider }, ws, env);
  const concurrency = positiveInt(options.concurrency ?? config.concurrency, '{concurrency}', MAX_CONCURRENCY);
  const accepted = parseAcceptFlags(options.accept);

  if (options.generated && options.updateBaseline) {
    throw new InputError({
      file: '{updateBaseline}',
      message: 'the baseline records the suite, not generated cases',
      expected: '{generated} without {updateBaseline}',
      severity: 'error',
    });
  }
  const suite = await loadCaseSuite(casesDir, ws.active, filter, {
    collectIds: options.resume === true,
    ...(session.parseCache ? { parseCache: session.parseCache } : {}),
  });
  warnings.push(...suite.warnings);
  if (suite.total === 0 && !filter.shard) throw noCaseMatches(options);
  if (options.updateBaseline && options.baseline === false) {
    throw new InputError({
      file: '{baseline}',
      message: 'false (no baseline) cannot go with {updateBaseline}: the update must be checked against the baseline it replaces',
      severity: 'error',
    });
  }
  // Generated cases are not the suite the baseline records: compared only with a baseline named on purpose.
  const baseline =
    options.generated && !options.baseline
      ? null
      : await resolveBaseline(options.baseline, config.baseline, warnings, { updating: options.updateBaseline ?? false });
  const maxCost = options.maxCost === undefined ? undefined : budgetOf(options.maxCost);
  const openProvider = (arm: Arm) =>
    createProvider({
      provider: arm.provider ?? env.ORDERFLOW_PROVIDER ?? config.provider,
      providerSource:
        arm.provider !== undefined
          ? '{provider}'
          : env.ORDERFLOW_PROVIDER !== undefined
            ? 'ORDERFLOW_PROVIDER'
            : `${ws.configFile ?? 'orderflow.config.yaml'}: provider`,
      model: arm.model,
      config,
      env,
      cacheMode,
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.server !== undefined ? { server: options.server } : {}),
      ...(options.seed !== undefined ? { seed: seedOf(options.seed) } : {}),
      ...(options.adversaryTape !== undefined ? { adversaryTape: options.adversaryTape } : {}),
    });
  const created = await openProvider(gated);
  // One ledger for every arm: --max-cost bounds what the run spends, whichever arm spent it.
  const ledger = new SpendLedger();
  const budgeted = (p: Provider): Provider => {
    if (maxCost === undefined) return p;
    if (p.id === 'openai' && !config.prices[p.model]) {
      throw new InputError({
        file: '{maxCost}',
        message: `model "${p.model}" has no price in prices, so its cost is unknown and no budget can be kept`,
        expected: `prices: { ${p.model}: { input_per_mtok: ..., output_per_mtok: ... } } in the config`,
        severity: 'error',
      });
    }
    return new BudgetedProvider(p, maxCost, ledger);
  };
  const provider: Provider = budgeted(created);
  // Every arm: its own prompts (checked like the first arm's) and its own provider, within the one budget.
  const runtimes = await Promise.all(
    armPlan.arms.map(async (arm, i) => {
      const active = i === 0 ? ws.active : resolveActive(ws.registry, { ...config.pins, ...parsePinFlags(arm.prompt) }, '{prompt}');
      if (i > 0) refuseLintErrors(ws.registry, active);
      return { arm, active, provider: arm === gated ? provider : budgeted(await openProvider(arm)) };
    }),
  );
  const others = runtimes.filter((r) => r.arm !== gated);
  if (withArms) refuseSameArms(runtimes);
  const budget = provider instanceof BudgetedProvider ? provider : null;
  if (providerName === 'openai' && concurrency > config.openai.max_connections) {
    warnings.push({
      file: 'concurrency',
      option: 'concurrency',
      severity: 'warning',
      message: `${concurrency} cases run at once, but openai.max_connections allows ${config.openai.max_connections} calls in flight: the other cases wait for a connection`,
      expected: `{concurrency} ${config.openai.max_connections} or less, or a higher openai.max_connections`,
    });
  }
  if (cacheMode === 'replay') await checkReplayCache(created);
  const baselinePath = resolve(options.baseline || config.baseline || join(config.paths.reports, 'baseline.json'));
  if (options.updateBaseline) checkUpdateBeforeRun({ filter, gates: guards, provider: provider.id, model: provider.model, old: baseline, accepted });

  const runId = newRunId(provider.id);
  const outDir = resolve(options.out ?? join(config.paths.reports, runId));
  const resultsPath = join(outDir, RESULTS_FILE);
  if (options.resume && !options.out) {
    throw new InputError({ file: '{resume}', message: 'needs {out} naming the folder of the interrupted run', severity: 'error' });
  }
  if (options.resume) checkResumeFolder(outDir);
  else checkNewOutFolder(outDir);
  const run = await buildProvenance({
    id: runId,
    provider: provider.id,
    model: provider.model,
    ...(provider.callSettings ? { callSettings: provider.callSettings } : {}),
    concurrency,
    repeat,
    guards,
    cacheMode,
    filter,
    active: ws.active,
    config,
    configFile: ws.configFile,
    suite: { fingerprint: suiteFingerprint(suite.hashes), cases: suite.hashes.size, selected: suite.total },
    watched: [
      resolve(options.prompts ?? config.paths.prompts),
      resolve(options.cases ?? config.paths.cases),
      ...(ws.configFile ? [resolve(ws.configFile)] : []),
    ],
  });
  if (withArms) run.arms = armPlan.arms.map((a) => a.name);
  if (auto) run.repeat_mode = 'auto';

  // With arms every case runs on each arm in turn, so that drift and rate limits hit the arms alike.
  const armsOfItem = withArms ? runtimes : [{ arm: null, active: ws.active, provider }];
  const plan: EvalPlan = {
    total: suite.total * armsOfItem.length,
    async *items(): AsyncGenerator<WorkItem> {
      for await (const item of iterateSuite(suite, ws.active)) {
        for (const { arm, active, provider: p } of armsOfItem) {
          const tag = arm ? { arm: arm.name } : {};
          if (item.kind === 'pipeline') {
            const case_hash = suite.hashes.get(item.scenario_id);
            yield {
              case_id: item.scenario_id,
              module: 'pipeline',
              case_type: item.case_type,
              ...tag,
              run: async (trial) => ({
                ...(await runScenario(item, trial, active, p, guards, { invalidOutputMayPass: config.judge.invalid_output_may_pass })),
                case_hash,
                ...tag,
              }),
            };
            continue;
          }
          const prompt = active.get(item.module)!;
          const case_hash = suite.hashes.get(item.case_id);
          yield {
            case_id: item.case_id,
            module: item.module,
            case_type: item.case_type,
            ...tag,
            run: async (trial) => ({ ...(await runModuleCase(item, trial, prompt, p, arm !== null)), case_hash, ...tag }),
          };
        }
      }
    },
  };

  // One snapshot per active prompt serves the prompt review in the reports and the baseline record.
  const snapshots = new Map([...ws.active].map(([module, p]) => [module, snapshotPrompt(p)]));
  await createOutFolder(outDir);
  const lock = claimRunFolder(outDir, warnings, { newRun: !options.resume });
  try {
    if (options.resume) await removeStaleTempFiles(outDir);
    const outcome = await runEval({
      plan,
      repeat,
      concurrency,
      resultsPath,
      resume: options.resume ?? false,
      ...(suite.ids ? { inSuite: (id: string) => suite.ids!.has(id) } : {}),
      caseHash: (id: string) => suite.hashes.get(id),
      sharedClusters: suite.sharedClusters,
      run,
      ...(options.observer ? { observer: options.observer } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(budget ? { stopReason: () => budget.exhausted() } : {}),
      ...(auto ? { adaptive: { rule: adaptiveRule(baseline), arms: armsOfItem.length } } : {}),
    }).catch((error: unknown) => {
      // Said with the command that finishes the run: the arguments as typed, else rebuilt from the options.
      if (error instanceof RunInterrupted)
        throw new RunInterrupted(error.resultsPath, error.done, error.total, resumeCommand(options.commandArgs ?? runArguments(options), displayPath(outDir)));
      throw error;
    });
    warnings.push(...outcome.warnings);
    const write = withArms ? (o: WriteReportsOptions) => writeArmReports(o, armReportsOf(runtimes, gated, armPlan.varied, run)) : writeReports;
    const written = await write({
      outDir,
      resultsPath,
      run,
      duration_ms: outcome.duration_ms,
      snapshot: outcome.aggregates.snapshot(),
      repeat,
      ...(outcome.repeated ? { repeats: repeatsReport(outcome.repeated, repeat, suite.total * armsOfItem.length, outcome.aggregates.snapshot()) } : {}),
      baseline,
      scope: { hashes: suite.hashes, inScope: compileFilter({ ...filter, shard: undefined }) },
      prompts: new Map(
        [...ws.active].map(([module, p]) => [
          module,
          { ref: { name: p.metadata.name, version: p.metadata.version, sha256: p.sha256 }, snapshot: snapshots.get(module)! },
        ]),
      ),
      knownPrompt: snapshotBySha(ws.registry.prompts),
      config,
      accepted,
      incomplete: outcome.incomplete
        ? { ...outcome.incomplete, resume: resumeCommand(options.commandArgs ?? runArguments(options), displayPath(outDir), { newBudget: true }) }
        : null,
      finish: `run ${resumeCommand(options.commandArgs ?? runArguments(options), displayPath(outDir))} to finish the reports`,
    });
    let baselineUpdated: string | null = null;
    if (options.updateBaseline) {
      await recordBaseline({
        path: baselinePath,
        head: written.head,
        // With arms, the gated arm's own results (written.head is its report).
        resultsPath: written.files.results,
        repeat,
        prompts: Object.fromEntries(snapshots),
        suite: { fingerprint: run.suite!.fingerprint, cases: run.suite!.cases },
        config,
        accepted,
      });
      baselineUpdated = baselinePath;
    }
    return { ...written, outDir, baselineUpdated, warnings };
  } finally {
    lock.release();
    await provider.close?.();
    await Promise.all(others.map((o) => o.provider.close?.()));
  }
}

/** Two arms that would send the same requests: nothing to compare. */
function refuseSameArms(runtimes: { arm: Arm; active: Map<string, PromptFile>; provider: Provider }[]): void {
  const identity = (r: (typeof runtimes)[number]) => JSON.stringify([r.provider.id, r.provider.model, [...r.active].map(([m, p]) => [m, p.sha256])]);
  const seen = new Map<string, string>();
  for (const r of runtimes) {
    const other = seen.get(identity(r));
    if (other !== undefined)
      throw new InputError({
        file: '{prompt}',
        message: `arms ${other} and ${r.arm.name} are the same (same provider, model and prompt contents)`,
        expected: 'arms that differ in a prompt version, provider or model',
        severity: 'error',
      });
    seen.set(identity(r), r.arm.name);
  }
}

/** An arm's own results are one arm's: its header names no arms, so merge and resume treat it as a plain run. */
function withoutArms(run: RunProvenance): RunProvenance {
  const { arms: _arms, ...rest } = run;
  return rest;
}

function armReportsOf(
  runtimes: { arm: Arm; active: Map<string, PromptFile>; provider: Provider }[],
  gated: Arm,
  varied: string | null,
  run: RunProvenance,
): ArmSetup {
  return {
    varied: varied ?? 'nothing',
    designated: gated.name,
    arms: runtimes.map(({ arm, active, provider }) => ({
      name: arm.name,
      run: { ...withoutArms(run), provider: provider.id, model: provider.model, prompts: promptRefs(active) },
      prompts: new Map(
        [...active].map(([module, p]) => [
          module,
          { ref: { name: p.metadata.name, version: p.metadata.version, sha256: p.sha256 }, snapshot: snapshotPrompt(p) },
        ]),
      ),
    })),
  };
}

function noCaseMatches(options: CheckedOptions): InputError {
  const flags = [
    ...(options.id ?? []).map((id) => `{id} '${id}'`),
    ...(options.module ?? []).map((m) => `{module} ${m}`),
    ...(options.caseType ?? []).map((t) => `{caseType} ${t}`),
  ];
  return new InputError({
    file: flags.length ? flags.join(' ') : 'cases',
    message: flags.length ? 'no case matches' : 'the suite has no case',
    expected: flags.length ? 'a filter that selects at least one case (orderflow list shows the suite)' : 'cases under cases/<module>/ or cases/pipeline/',
    severity: 'error',
  });
}

/** A prompt that `orderflow lint` rejects is never run: lint and eval agree on what is broken. */
function refuseLintErrors(registry: Registry, active: Map<string, PromptFile>): void {
  const used = new Set([...active.values()].map((p) => p.path));
  const errors = lintRegistry(registry).filter((p) => p.severity === 'error' && used.has(p.file));
  if (errors.length > 0) throw new InputError(errors);
}

function budgetOf(value: number | string): number {
  // The CLI hands over what was typed when it is no number ("abc"), so that the error can quote it.
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new InputError({
      file: '{maxCost}',
      message: `"${value}" is not an amount of US dollars`,
      expected: 'a positive number, e.g. {maxCost} 2.50',
      severity: 'error',
    });
  return value;
}

function seedOf(value: number | string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2 ** 31)
    throw new InputError({
      file: '{seed}',
      message: `"${value}" is not a seed`,
      expected: 'a whole number from 0 to 2147483648, e.g. {seed} 7',
      severity: 'error',
    });
  return value;
}

/** pass^k beyond this many trials says nothing more, and the run would never end. */
export const MAX_REPEAT = 1000;

export function positiveInt(value: number | string, flag: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InputError({
      file: flag,
      message: `"${value}" is not a positive integer`,
      expected: `a whole number of at least 1, e.g. ${flag} 8`,
      severity: 'error',
    });
  }
  if (value > limit)
    throw new InputError({ file: flag, message: `${value} is more than orderflow takes`, expected: `a whole number from 1 to ${limit}`, severity: 'error' });
  return value;
}

export function buildFilter(options: CheckedOptions, modules: string[]): CaseFilter {
  const problems: Problem[] = [];
  for (const m of options.module ?? []) {
    if (!modules.includes(m) && m !== 'pipeline')
      problems.push({ file: '{module}', message: `unknown module "${m}"`, expected: `one of ${[...modules, 'pipeline'].join(', ')}`, severity: 'error' });
  }
  for (const t of options.caseType ?? []) {
    if (!(CASE_TYPES as readonly string[]).includes(t))
      problems.push({ file: '{caseType}', message: `unknown case type "${t}"`, expected: CASE_TYPES.join(', '), severity: 'error' });
  }
  let shard: CaseFilter['shard'];
  if (options.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(options.shard);
    const index = Number(m?.[1]);
    const count = Number(m?.[2]);
    if (!m || count < 1 || index < 1 || index > count)
      problems.push({ file: '{shard}', message: `"${options.shard}" is not i/n with 1 ≤ i ≤ n`, expected: 'e.g. {shard} 2/4', severity: 'error' });
    else shard = { index, count };
  }
  if (problems.length) throw new InputError(problems);
  return {
    ...(options.module?.length ? { modules: options.module } : {}),
    ...(options.caseType?.length ? { caseTypes: options.caseType } : {}),
    ...(options.id?.length ? { ids: options.id } : {}),
    ...(shard ? { shard } : {}),
  };
}
