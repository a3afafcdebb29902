/**
 * What loading a suite needs of the agent it evaluates: the format of its
 * scenario files, the names its module cases are checked against, and what its
 * modules' outputs propose. AgentPlugin is one; loadCaseSuite is given it.
 */
import type { ModuleSignals } from '../model-output/module-signals.js';
import type { AgentContracts } from '../registry/agent-contracts.js';
import type { ScenarioFormat } from './scenario-item.js';

export interface SuiteAgent {
  readonly scenarioFormat: ScenarioFormat;
  readonly contracts: AgentContracts;
  readonly moduleSignals: ModuleSignals;
}
