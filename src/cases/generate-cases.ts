/**
 * `orderflow generate`: new cases for one module through the case-generator
 * prompt and the chosen provider. Every generated case is validated like a
 * hand-written one (case schema, the module's input schema, expectations the
 * output schema can meet), de-duplicated against the suite, and written as a
 * YAML file for review. Nothing invalid is written.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { InputError, type Problem } from '../errors.js';
import { createProvider } from '../providers/create-provider.js';
import { displayPath } from '../registry/registry.js';
import { parseModelOutput } from '../scoring/parse-model-output.js';
import { loadWorkspace, type WorkspaceOptions } from '../workspace.js';
import { CASE_TYPES } from './case-schema.js';
import { iterateSuite, loadCaseSuite } from './case-suite.js';
import { parseModuleCaseFile } from './load-module-cases.js';

export interface GenerateOptions extends WorkspaceOptions {
  module: string;
  count?: number;
  types?: string[];
  provider?: string;
  model?: string;
  cases?: string;
  out?: string;
  env?: NodeJS.ProcessEnv;
}

export interface GenerateResult {
  file: string | null;
  written: string[];
  dropped: { case_id: string; reason: string }[];
  /** The generator's own output failed its schema: nothing usable came back. */
  generatorFailure?: string;
}

const SEED_LIMIT = 8;

export async function generateCases(options: GenerateOptions): Promise<GenerateResult> {
  const ws = await loadWorkspace(options);
  const target = ws.active.get(options.module);
  if (!target) throw new InputError({ file: '--module', message: `unknown module "${options.module}"`, expected: [...ws.active.keys()].filter((m) => m !== 'prompt_evaluation').join(', '), severity: 'error' });
  const generator = ws.active.get('prompt_evaluation');
  if (!generator) throw new InputError({ file: ws.registry.dir, message: 'no prompt_evaluation module (prompt_eval_case_generator_v1) in the registry', severity: 'error' });
  const types = options.types?.length ? options.types : ['adversarial', 'boundary', 'schema'];
  const badType = types.find((t) => !(CASE_TYPES as readonly string[]).includes(t));
  if (badType) throw new InputError({ file: '--type', message: `unknown case type "${badType}"`, expected: CASE_TYPES.join(', '), severity: 'error' });
  const count = options.count ?? 10;
  if (!Number.isInteger(count) || count < 1 || count > 200) throw new InputError({ file: '--count', message: `"${options.count}" is not an integer from 1 to 200`, severity: 'error' });

  const casesDir = resolve(options.cases ?? ws.config.paths.cases);
  const suite = await loadCaseSuite(casesDir, ws.active);
  const ids = new Set<string>();
  const fingerprints = new Set<string>();
  const seeds: Record<string, unknown>[] = [];
  for await (const item of iterateSuite(suite, ws.active)) {
    ids.add(item.kind === 'module' ? item.case_id : item.scenario_id);
    if (item.kind !== 'module' || item.module !== options.module) continue;
    fingerprints.add(fingerprint(item.input));
    if (seeds.length < SEED_LIMIT && item.case_type === 'normal') {
      seeds.push({ case_id: item.case_id, case_type: item.case_type, input: item.input, expected_behavior: item.expected_behavior });
    }
  }

  const provider = await createProvider({ provider: options.provider ?? ws.config.provider, model: options.model ?? null, config: ws.config, ...(options.env ? { env: options.env } : {}) });
  // In the prompt's own notation, "phrase (tag, tag)", so a generator knows which tags each phrase implies.
  const phrases = ws.active.get('input_safety_precheck')?.structured.detectionPhrases?.map((p) => (p.tags.length ? `${p.phrase} (${p.tags.join(', ')})` : p.phrase)) ?? [];
  const input = {
    target_module: options.module,
    target_prompt: target.metadata.name,
    module_input_schema: target.inputSchema?.jsonSchema() ?? {},
    module_output_schema: target.outputSchema?.jsonSchema() ?? {},
    case_types: types,
    count,
    existing_case_ids: [...ids].filter((id) => seeds.some((s) => String(s.case_id).split('-')[0] === id.split('-')[0])),
    detection_phrases: phrases,
    seed_cases: seeds,
  };
  let text: string;
  try {
    text = (await provider.complete({ module: 'prompt_evaluation', prompt: generator, input, trial: 0, caseId: `generate:${options.module}` })).text;
  } finally {
    await provider.close?.();
  }
  const parsed = parseModelOutput(text, generator.outputSchema?.zod);
  if (!parsed.valid) return { file: null, written: [], dropped: [], generatorFailure: parsed.check.reason ?? 'invalid output' };

  const written: Record<string, unknown>[] = [];
  const dropped: GenerateResult['dropped'] = [];
  for (const candidate of (parsed.value as { test_cases: Record<string, unknown>[] }).test_cases) {
    const id = String(candidate.case_id);
    if (ids.has(id)) {
      dropped.push({ case_id: id, reason: 'case_id already in the suite' });
      continue;
    }
    const problems: Problem[] = [];
    const [loaded] = parseModuleCaseFile(`generated:${id}`, stringify({ test_cases: [candidate] }), options.module, target, problems);
    if (!loaded || problems.length) {
      dropped.push({ case_id: id, reason: problems.map((p) => `${p.field ?? ''} ${p.message}`.trim()).join('; ') || 'invalid' });
      continue;
    }
    const print = fingerprint(loaded.input);
    if (fingerprints.has(print)) {
      dropped.push({ case_id: id, reason: 'same input as an existing case' });
      continue;
    }
    fingerprints.add(print);
    ids.add(id);
    written.push(candidate);
  }
  if (written.length === 0) return { file: null, written: [], dropped };

  const file = resolve(options.out ?? join(casesDir, options.module, `generated-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}.yaml`));
  if (existsSync(file)) throw new InputError({ file: displayPath(file), message: 'already exists', expected: 'a new file name (--out)', severity: 'error' });
  const header = [
    '# yaml-language-server: $schema=../../schemas/case-file.schema.json',
    `# Generated by \`orderflow generate --module ${options.module}\` with ${provider.id} and ${generator.metadata.name} (sha256 ${generator.sha256.slice(0, 12)}).`,
    '# Review every case before committing: generated expectations are proposals, not truth.',
  ].join('\n');
  await writeFile(file, `${header}\n${stringify({ test_cases: written }, { lineWidth: 0 })}`, 'utf8');
  return { file, written: written.map((c) => String(c.case_id)), dropped };
}

function fingerprint(input: unknown): string {
  return createHash('sha1').update(JSON.stringify(input)).digest('hex');
}
