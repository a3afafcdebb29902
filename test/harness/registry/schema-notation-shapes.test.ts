/** The notation's list and one-word outputs and its length bounds, end to end: notation → zod → parsed model output. */
import { describe, expect, it } from 'vitest';
import { parseSchemaNotation } from '../../../src/harness/registry/schema-notation.js';
import { schemaToZod } from '../../../src/harness/registry/schema-to-zod.js';
import { parseModelOutput } from '../../../src/harness/model-output/parse-model-output.js';
import { NotationError } from '../../../src/harness/base/errors.js';

const zodOf = (text: string) => schemaToZod(parseSchemaNotation(text));

describe('schema notation shapes and bounds', () => {
  it('a root array of objects with an item bound', () => {
    const tree = parseSchemaNotation('[ { "slot": "string(1..40)", "confidence": 0.0 }, "0..5" ]');
    expect(tree).toMatchObject({ kind: 'array', maxItems: 5, items: { kind: 'object' } });
    const zod = schemaToZod(tree);
    const item = { slot: 'city', confidence: 0.8 };
    expect(parseModelOutput(JSON.stringify([item]), zod, { kind: 'array' }).valid).toBe(true);
    expect(parseModelOutput('[]', zod, { kind: 'array' }).valid).toBe(true);
    expect(parseModelOutput(JSON.stringify(Array(6).fill(item)), zod, { kind: 'array' }).check.reason).toMatch(/<=5 items/);
    expect(parseModelOutput(JSON.stringify([{ slot: '', confidence: 0.5 }]), zod, { kind: 'array' }).valid).toBe(false);
    expect(parseModelOutput(JSON.stringify(item), zod, { kind: 'array' }).check.reason).toBe('output is JSON but not an array');
  });

  it('string and list bounds inside an object', () => {
    const zod = zodOf('{ "sufficient": true, "queries": ["string(..200)", "..3"] }');
    expect(zod.safeParse({ sufficient: false, queries: ['a', 'b', 'c'] }).success).toBe(true);
    expect(zod.safeParse({ sufficient: false, queries: ['a', 'b', 'c', 'd'] }).success).toBe(false);
    expect(zod.safeParse({ sufficient: false, queries: ['x'.repeat(201)] }).success).toBe(false);
    expect(zod.safeParse({ sufficient: false, queries: ['x'.repeat(200)] }).success).toBe(true);
  });

  it('a one-word output: exactly one of the enum words, nothing around it', () => {
    const tree = parseSchemaNotation('"ALLOW | BLOCK"');
    expect(tree).toMatchObject({ kind: 'enum', values: ['ALLOW', 'BLOCK'] });
    const shape = { kind: 'text_enum' as const, words: ['ALLOW', 'BLOCK'] };
    expect(parseModelOutput(' BLOCK\n', schemaToZod(tree), shape)).toMatchObject({ valid: true, value: 'BLOCK' });
    for (const bad of ['block', 'BLOCK.', 'ALLOW BLOCK', '"ALLOW"', 'I think ALLOW']) {
      expect(parseModelOutput(bad, schemaToZod(tree), shape).valid, bad).toBe(false);
    }
  });

  it('refuses a bound that is no range, with its line', () => {
    for (const text of ['{ "q": "string(abc)" }', '{ "q": "string(5..2)" }', '{\n  "q": ["string", "3..1"]\n}']) {
      expect(() => parseSchemaNotation(text, 10), text).toThrow(NotationError);
    }
    try {
      parseSchemaNotation('{\n  "q": "string(..x)"\n}', 10);
    } catch (error) {
      expect((error as NotationError).line).toBe(11);
      expect((error as NotationError).path).toBe('q');
    }
  });
});
