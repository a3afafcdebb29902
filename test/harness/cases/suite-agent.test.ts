/**
 * The suite is checked with the names and output readers of the agent it is
 * loaded for (SuiteAgent), not with names the harness knows itself: another
 * agent's tools and hand-offs decide what a module case may expect.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import type { SuiteAgent } from '../../../src/harness/cases/suite-agent.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { agent } from '../../../src/harness/agent-registration.js';
import { copyOfRepo } from '../../support/temp-dir.js';

const CASES = `test_cases:
  - case_id: agent-named-tool
    case_type: normal
    input: { user_query: 订单 O1 什么时候发货 }
    expected_behavior:
      forbidden_tool_calls: [create_refund]
      expected_handoff: false
`;

async function problemsFor(suiteAgent: SuiteAgent): Promise<string[]> {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  writeFileSync(join(root, 'cases/intent_recognition/agent-named.yaml'), CASES);
  const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
  try {
    await loadCaseSuite(join(root, 'cases'), ws.active, { modules: ['intent_recognition'] }, { agent: suiteAgent });
    return [];
  } catch (error) {
    return String((error as Error).message)
      .split('\n')
      .filter((l) => l.includes('agent-named'));
  }
}

describe('a suite loaded for an agent', () => {
  it('accepts a case naming the tools and hand-offs of the agent it is loaded for', async () => {
    expect(await problemsFor(agent)).toEqual([]);
  });

  it('refuses a tool the agent does not have, and a hand-off its module cannot make', async () => {
    const other: SuiteAgent = {
      ...agent,
      contracts: { ...agent.contracts, tools: agent.contracts.tools.filter((t) => t !== 'create_refund') },
      moduleSignals: { ...agent.moduleSignals, handsOff: () => undefined },
    };
    const problems = await problemsFor(other);
    expect(problems.some((p) => p.includes('forbidden_tool_calls: create_refund') && p.includes('unknown tool "create_refund"'))).toBe(true);
    expect(problems.some((p) => p.includes('expected_handoff') && p.includes('no hand-off to a human'))).toBe(true);
  });
});
