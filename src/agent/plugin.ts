/**
 * OrderFlow-Agent as the harness sees it: the one object the harness's
 * registration point (src/harness/agent-registration.ts) plugs in. Only names
 * are imported here; the pipeline, the judge and the offline models load when
 * first used, so that `orderflow lint` and `list` start without them.
 */
import { SIM_MODULE_IDS } from './models/sim/sim-module-ids.js';
import { INJECTION_TAGS } from './vocabulary/injection-tags.js';
import { CLAIM_KINDS, KNOWN_TOOLS, PROMPT_MODULES, STAGE_ORDER, TOOL_RISK_LEVELS } from './vocabulary/seed-contracts.js';
import { moduleSignals } from './prompt-vocabulary/module-signals.js';

export type { PipelineTrace, StageTrace, ToolTrace, CapabilityTurnTrace } from './pipeline/trace.js';
export type { LoadedScenario } from './scenarios/load-scenarios.js';

const sim = async (mode: 'reference' | 'gullible') => new (await import('./models/sim/sim-provider.js')).SimProvider(mode);

async function adversary(options: { provider: string; seed?: number; adversaryTape?: string }) {
  const [{ AdversaryProvider }, { readTapeFile }] = await Promise.all([
    import('./models/adversary/adversary-provider.js'),
    import('./models/adversary/tape-file.js'),
  ]);
  const seed = options.seed ?? 1;
  const tapes = options.adversaryTape ? readTapeFile(options.adversaryTape, options.provider, seed) : {};
  return new AdversaryProvider(seed, options.provider === 'sim:adversary' ? 'scattered' : 'coherent', { tapes });
}

export const orderflowAgent = {
  contracts: { modules: PROMPT_MODULES, tools: KNOWN_TOOLS, riskLevels: TOOL_RISK_LEVELS, claimKinds: CLAIM_KINDS },
  moduleSignals,
  scenarioFormat: {
    parser: async () => (await import('./scenarios/load-scenarios.js')).parseScenarioFile,
    fileSchema: async () => (await import('./scenarios/scenario-schema.js')).ScenarioFileSchema,
  },
  runScenario: async (...args: Parameters<typeof import('./scenario-run.js').runScenarioTrial>) =>
    (await import('./scenario-run.js')).runScenarioTrial(...args),
  offlineProviders: {
    sim: () => sim('reference'),
    'sim:gullible': () => sim('gullible'),
    'sim:adversary': adversary,
    'sim:adversary:coherent': adversary,
  },
  estimatingModel: () => sim('reference'),
  offlineModules: SIM_MODULE_IDS,
  stageOrder: STAGE_ORDER,
  injectionTags: INJECTION_TAGS,
};
