import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPrompts } from '../../../src/harness/registry/prompt-diff.js';
import { diffSchemas } from '../../../src/harness/registry/schema-diff.js';
import type { SchemaNode } from '../../../src/harness/registry/schema-tree.js';
import { findPrompt, loadRegistry } from '../../../src/harness/registry/registry.js';
import { lintRegistry } from '../../../src/harness/registry/lint.js';
import { intentV3 } from '../../support/intent-v3-fixture.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { agent } from '../../../src/harness/agent-registration.js';

async function registryWithV3() {
  const root = copyOfRepo(['prompts']);
  writeFileSync(join(root, 'prompts/intent_v3.md'), intentV3());
  return loadRegistry(join(root, 'prompts'), { contracts: agent.contracts });
}

describe('prompt diff', () => {
  it('marks breaking and compatible schema changes', async () => {
    const { registry, problems } = await registryWithV3();
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(lintRegistry(registry, agent.contracts).filter((p) => p.severity === 'error')).toEqual([]);
    const diff = diffPrompts(findPrompt(registry, 'intent_v2')!, findPrompt(registry, 'intent_v3')!, agent.contracts.riskLevels);
    const find = (path: string, message: RegExp) => diff.schema.find((c) => c.path === path && message.test(c.message));

    expect(find('output.intent', /enum value "order_status_query" removed/)?.severity).toBe('breaking');
    expect(find('output.slots.time_condition', /renamed to "time_window"/)?.severity).toBe('breaking');
    expect(find('output.clarification_question', /nullable field made required/)?.severity).toBe('breaking');
    expect(find('output.urgency', /field added/)?.severity).toBe('compatible');
    expect(find('output.slots.user_emotion', /enum value "desperate" added/)?.severity).toBe('compatible');
    expect(diff.breaking).toBe(true);
    expect(diff.metadata.map((m) => m.key)).toEqual(expect.arrayContaining(['name', 'version']));
    // The changelog as the entries the new version added, not one JSON line of the whole list.
    expect(diff.metadata.map((m) => m.key)).not.toContain('changelog');
    expect(diff.changelog.removed).toEqual([]);
    expect(diff.changelog.added.map((e) => e.version)).toContain('v3.0.0');
    expect(diff.structured.find((c) => /intent "order_status_query" removed/.test(c.message))?.severity).toBe('breaking');
    // Input schema untouched: nothing reported for it.
    expect(diff.schema.filter((c) => c.path.startsWith('input'))).toEqual([]);
  });

  it('reports no breaking change between a prompt and itself', async () => {
    const { registry } = await registryWithV3();
    const v2 = findPrompt(registry, 'intent_v2')!;
    const diff = diffPrompts(v2, v2, agent.contracts.riskLevels);
    expect(diff.breaking).toBe(false);
    expect([...diff.schema, ...diff.structured, ...diff.text, ...diff.metadata, ...diff.changelog.added, ...diff.changelog.removed]).toEqual([]);
  });

  it('flags a removed forbidden phrase and a lowered tool risk level as breaking', async () => {
    const { registry } = await loadRegistry(join(process.cwd(), 'prompts'), { contracts: agent.contracts });
    const response = findPrompt(registry, 'response_v2')!;
    const auth = findPrompt(registry, 'tool_authorization_v1')!;
    const weakerResponse = {
      ...response,
      structured: { ...response.structured, forbiddenPhrases: response.structured.forbiddenPhrases!.filter((p) => p.value !== '退款已成功') },
    };
    expect(diffPrompts(response, weakerResponse, agent.contracts.riskLevels).structured).toEqual([
      { severity: 'breaking', path: 'forbidden phrase', message: 'forbidden phrase "退款已成功" removed' },
    ]);

    const levels = auth.structured.toolRiskLevels!;
    const refund = levels.write_high!.find((t) => t.value === 'create_refund')!;
    const weakerAuth = {
      ...auth,
      structured: {
        ...auth.structured,
        toolRiskLevels: { ...levels, write_high: levels.write_high!.filter((t) => t !== refund), write_low: [...levels.write_low!, refund] },
      },
    };
    expect(diffPrompts(auth, weakerAuth, agent.contracts.riskLevels).structured).toEqual([
      { severity: 'breaking', path: 'tool risk level', message: 'tool "create_refund" risk level changed write_high → write_low' },
    ]);
  });
});

describe('bounds of a length or a list', () => {
  const str = (minLength?: number, maxLength?: number): SchemaNode => ({
    kind: 'string',
    nullable: false,
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    line: 1,
  });
  const list = (minItems?: number, maxItems?: number): SchemaNode => ({
    kind: 'array',
    items: str(),
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
    line: 1,
  });
  const field = (node: SchemaNode): SchemaNode => ({ kind: 'object', fields: [{ key: 'reply', node, line: 1 }], line: 1 });

  // Each tightening beside the nearest change that must stay compatible.
  it.each([
    ['string max length lowered', str(undefined, 200), str(undefined, 120), 'breaking', 'max length 200 → 120 (tightened)'],
    ['string max length raised', str(undefined, 120), str(undefined, 200), 'compatible', 'max length 120 → 200 (loosened)'],
    ['string max length added', str(), str(undefined, 200), 'breaking', 'max length none → 200 (tightened)'],
    ['string max length dropped', str(undefined, 200), str(), 'compatible', 'max length 200 → none (loosened)'],
    ['string min length raised', str(1), str(5), 'breaking', 'min length 1 → 5 (tightened)'],
    ['string min length lowered', str(5), str(1), 'compatible', 'min length 5 → 1 (loosened)'],
    ['list max items lowered', list(0, 5), list(0, 3), 'breaking', 'max items 5 → 3 (tightened)'],
    ['list max items raised', list(0, 3), list(0, 5), 'compatible', 'max items 3 → 5 (loosened)'],
    ['list max items added', list(), list(undefined, 3), 'breaking', 'max items none → 3 (tightened)'],
    ['list min items raised', list(0), list(1), 'breaking', 'min items 0 → 1 (tightened)'],
    ['list min items lowered', list(1), list(0), 'compatible', 'min items 1 → 0 (loosened)'],
  ] as const)('%s: %s', (_name, before, after, severity, message) => {
    expect(diffSchemas(field(before), field(after), 'output')).toEqual([{ severity, path: 'output.reply', message }]);
  });

  it('an unchanged bound is no change', () => {
    expect(diffSchemas(field(str(1, 200)), field(str(1, 200)), 'output')).toEqual([]);
    expect(diffSchemas(field(list(0, 3)), field(list(0, 3)), 'output')).toEqual([]);
  });
});
