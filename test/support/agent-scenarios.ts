/**
 * Loading a suite as the CLI does: for the agent the registration point plugs
 * in (src/harness/agent-registration.ts), whose format scenario files are.
 */
import { agent, type LoadedScenario } from '../../src/harness/agent-registration.js';
import { iterateSuite, type CaseSuite } from '../../src/harness/cases/case-suite.js';
import type { PromptFile } from '../../src/harness/registry/prompt-file.js';

/** loadCaseSuite's options: the agent the suite is loaded for (its scenario format, the names module cases are checked with). */
export const withAgent = { agent };

/** The suite's selected scenarios, as the agent's own type: its parser made them. */
export async function suiteScenarios(suite: CaseSuite, active: Map<string, PromptFile>): Promise<LoadedScenario[]> {
  const scenarios: LoadedScenario[] = [];
  for await (const item of iterateSuite(suite, active)) if (item.kind === 'pipeline') scenarios.push(item as LoadedScenario);
  return scenarios;
}
