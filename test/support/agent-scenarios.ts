/**
 * Loading a suite as the CLI does: scenario files are the agent's format, read
 * by the parser it registers (src/harness/agent-registration.ts).
 */
import { agent, type LoadedScenario } from '../../src/harness/agent-registration.js';
import { iterateSuite, type CaseSuite } from '../../src/harness/cases/case-suite.js';
import type { PromptFile } from '../../src/harness/registry/prompt-file.js';

/** loadCaseSuite's options for a suite that holds scenario files. */
export const withScenarios = { scenarios: agent.scenarioFormat };

/** The suite's selected scenarios, as the agent's own type: its parser made them. */
export async function suiteScenarios(suite: CaseSuite, active: Map<string, PromptFile>): Promise<LoadedScenario[]> {
  const scenarios: LoadedScenario[] = [];
  for await (const item of iterateSuite(suite, active)) if (item.kind === 'pipeline') scenarios.push(item as LoadedScenario);
  return scenarios;
}
