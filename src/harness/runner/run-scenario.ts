/** One pipeline scenario, one trial: the agent runs and judges it (agent-registration.ts); this records the result. */
import { agent } from '../agent-registration.js';
import type { ScenarioItem } from '../cases/scenario-item.js';
import type { Provider } from '../providers/provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { sumCosts, type CaseResult } from './case-result.js';
import { twinCluster } from './cluster-key.js';

/** Only when some stage read cached input: results of servers that report none keep their shape. */
const cachedInput = (tokens: number) => (tokens > 0 ? { cached_input_tokens: tokens } : {});

export async function runScenario(
  s: ScenarioItem,
  trial: number,
  active: Map<string, PromptFile>,
  provider: Provider,
  guards: boolean,
  judging: { invalidOutputMayPass?: boolean } = {},
): Promise<CaseResult> {
  const verdict = await agent.runScenario(s, { trial, active, provider, guards, ...judging });
  const { trace, failed } = verdict;
  const stages = trace.stages;
  // A model call that failed outright (after retries) leaves the verdict to chance: the scenario is an error.
  const transport = stages.find((st) => st.raw_output === undefined && st.error);
  const status = transport ? 'error' : failed.length === 0 ? 'passed' : 'failed';
  return {
    type: 'case_result',
    case_id: s.scenario_id,
    kind: 'pipeline',
    module: 'pipeline',
    case_type: s.case_type,
    trial,
    status,
    failed_checks: failed,
    checks_total: verdict.checksTotal,
    ...(transport ? { error: `${transport.stage}: ${transport.error}` } : {}),
    ...(status !== 'passed' && trace.reply !== null ? { raw_output: trace.reply } : {}),
    latency_ms: Math.round(stages.reduce((sum, st) => sum + st.latency_ms, 0) * 100) / 100,
    call_latencies_ms: stages.filter((st) => st.raw_output !== undefined).map((st) => st.latency_ms),
    usage: {
      input_tokens: stages.reduce((sum, st) => sum + st.usage.input_tokens, 0),
      output_tokens: stages.reduce((sum, st) => sum + st.usage.output_tokens, 0),
      ...cachedInput(stages.reduce((sum, st) => sum + (st.usage.cached_input_tokens ?? 0), 0)),
    },
    cost_usd: sumCosts(stages.map((st) => st.cost_usd)),
    cached_calls: stages.filter((st) => st.cached).length,
    facts: verdict.facts,
    ...(verdict.firstFailingStage ? { first_failing_stage: verdict.firstFailingStage, attribution: verdict.attribution } : {}),
    gate_blocks: trace.tools.flatMap((t) => (t.block ? [t.block.gate] : [])),
    trace,
    file: s.file,
    line: s.line,
    ...(s.description ? { description: s.description } : {}),
    ...(s.generated_by ? { generated_by: s.generated_by } : {}),
    ...twinCluster(s),
  };
}
