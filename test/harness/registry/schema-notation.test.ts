import { describe, expect, it } from 'vitest';
import { parseSchemaNotation } from '../../../src/harness/registry/schema-notation.js';
import { schemaAt } from '../../../src/harness/registry/schema-tree.js';
import { schemaToJsonSchema, schemaToZod } from '../../../src/harness/registry/schema-to-zod.js';
import { NotationError } from '../../../src/harness/base/errors.js';

const compile = (text: string) => schemaToZod(parseSchemaNotation(text));

describe('schema notation', () => {
  it('compiles every row of the notation table', () => {
    const schema = compile(`{
      "s": "string",
      "ns": "string | null",
      "e": "a | b | c",
      "ne": "a | b | null",
      "strings": ["string"],
      "tags": ["x", "y", "z"],
      "objects": [ { "id": "string" } ],
      "n": 0.0,
      "i": 0,
      "confidence": 0.0,
      "flag": true,
      "other": false,
      "free": {},
      "anything": []
    }`);
    const valid = {
      s: 'x',
      ns: null,
      e: 'b',
      ne: null,
      strings: ['p'],
      tags: ['x', 'z'],
      objects: [{ id: '1' }],
      n: 3.5,
      i: 2,
      confidence: 0.9,
      flag: false,
      other: true,
      free: { any: [1] },
      anything: [1, 'a', null],
    };
    expect(schema.safeParse(valid).success).toBe(true);
    const bad = (patch: Record<string, unknown>) => schema.safeParse({ ...valid, ...patch }).success;
    expect(bad({ s: null })).toBe(false);
    expect(bad({ e: 'd' })).toBe(false);
    expect(bad({ e: null })).toBe(false);
    expect(bad({ ne: 'c' })).toBe(false);
    expect(bad({ tags: ['x', 'w'] })).toBe(false);
    expect(bad({ objects: [{ id: '1', extra: 1 }] })).toBe(false);
    expect(bad({ objects: [{}] })).toBe(false);
    expect(bad({ confidence: 1.2 })).toBe(false);
    expect(bad({ confidence: -0.1 })).toBe(false);
    expect(bad({ i: 1.5 })).toBe(false);
    expect(bad({ flag: 'true' })).toBe(false);
    expect(bad({ free: [] })).toBe(false);
    expect(bad({ unknown_key: 1 })).toBe(false);
    const { s: _drop, ...missing } = valid;
    expect(schema.safeParse(missing).success).toBe(false);
  });

  it('handles nested arrays of objects and nullable enums inside them', () => {
    const tree = parseSchemaNotation(`{
      "planned": [ { "tool": "a | b", "args": {}, "steps": [ { "kind": "x | y | null" } ] } ]
    }`);
    const schema = schemaToZod(tree);
    expect(schema.safeParse({ planned: [{ tool: 'a', args: {}, steps: [{ kind: null }, { kind: 'y' }] }] }).success).toBe(true);
    expect(schema.safeParse({ planned: [{ tool: 'a', args: {}, steps: [{ kind: 'z' }] }] }).success).toBe(false);
    expect(schemaAt(tree, 'planned.steps.kind')).toMatchObject({ kind: 'enum', values: ['x', 'y'], nullable: true });
  });

  it('yields JSON Schema with enums, required keys and no additional properties', () => {
    const json = schemaToJsonSchema(parseSchemaNotation('{ "intent": "a | b", "slots": { "id": "string | null" } }')) as {
      properties: { intent: { enum: string[] }; slots: { additionalProperties: boolean; required: string[] } };
      required: string[];
      additionalProperties: boolean;
    };
    expect(json.properties.intent.enum).toEqual(['a', 'b']);
    expect(json.required).toEqual(['intent', 'slots']);
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.slots.required).toEqual(['id']);
  });

  it.each([
    ['{ "a": "string | number" }', 1, 'a'],
    ['{\n  "a": "x",\n  "b": [1, 2]\n}', 3, 'b'],
    ['{\n  "a": null\n}', 2, 'a'],
    ['{\n  "a": "x | | y"\n}', 2, 'a'],
    ['{\n  "a": "x | x"\n}', 2, 'a'],
    // A root array or enum string is a contract of its own (a list, a one-word output); a bare number is not.
    ['7', 1, ''],
  ])('rejects bad notation %j with a line and field', (text, line, path) => {
    try {
      parseSchemaNotation(text, 1);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(NotationError);
      expect((error as NotationError).line).toBe(line);
      expect((error as NotationError).path).toBe(path);
    }
  });

  it('reports the line of invalid JSON offset into the file', () => {
    try {
      parseSchemaNotation('{\n  "a": "string",\n  "b": \n}', 40);
      expect.unreachable();
    } catch (error) {
      expect((error as NotationError).message).toMatch(/not valid JSON/);
      expect((error as NotationError).line).toBeGreaterThanOrEqual(41);
    }
  });
});
