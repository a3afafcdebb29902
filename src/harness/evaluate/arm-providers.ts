/**
 * Each arm of a run with its own prompts (checked like the first arm's) and its
 * own provider, all within the one --max-cost budget.
 */
import { InputError } from '../base/errors.js';
import type { Config } from '../config/config.js';
import { parsePinFlags } from '../config/config.js';
import type { Workspace } from '../workspace.js';
import { BudgetedProvider, SpendLedger } from '../providers/budget.js';
import { createProvider } from '../create-provider.js';
import type { Provider } from '../providers/provider.js';
import type { CacheMode } from '../providers/response-cache.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { resolveActive } from '../registry/registry.js';
import type { Arm } from './arms.js';
import type { CheckedOptions } from './evaluate-options.js';
import { budgetOf, seedOf } from './option-values.js';
import { refuseLintErrors } from './plan-checks.js';

interface ArmRuntime {
  arm: Arm;
  active: Map<string, PromptFile>;
  provider: Provider;
}

export interface ArmProviders {
  /** The gated arm's provider, as the run calls it (within the budget). */
  provider: Provider;
  /** The gated arm's provider as created: the one a replay checks for its cache. */
  created: Provider;
  runtimes: ArmRuntime[];
  budget: BudgetedProvider | null;
}

export async function openArmProviders(
  options: CheckedOptions,
  ws: Workspace,
  arms: readonly Arm[],
  gated: Arm,
  cacheMode: CacheMode,
  env: NodeJS.ProcessEnv,
): Promise<ArmProviders> {
  const { config } = ws;
  const maxCost = options.maxCost === undefined ? undefined : budgetOf(options.maxCost);
  const open = (arm: Arm) => createProvider(providerOptions(arm, options, ws, cacheMode, env));
  const created = await open(gated);
  // One ledger for every arm: --max-cost bounds what the run spends, whichever arm spent it.
  const ledger = new SpendLedger();
  const budgeted = (p: Provider): Provider => (maxCost === undefined ? p : new BudgetedProvider(priced(p, config), maxCost, ledger));
  const provider = budgeted(created);
  const runtimes = await Promise.all(
    arms.map(async (arm, i) => {
      const active = i === 0 ? ws.active : resolveActive(ws.registry, { ...config.pins, ...parsePinFlags(arm.prompt) }, '{prompt}');
      if (i > 0) await refuseLintErrors(ws.registry, active);
      return { arm, active, provider: arm === gated ? provider : budgeted(await open(arm)) };
    }),
  );
  if (arms.length > 1) refuseSameArms(runtimes);
  return { provider, created, runtimes, budget: provider instanceof BudgetedProvider ? provider : null };
}

/** The provider an arm calls: its flag, else ORDERFLOW_PROVIDER, else the config's. */
export function armProviderName(arm: Arm, env: NodeJS.ProcessEnv, config: Config): string {
  return arm.provider ?? env.ORDERFLOW_PROVIDER ?? config.provider;
}

function providerOptions(arm: Arm, options: CheckedOptions, ws: Workspace, cacheMode: CacheMode, env: NodeJS.ProcessEnv) {
  const { config } = ws;
  return {
    provider: armProviderName(arm, env, config),
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
  };
}

/** A budget needs a price: a live model without one would spend an unknown amount. */
function priced(p: Provider, config: Config): Provider {
  if (p.id === 'openai' && !config.prices[p.model]) {
    throw new InputError({
      file: '{maxCost}',
      message: `model "${p.model}" has no price in prices, so its cost is unknown and no budget can be kept`,
      expected: `prices: { ${p.model}: { input_per_mtok: ..., output_per_mtok: ... } } in the config`,
      severity: 'error',
    });
  }
  return p;
}

/** The gated arm's provider first, as the run opened it; then the others together. */
export async function closeArmProviders(providers: ArmProviders): Promise<void> {
  await providers.provider.close?.();
  await Promise.all(providers.runtimes.filter((r) => r.provider !== providers.provider).map((r) => r.provider.close?.()));
}

/** Two arms that would send the same requests: nothing to compare. */
function refuseSameArms(runtimes: readonly ArmRuntime[]): void {
  const identity = (r: ArmRuntime) => JSON.stringify([r.provider.id, r.provider.model, [...r.active].map(([m, p]) => [m, p.sha256])]);
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
