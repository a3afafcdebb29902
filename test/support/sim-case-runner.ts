/**
 * Runs module cases straight through the sim provider and the module checks,
 * without the runner: a fast way to see each case's verdict in unit tests.
 */
import { resolve } from 'node:path';
import { iterateSuite, loadCaseSuite } from '../../src/harness/cases/case-suite.js';
import type { CaseFilter } from '../../src/harness/cases/case-filter.js';
import { SimProvider } from '../../src/agent/models/sim/sim-provider.js';
import type { SimProfile } from '../../src/agent/models/sim/sim-module.js';
import { checkExpectations } from '../../src/harness/scoring/module-checks.js';
import { parseModelOutput } from '../../src/harness/model-output/parse-model-output.js';
import { loadWorkspace } from '../../src/harness/workspace.js';
import { withAgent } from './agent-scenarios.js';
import { agent } from '../../src/harness/agent-registration.js';

export interface SimVerdict {
  case_id: string;
  module: string;
  case_type: string;
  passed: boolean;
  failures: string[];
  output: unknown;
}

export async function runCasesOnSim(profile: SimProfile, filter: CaseFilter = {}, root = process.cwd()): Promise<SimVerdict[]> {
  const ws = await loadWorkspace({ config: resolve(root, 'orderflow.config.yaml'), prompts: resolve(root, 'prompts') });
  const suite = await loadCaseSuite(resolve(root, 'cases'), ws.active, filter, withAgent);
  const provider = new SimProvider(profile);
  const verdicts: SimVerdict[] = [];
  for await (const c of iterateSuite(suite, ws.active)) {
    if (c.kind !== 'module') continue;
    const prompt = ws.active.get(c.module)!;
    const response = await provider.complete({ module: c.module, prompt, input: c.input, trial: 0, caseId: c.case_id });
    const parsed = parseModelOutput(response.text, prompt.outputSchema?.zod);
    const checks = [parsed.check, ...(parsed.valid ? checkExpectations(c.module, parsed.value, c.expected_behavior, agent.moduleSignals) : [])];
    const failures = checks.filter((x) => !x.passed).map((x) => `${x.name}: ${x.reason}`);
    verdicts.push({
      case_id: c.case_id,
      module: c.module,
      case_type: c.case_type,
      passed: failures.length === 0,
      failures,
      output: parsed.value ?? response.text,
    });
  }
  return verdicts;
}
