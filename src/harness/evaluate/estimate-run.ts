/**
 * `orderflow eval --dry-run`: what a run would cost, without calling anything.
 * The same selection as the run (filters, shard, repeat, pins), each case run
 * through the EstimatingProvider: cached calls are counted as such, the others
 * priced from token estimates. Nothing is written.
 */
import type { Problem } from '../base/errors.js';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { iterateSuite, loadCaseSuite } from '../cases/case-suite.js';
import { createProvider } from '../create-provider.js';
import { EstimatingProvider, emptyEstimate, type ModuleEstimate } from '../providers/estimating-provider.js';
import type { Price } from '../providers/token-price.js';
import { CachedProvider } from '../providers/response-cache.js';
import { loadWorkspace } from '../workspace.js';
import { agent } from '../agent-registration.js';
import { checkEvaluateOptions, type CheckedOptions, type EvaluateOptions } from './evaluate-options.js';
import { resolveRunSettings } from './run-settings.js';
import { autoEstimate, type AutoEstimate } from './adaptive-repeats.js';
import { resolveBaseline } from '../report/baseline.js';
import { runModuleCase } from '../runner/run-module-case.js';
import { runScenario } from '../runner/run-scenario.js';
import type { CaseResult } from '../runner/case-result.js';
import { RESULTS_FILE } from '../runner/out-folder.js';
import { caseResultProblem } from '../runner/result-line-shape.js';
import { readResultsLines } from '../runner/results-file.js';
import { setAsideReason } from '../runner/resume-results.js';

export interface RunEstimate {
  provider: string;
  model: string;
  /** Price per million tokens, or null when the model has none (cost unknown). */
  price: Price | null;
  cases: number;
  scenarios: number;
  repeat: number;
  cache_mode: string;
  /** --repeat auto: the figures above are one pass; what the re-runs may add (an estimate, see autoEstimate). */
  auto?: AutoEstimate;
  /** With --resume: results already on disk that the resumed run keeps (not counted above). */
  already_done: number;
  by_module: Record<string, ModuleEstimate>;
  total: ModuleEstimate;
  /** What loading the suite found that does not stop a run: the run this estimates would print them too. */
  warnings: Problem[];
}

const BATCH = 16;

/** One arm at a time: a run with arms is estimated arm by arm (eval --dry-run does so). */
export async function estimateRun(given: Omit<EvaluateOptions, 'provider' | 'model'> & { provider?: string; model?: string } = {}): Promise<RunEstimate> {
  const options = checkEvaluateOptions(given) as CheckedOptions & { provider?: string; model?: string };
  const env = options.env ?? process.env;
  const ws = await loadWorkspace(options);
  const { config } = ws;
  const { repeat, auto, filter, cacheMode, providerName, casesDir, guards } = resolveRunSettings(options, ws, env);
  // Adaptive repeats: one pass is what is sure to run; the re-runs are estimated from the baseline below.
  const trials = auto ? 1 : repeat;
  // Replay mode: the client is built without needing a key, and it can never send anything.
  const target = await createProvider({
    provider: providerName,
    model: options.model,
    config,
    env,
    cacheMode: 'replay',
    ...(options.server ? { server: options.server } : {}),
    // Not used by an estimate, but checked like a run checks them: the same command goes live next.
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
  const cache = target instanceof CachedProvider && cacheMode !== 'off' ? target : null;
  const free = providerName.startsWith('sim');
  const price = free ? { input_per_mtok: 0, output_per_mtok: 0 } : (config.prices[target.model] ?? null);
  const estimating = new EstimatingProvider(target, await agent.estimatingModel(), cache, price);

  const suite = await loadCaseSuite(casesDir, ws.active, filter, { agent });
  const done = options.resume && options.out ? keptResults(join(resolve(options.out), RESULTS_FILE), repeat, suite.hashes) : new Set<string>();
  let cases = 0;
  let scenarios = 0;
  let batch: Promise<unknown>[] = [];
  const ids: string[] = [];
  for await (const item of iterateSuite(suite, ws.active)) {
    ids.push(item.kind === 'pipeline' ? item.scenario_id : item.case_id);
    for (let trial = 0; trial < trials; trial++) {
      if (done.has(`${item.kind === 'pipeline' ? item.scenario_id : item.case_id}#${trial}`)) continue;
      if (item.kind === 'pipeline') {
        scenarios += 1;
        batch.push(runScenario(item, trial, ws.active, estimating, guards));
      } else {
        cases += 1;
        batch.push(runModuleCase(item, trial, ws.active.get(item.module)!, estimating));
      }
      if (batch.length >= BATCH) {
        await Promise.all(batch);
        batch = [];
      }
    }
  }
  await Promise.all(batch);
  await target.close?.();

  const by_module = Object.fromEntries([...estimating.byModule.entries()].sort(([a], [b]) => a.localeCompare(b)));
  const total = emptyEstimate(price);
  for (const e of Object.values(by_module)) {
    total.calls += e.calls;
    total.cached += e.cached;
    total.input_tokens += e.input_tokens;
    total.cached_input_tokens += e.cached_input_tokens;
    total.output_tokens += e.output_tokens;
    total.cost_usd = total.cost_usd === null || e.cost_usd === null ? null : total.cost_usd + e.cost_usd;
  }
  const baseline = auto ? await resolveBaseline(options.baseline, config.baseline, []) : null;
  return {
    provider: target.id,
    model: target.model,
    price,
    cases,
    scenarios,
    repeat: trials,
    ...(auto ? { auto: autoEstimate(baseline, ids, repeat, total.calls + total.cached) } : {}),
    cache_mode: cacheMode,
    already_done: done.size,
    by_module,
    total,
    warnings: suite.warnings,
  };
}

/**
 * The results a `--resume` would keep, by the resume's own rules. Only an estimate: the resume
 * itself also checks the header.
 */
function keptResults(path: string, repeat: number, hashes: ReadonlyMap<string, string>): Set<string> {
  const kept = new Set<string>();
  if (!existsSync(path)) return kept;
  const rules = { inSuite: (id: string) => hashes.has(id), caseHash: (id: string) => hashes.get(id) };
  for (const { value } of readResultsLines(path)) {
    if (caseResultProblem(value, repeat)) continue;
    const r = value as CaseResult;
    if (!setAsideReason(r, rules)) kept.add(`${r.case_id}#${r.trial}`);
  }
  return kept;
}
