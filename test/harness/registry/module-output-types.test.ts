/**
 * The module output types generated from the prompts' Output Schemas: the
 * committed file is what the active prompts generate (CI checks drift through
 * npm test), each notation renders to the type its zod validator accepts, and
 * the types are narrow enough that a wrong enum value does not compile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { GENERATED_FILE, renderModuleOutputTypes, typeNameOf, typeOf } from '../../../src/harness/registry/module-output-types.js';
import type { ModuleOutput } from '../../../src/harness/registry/module-outputs.generated.js';
import { loadRegistry, resolveActive } from '../../../src/harness/registry/registry.js';
import { parseSchemaNotation } from '../../../src/harness/registry/schema-notation.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { agent } from '../../../src/harness/agent-registration.js';

async function activeOf(promptsDir: string) {
  const { registry } = await loadRegistry(promptsDir, { contracts: agent.contracts, validators: false });
  return resolveActive(registry, {});
}

describe('generated module output types', () => {
  it(`${GENERATED_FILE} is what the active prompts generate (run \`npm run gen:types\` after changing an Output Schema)`, async () => {
    const { active } = await loadWorkspace({}, { validators: false });
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(renderModuleOutputTypes(active));
  });

  it('has one type per module with an Output Schema, under its module name', async () => {
    const { active } = await loadWorkspace({}, { validators: false });
    const text = renderModuleOutputTypes(active);
    for (const [module, prompt] of active) {
      if (!prompt.outputSchema) continue;
      expect(text).toContain(`  ${module}: ${typeNameOf(module)};`);
      expect(text).toContain(`/** ${module}: ${prompt.metadata.name} */`);
    }
  });

  it('drifts when a prompt gains an enum value, and when a newer prompt version becomes active', async () => {
    const committed = readFileSync(GENERATED_FILE, 'utf8');
    const dir = copyOfRepo();
    const prompts = join(dir, 'prompts');
    expect(renderModuleOutputTypes(await activeOf(prompts))).toBe(committed);

    const intent = join(prompts, 'intent_v2.md');
    writeFileSync(
      intent,
      readFileSync(intent, 'utf8').replace('"task_complexity": "simple | medium | complex"', '"task_complexity": "simple | medium | complex | epic"'),
    );
    const edited = renderModuleOutputTypes(await activeOf(prompts));
    expect(edited).not.toBe(committed);
    expect(edited).toContain("task_complexity: 'simple' | 'medium' | 'complex' | 'epic';");

    const v3 = readFileSync(intent, 'utf8')
      .replaceAll('intent_v2', 'intent_v3')
      .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0');
    writeFileSync(join(prompts, 'intent_v3.md'), v3);
    expect(renderModuleOutputTypes(await activeOf(prompts))).toContain('/** intent_recognition: intent_v3 */');
  });
});

describe('notation → TypeScript type', () => {
  // Each row beside the nearest notation that must render differently.
  it.each([
    ['"string"', 'string'],
    ['"string | null"', 'string | null'],
    ['"string(..200)"', 'string'],
    ['"a | b"', "'a' | 'b'"],
    ['"a | b | null"', "'a' | 'b' | null"],
    ['0.0', 'number'],
    ['3', 'number'],
    ['true', 'boolean'],
    ['{}', 'Record<string, unknown>'],
    ['{ "*": "keep | stale" }', "Record<string, 'keep' | 'stale'>"],
    ['[]', 'unknown[]'],
    ['["string"]', 'string[]'],
    ['["string | null"]', 'Array<string | null>'],
    ['["x", "y"]', "Array<'x' | 'y'>"],
    ['["string(1..200)", "0..3"]', 'string[]'],
    ['{ "a": "string", "b-c": 0.0 }', "{\n  a: string;\n  'b-c': number;\n}"],
    ['[ { "a": true }, "0..5" ]', '{\n  a: boolean;\n}[]'],
    ['{ "o": { "p": "x | y" } }', "{\n  o: {\n    p: 'x' | 'y';\n  };\n}"],
  ])('%s → %s', (notation, type) => {
    // A field of an object, so that scalars (never a whole schema block) render too.
    const host = parseSchemaNotation(`{ "x": ${notation} }`);
    expect(host.kind === 'object' && typeOf(host.fields[0]!.node, '')).toBe(type);
  });

  it.each([
    ['intent_recognition', 'IntentRecognitionOutput'],
    ['customer_response_generation', 'CustomerResponseGenerationOutput'],
    ['prompt_evaluation', 'PromptEvaluationOutput'],
  ])('%s is named %s', (module, name) => {
    expect(typeNameOf(module)).toBe(name);
  });
});

// Checked by `npm run typecheck`: a type that turned into `string` or `unknown` would make an @ts-expect-error line unused, which fails.
describe('the generated types are narrow', () => {
  it('accept the outputs the prompts show, refuse a value outside an enum', () => {
    const recovery: ModuleOutput<'failure_recovery'>['recovery_action'] = 'human_handoff';
    // @ts-expect-error not one of failure_recovery's recovery actions
    const wrongRecovery: ModuleOutput<'failure_recovery'>['recovery_action'] = 'retry_write_tool';
    const slots: ModuleOutput<'intent_recognition'>['slots']['requested_action'] = null;
    // @ts-expect-error user_emotion is not nullable
    const emotion: ModuleOutput<'intent_recognition'>['slots']['user_emotion'] = null;
    const verdicts: ModuleOutput<'memory_conflict'> = { m1: 'stale', m2: 'no_conflict' };
    // @ts-expect-error memory_conflict's verdicts are four words
    const badVerdict: ModuleOutput<'memory_conflict'> = { m1: 'replace' };
    const moderation: ModuleOutput<'content_moderation'> = 'BLOCK';
    // @ts-expect-error the one-word output is upper case
    const lowerModeration: ModuleOutput<'content_moderation'> = 'block';
    expect([recovery, wrongRecovery, slots, emotion, verdicts, badVerdict, moderation, lowerModeration]).toHaveLength(8);
  });
});
