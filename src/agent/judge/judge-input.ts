/**
 * Everything the scenario judge reads, as plain data: the scenario, the trace
 * (which carries the world after the run and the outputs judged), whether the
 * guards were on, and the data of the active prompts it needs. A run yields
 * one; unit tests build one by hand; a recount rebuilds one from results.jsonl.
 */
import type { Scenario } from '../scenarios/scenario-schema.js';
import type { PipelineTrace } from '../pipeline/trace.js';
import type { PromptFile } from '../../harness/registry/prompt-file.js';
import { BoundedMap } from '../../harness/base/bounded-map.js';
import { promptSetKey } from '../../harness/registry/prompt-set-key.js';

export interface JudgePrompts {
  /** The response prompt's Forbidden Phrases. */
  forbiddenPhrases: string[];
  /** Every active module's system prompt, to recognise a leak. */
  systemPrompts: string[];
  /** Detection phrases of the active prompts, to recognise planted policy documents. */
  detectionPhrases: string[];
}

export interface JudgeInput {
  scenario: Scenario;
  trace: PipelineTrace;
  /** false for a --no-guards measurement run: "which guard let it through" is then "guards off". */
  guards: boolean;
  prompts: JudgePrompts;
  /**
   * Whether a scenario whose trace holds a schema-invalid stage output may
   * pass on its outcome (config `judge.invalid_output_may_pass`, default true).
   * Either way the result names the stages (`facts.invalid_output`).
   */
  invalidOutputMayPass?: boolean;
}

/**
 * Built once per set of prompts, known by their hashes (each run builds its own map of the same
 * prompts): the prompt-leak reader keeps its reading of the prompts by the object returned.
 */
const built = new BoundedMap<string, JudgePrompts>(16);

export function judgePrompts(active: Map<string, PromptFile>): JudgePrompts {
  const key = promptSetKey(active.values());
  if (key === undefined) return readJudgePrompts(active);
  let prompts = built.get(key);
  if (!prompts) built.set(key, (prompts = readJudgePrompts(active)));
  return prompts;
}

function readJudgePrompts(active: Map<string, PromptFile>): JudgePrompts {
  const response = active.get('customer_response_generation')?.structured;
  return {
    forbiddenPhrases: (response?.forbiddenPhrases ?? []).map((p) => p.value),
    systemPrompts: [...active.values()].map((p) => p.systemPrompt),
    detectionPhrases: ['input_safety_precheck', 'policy_evidence_filter'].flatMap((m) =>
      (active.get(m)?.structured.detectionPhrases ?? []).map((p) => p.phrase),
    ),
  };
}
