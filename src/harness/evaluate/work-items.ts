/**
 * The plan's cases as the runner's work items: a module case runs its module's
 * prompt, a scenario the agent; with arms every case runs on each arm in turn,
 * so that drift and rate limits hit the arms alike.
 */
import { iterateSuite } from '../cases/case-suite.js';
import type { EvalPlan, WorkItem } from '../runner/run-eval.js';
import { runModuleCase } from '../runner/run-module-case.js';
import { runScenario } from '../runner/run-scenario.js';
import type { RunPlan } from './plan-run.js';

export function workItems(plan: RunPlan): EvalPlan {
  const { suite, ws, guards, providers } = plan;
  const withArms = providers.runtimes.length > 1;
  const armsOfItem = withArms ? providers.runtimes : [{ arm: null, active: ws.active, provider: providers.provider }];
  const judge = { invalidOutputMayPass: ws.config.judge.invalid_output_may_pass };
  return {
    total: suite.total * armsOfItem.length,
    async *items(): AsyncGenerator<WorkItem> {
      for await (const item of iterateSuite(suite, ws.active)) {
        for (const { arm, active, provider } of armsOfItem) {
          const tag = arm ? { arm: arm.name } : {};
          if (item.kind === 'pipeline') {
            const case_hash = suite.hashes.get(item.scenario_id);
            yield {
              case_id: item.scenario_id,
              module: 'pipeline',
              case_type: item.case_type,
              ...tag,
              run: async (trial) => ({ ...(await runScenario(item, trial, active, provider, guards, judge)), case_hash, ...tag }),
            };
            continue;
          }
          const prompt = active.get(item.module)!;
          const case_hash = suite.hashes.get(item.case_id);
          yield {
            case_id: item.case_id,
            module: item.module,
            case_type: item.case_type,
            ...tag,
            run: async (trial) => ({ ...(await runModuleCase(item, trial, prompt, provider, arm !== null)), case_hash, ...tag }),
          };
        }
      }
    },
  };
}
