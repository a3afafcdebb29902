/**
 * The LLM path: the eval-case-generator prompt, given the target module's
 * prompt, its schemas, existing case ids, the requested types and count, the
 * active detection phrases and a few suite cases as seeds. Its answer must
 * pass the generator's own Output Schema; the cases in it then go through the
 * same funnel as offline ones.
 */
import type { LoadedModuleCase } from '../cases/load-module-cases.js';
import type { Provider } from '../providers/provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { parseModelOutput } from '../model-output/parse-model-output.js';
import type { Workspace } from '../workspace.js';
import { anchorsOf } from './anchors.js';

const SEED_LIMIT = 8;

export interface GeneratorRequest {
  ws: Workspace;
  target: PromptFile;
  module: string;
  provider: Provider;
  types: string[];
  count: number;
  seeds: LoadedModuleCase[];
  existingIds: string[];
}

export async function askGenerator(r: GeneratorRequest): Promise<{ cases: Record<string, unknown>[] } | { failure: string }> {
  const generator = r.ws.active.get('prompt_evaluation');
  if (!generator) return { failure: 'no prompt_evaluation module (prompt_eval_case_generator_v1) in the registry' };
  // Seeds of the requested types first, then normal ones: the generator varies what it is shown.
  const seeds = [...r.seeds.filter((s) => r.types.includes(s.case_type)), ...r.seeds.filter((s) => !r.types.includes(s.case_type))].slice(0, SEED_LIMIT);
  const input = {
    target_module: r.module,
    target_prompt: r.target.systemPrompt,
    module_input_schema: r.target.inputSchema?.jsonSchema() ?? {},
    module_output_schema: r.target.outputSchema?.jsonSchema() ?? {},
    case_types: r.types,
    count: r.count,
    existing_case_ids: r.existingIds.filter((id) => !id.startsWith('pipe-')),
    // In the precheck prompt's own notation, "phrase (tag, tag)", so the generator knows which tags each implies.
    detection_phrases: anchorsOf(r.ws.active, r.target).map((p) => (p.tags.length ? `${p.phrase} (${p.tags.join(', ')})` : p.phrase)),
    seed_cases: seeds.map((s) => ({ case_id: s.case_id, case_type: s.case_type, input: s.input, expected_behavior: s.expected_behavior })),
  };
  let text: string;
  try {
    text = (await r.provider.complete({ module: 'prompt_evaluation', prompt: generator, input, trial: 0, caseId: `generate:${r.module}` })).text;
  } catch (error) {
    return { failure: `the generator call failed: ${(error as Error).message}` };
  }
  const parsed = parseModelOutput(text, generator.outputSchema?.zod);
  if (!parsed.valid) return { failure: parsed.check.reason ?? 'invalid output' };
  return { cases: (parsed.value as { test_cases: Record<string, unknown>[] }).test_cases };
}
