/**
 * What the harness asks of the agent it evaluates. The harness loads prompts,
 * cases and scenarios, runs them, and reports; everything that knows how one
 * particular agent works (its program, its offline models, its judge) comes
 * through this interface, and the agent is plugged in at one place,
 * agent-registration.ts. Types only: the harness never reaches into the agent.
 */
import type { ScenarioItem } from './cases/scenario-item.js';
import type { SuiteAgent } from './cases/suite-agent.js';
import type { FailedCheck } from './model-output/check-result.js';
import type { Provider, Usage } from './providers/provider.js';
import type { PromptFile } from './registry/prompt-file.js';
import type { ScoreFacts } from './scoring/score-facts.js';
import type { StageAttribution } from './scoring/failure-attribution.js';

/** How one trial of a scenario is run. */
interface ScenarioTrial {
  trial: number;
  /** The active prompt of each module. */
  active: Map<string, PromptFile>;
  provider: Provider;
  /** false: the program's guards are off (`--no-guards`, a measurement run). */
  guards: boolean;
  /** Generated variants may pass with an invalid output that the program recovered from. */
  invalidOutputMayPass?: boolean;
}

/** One model call of a scenario run: what the harness sums into the result's latency, tokens and cost. */
interface ScenarioCall {
  stage: string;
  /** undefined: no answer came back (the call failed after its retries). */
  raw_output?: string;
  error?: string;
  latency_ms: number;
  usage: Usage;
  /** null: the model has no price. */
  cost_usd: number | null;
  cached: boolean;
}

/** The parts of a run's record the harness reads; the whole record is stored in results.jsonl for the reports. */
interface ScenarioTrace {
  stages: readonly ScenarioCall[];
  /** The last reply sent to the customer, if any. */
  reply: string | null;
  /** Tool calls; a blocked one names the program gate that stopped it. */
  tools: readonly { block?: { gate: string } }[];
}

/** A judged trial of a scenario. */
interface ScenarioOutcome {
  trace: ScenarioTrace;
  /** Every check of the judge; a scenario passes when none failed. */
  failed: FailedCheck[];
  checksTotal: number;
  facts: ScoreFacts;
  /** When the scenario failed: the stage to fix first, and why. */
  firstFailingStage?: string;
  attribution?: StageAttribution;
}

/** What `--seed` and `--adversary-tape` give an offline model that takes them. */
interface OfflineProviderOptions {
  /** The `--provider` name it was created by. */
  provider: string;
  seed?: number;
  adversaryTape?: string;
}

/**
 * As a SuiteAgent: `scenarioFormat`, how its scenario files (cases/pipeline/) are read (the items runScenario is
 * given come from its parser); `contracts`, the module, tool, risk-level and claim names its prompts and cases are
 * checked against; `moduleSignals`, what its modules' outputs propose (tool calls, hand-offs).
 */
export interface AgentPlugin extends SuiteAgent {
  /** Runs one trial of a scenario through the agent, over its own world, and judges it. */
  runScenario(scenario: ScenarioItem, trial: ScenarioTrial): Promise<ScenarioOutcome>;
  /** Its offline models by `--provider` name: free and deterministic, so never cached. */
  readonly offlineProviders: Readonly<Record<string, (options: OfflineProviderOptions) => Promise<Provider>>>;
  /** The offline model a `--dry-run` estimate counts output tokens with, calling nothing. */
  estimatingModel(): Promise<Provider>;
  /** The modules its offline model answers, which `orderflow list` names without loading the model. */
  readonly offlineModules: readonly string[];
  /** Its stages in run order: the report lists first failing stages in this order. */
  readonly stageOrder: readonly string[];
  /** Risk tags that mark an attempt to steer the agent: the attack-strategy table counts a case flagged with one as caught. */
  readonly injectionTags: ReadonlySet<string>;
}
