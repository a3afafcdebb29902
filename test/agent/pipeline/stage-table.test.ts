/**
 * The orchestrator runs a table of stages (PIPELINE_STAGES): a new stage is
 * one file (fixtures/order-count-stage.ts) and one row of the table, and
 * what a stage's outcome says is what the turn does next.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import type { LoadedScenario } from '../../../src/agent/scenarios/load-scenarios.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { PIPELINE_STAGES, runPipeline, type StageTable } from '../../../src/agent/pipeline/orchestrator.js';
import { endTask, endTurn, type Stage } from '../../../src/agent/pipeline/stages/stage.js';
import type { PipelineTrace } from '../../../src/agent/pipeline/trace.js';
import { isWriteTool } from '../../../src/agent/vocabulary/tool-catalog.js';
import { SimProvider } from '../../../src/agent/models/sim/sim-provider.js';
import { orderCountStage } from './fixtures/order-count-stage.js';
import { withAgent, suiteScenarios } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace({ config: join(process.cwd(), 'orderflow.config.yaml') });
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, { modules: ['pipeline'], ids: ['pipe-cancel-unshipped-001'] }, withAgent);
const scenarios: LoadedScenario[] = [];
for (const item of await suiteScenarios(suite, ws.active)) if (item.kind === 'pipeline') scenarios.push(item);
const cancel = scenarios[0]!;

async function run(stages?: StageTable): Promise<PipelineTrace> {
  return (await runPipeline(cancel, { active: ws.active, provider: new SimProvider('reference'), trial: 0, guards: true }, stages)).trace;
}

const writes = (t: PipelineTrace) => t.tools.filter((c) => c.status === 'executed' && isWriteTool(c.tool)).map((c) => c.tool);

describe('the stage table', () => {
  it('runs a stage added as one row, where the row puts it, and the rest as before', async () => {
    const plain = await run();
    expect(writes(plain)).toEqual(['cancel_order']);
    const added = await run({ ...PIPELINE_STAGES, turn: [...PIPELINE_STAGES.turn, orderCountStage] });
    const orders = cancel.world.orders.length;
    expect(added.notes).toEqual([`order count: ${orders} order(s) in the world`, ...plain.notes]);
    expect(writes(added)).toEqual(writes(plain));
    expect(added.reply).toBe(plain.reply);
  });

  it('ends the turn where a stage says so: no later stage runs, and the reply is the ending the stage chose', async () => {
    const stopHere: Stage = { name: 'stop here', run: async () => endTurn('general_info') };
    const trace = await run({ ...PIPELINE_STAGES, turn: [PIPELINE_STAGES.turn[0]!, stopHere, ...PIPELINE_STAGES.turn.slice(1)] });
    expect(trace.tools).toEqual([]);
    expect(trace.response_scenario).toBe('general_info');
  });

  it('ends a task where a stage says so, with the outcome it gives', async () => {
    const noAction: Stage = { name: 'no action', run: async () => endTask('none') };
    const trace = await run({ ...PIPELINE_STAGES, task: [noAction, ...PIPELINE_STAGES.task] });
    expect(writes(trace)).toEqual([]);
    expect(trace.response_scenario).toBe('decision_only');
  });
});
