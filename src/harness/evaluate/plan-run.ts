/**
 * The plan of one run: every input check (options, config, prompts, cases,
 * arms, providers, baseline, run folder) done before anything is written or
 * called, and what the run and its reports then need, resolved once.
 */
import { join, resolve } from 'node:path';
import type { Problem } from '../base/errors.js';
import { agent } from '../agent-registration.js';
import { loadCaseSuite, suiteFingerprint, type CaseSuite, type SuiteParseCache } from '../cases/case-suite.js';
import { loadConfig, MAX_CONCURRENCY } from '../config/config.js';
import { loadWorkspace, type Workspace } from '../workspace.js';
import { resolveBaseline, type Baseline } from '../report/baseline.js';
import { checkUpdateBeforeRun } from '../report/baseline-update.js';
import { parseAcceptFlags, type Acceptance } from '../report/gate.js';
import type { RunProvenance } from '../runner/case-result.js';
import { checkNewOutFolder, checkResumeFolder, RESULTS_FILE } from '../runner/out-folder.js';
import { buildProvenance, gitState, newRunId } from '../runner/provenance.js';
import { checkReplayCache } from '../runner/replay-cache.js';
import { openArmProviders, type ArmProviders } from './arm-providers.js';
import { armFlagsOf, designatedArm, resolveArms, type Arm, type ArmPlan } from './arms.js';
import { checkEvaluateOptions, type CheckedOptions, type EvaluateOptions } from './evaluate-options.js';
import { positiveInt } from './option-values.js';
import { noCaseMatches, refuseGeneratedBaseline, refuseLintErrors, refuseResumeWithoutOut, refuseUpdateWithoutBaseline } from './plan-checks.js';
import { resolveRunSettings, type RunSettings } from './run-settings.js';

/** What outlives one run when runs follow each other in one process (`eval --watch`). */
export interface RunSession {
  parseCache?: SuiteParseCache;
}

export interface RunPlan extends RunSettings {
  options: CheckedOptions;
  ws: Workspace;
  armPlan: ArmPlan;
  /** The arm the gate judges against the baseline (the only one without arms). */
  gated: Arm;
  providers: ArmProviders;
  concurrency: number;
  accepted: Acceptance[];
  suite: CaseSuite;
  baseline: Baseline | null;
  baselinePath: string;
  outDir: string;
  resultsPath: string;
  run: RunProvenance;
  /** What does not stop the run, said with its result: the workspace's, the suite's, the plan's, then the run's. */
  warnings: Problem[];
}

export async function planRun(given: EvaluateOptions, session: RunSession): Promise<RunPlan> {
  const options = checkEvaluateOptions(given);
  const env = options.env ?? process.env;
  const armPlan = resolveArms(armFlagsOf(options, (await loadConfig(options.config)).config.arms));
  const gated = designatedArm(armPlan, options.gateArm);
  // The cases are read against the first arm's prompts: the reference the suite was written for.
  const ws = await loadWorkspace({ ...options, prompt: armPlan.arms[0]!.prompt });
  await refuseLintErrors(ws.registry, ws.active);
  const { config } = ws;
  const watched = [
    resolve(options.prompts ?? config.paths.prompts),
    resolve(options.cases ?? config.paths.cases),
    ...(ws.configFile ? [resolve(ws.configFile)] : []),
  ];
  // Asked now, answered while the suite loads: git's processes run beside this one. gitState never rejects.
  const git = gitState(process.cwd(), watched);
  const warnings = [...ws.warnings];
  const settings = resolveRunSettings({ ...options, provider: gated.provider }, ws, env);
  const concurrency = positiveInt(options.concurrency ?? config.concurrency, '{concurrency}', MAX_CONCURRENCY);
  const accepted = parseAcceptFlags(options.accept);
  refuseGeneratedBaseline(options);
  const suite = await loadCaseSuite(settings.casesDir, ws.active, settings.filter, {
    collectIds: options.resume === true,
    agent,
    ...(session.parseCache ? { parseCache: session.parseCache } : {}),
  });
  warnings.push(...suite.warnings);
  if (suite.total === 0 && !settings.filter.shard) throw noCaseMatches(options);
  refuseUpdateWithoutBaseline(options);
  // Generated cases are not the suite the baseline records: compared only with a baseline named on purpose.
  const baseline =
    options.generated && !options.baseline
      ? null
      : await resolveBaseline(options.baseline, config.baseline, warnings, { updating: options.updateBaseline ?? false });
  const providers = await openArmProviders(options, ws, armPlan.arms, gated, settings.cacheMode, env);
  const { provider } = providers;
  if (settings.providerName === 'openai' && concurrency > config.openai.max_connections)
    warnings.push(connectionsWarning(concurrency, config.openai.max_connections));
  if (settings.cacheMode === 'replay') await checkReplayCache(providers.created);
  const baselinePath = resolve(options.baseline || config.baseline || join(config.paths.reports, 'baseline.json'));
  if (options.updateBaseline)
    checkUpdateBeforeRun({ filter: settings.filter, guards: settings.guards, provider: provider.id, model: provider.model, old: baseline, accepted });
  const runId = newRunId(provider.id);
  const outDir = resolve(options.out ?? join(config.paths.reports, runId));
  refuseResumeWithoutOut(options);
  if (options.resume) checkResumeFolder(outDir);
  else checkNewOutFolder(outDir);
  const run = await buildProvenance({
    id: runId,
    provider: provider.id,
    model: provider.model,
    ...(provider.callSettings ? { callSettings: provider.callSettings } : {}),
    concurrency,
    repeat: settings.repeat,
    guards: settings.guards,
    cacheMode: settings.cacheMode,
    filter: settings.filter,
    active: ws.active,
    config,
    configFile: ws.configFile,
    suite: { fingerprint: suiteFingerprint(suite.hashes), cases: suite.hashes.size, selected: suite.total },
    git,
  });
  if (armPlan.arms.length > 1) run.arms = armPlan.arms.map((a) => a.name);
  if (settings.auto) run.repeat_mode = 'auto';
  const plan = { ...settings, options, ws, armPlan, gated, providers, concurrency, accepted, suite, baseline, baselinePath, outDir, run, warnings };
  return { ...plan, resultsPath: join(outDir, RESULTS_FILE) };
}

function connectionsWarning(concurrency: number, maxConnections: number): Problem {
  return {
    file: 'concurrency',
    option: 'concurrency',
    severity: 'warning',
    message: `${concurrency} cases run at once, but openai.max_connections allows ${maxConnections} calls in flight: the other cases wait for a connection`,
    expected: `{concurrency} ${maxConnections} or less, or a higher openai.max_connections`,
  };
}
