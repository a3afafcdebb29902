/**
 * A stage's recorded input is what it received when it ran: in a
 * conversation, a turn-n stage saw the history of the turns before n, never
 * a later turn's words; and each turn records the world its reply was sent in.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import type { LoadedScenario } from '../../../src/agent/scenarios/load-scenarios.js';
import { runPipeline } from '../../../src/agent/pipeline/orchestrator.js';
import { userTurns } from '../../../src/agent/scenarios/scenario-schema.js';
import { SimProvider } from '../../../src/agent/models/sim/sim-provider.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { withAgent, suiteScenarios } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace();
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: ['pipeline'] }, withAgent);
const conversations: LoadedScenario[] = [];
for (const item of await suiteScenarios(suite, ws.active)) if (item.kind === 'pipeline' && item.turns && item.turns.length > 1) conversations.push(item);

describe('trace fidelity', () => {
  it('the suite has conversations that reach a second turn', () => expect(conversations.length).toBeGreaterThan(0));

  it.each(conversations.map((s) => [s.scenario_id, s] as const))('%s: each stage saw the history of the earlier turns only', async (_id, s) => {
    const { trace } = await runPipeline(s, { active: ws.active, provider: new SimProvider('reference'), trial: 0, guards: true });
    const later = (turn: number) =>
      userTurns(s)
        .slice(turn)
        .map((t) => t.user)
        .filter((u) => u.length >= 2);
    for (const st of trace.stages.filter((x) => Array.isArray(x.input.conversation_history))) {
      const history = st.input.conversation_history as { content: string }[];
      expect(history.length, `${st.stage} in turn ${st.turn}`).toBe(s.history.length + 2 * (st.turn! - 1));
      for (const words of later(st.turn!))
        expect(
          history.map((h) => h.content),
          `${st.stage} in turn ${st.turn}`,
        ).not.toContain(words);
    }
  });

  it('each turn records the world as it stood when its reply was sent', async () => {
    for (const s of conversations) {
      const { trace } = await runPipeline(s, { active: ws.active, provider: new SimProvider('reference'), trial: 0, guards: true });
      expect(
        trace.turns.every((t) => t.world_after !== undefined),
        s.scenario_id,
      ).toBe(true);
      expect(trace.turns.at(-1)!.world_after, s.scenario_id).toEqual(trace.world_after);
    }
  });
});
