/**
 * The two faces of one Output Schema cannot drift: the zod validator that
 * judges model output and the JSON Schema sent to the endpoint (as sent: no
 * `$schema` keyword) must give the same verdict on every document. Documents
 * are generated from the JSON Schema itself with fast-check, valid ones and
 * near misses (one key dropped or added, one value of the wrong type, out of
 * its enum or out of its bounds), and judged by zod and by ajv.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/harness/workspace.js';

type Schema = Record<string, any>;

/** Arbitrary documents that satisfy a JSON Schema of the shapes the notation compiles to. */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...(schema.anyOf as Schema[]).map(valid));
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t: string) => valid({ ...schema, type: t })));
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string': {
      // A bounded string in ASCII: JSON Schema counts code points, zod UTF-16 units, and a bound sits on one character.
      if (schema.minLength === undefined && schema.maxLength === undefined) return fc.string({ unit: 'grapheme', maxLength: 8 });
      const min = schema.minLength ?? 0;
      return fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? min + 8, min + 8)) });
    }
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(schema.items && Object.keys(schema.items).length ? valid(schema.items) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object':
      if (!schema.properties) {
        const typed = schema.additionalProperties && typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length > 0;
        const values = typed ? valid(schema.additionalProperties) : fc.jsonValue({ maxDepth: 2 });
        return fc.dictionary(fc.string({ maxLength: 6 }), values, { maxKeys: 3 });
      }
      return fc.record(Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([k, s]) => [k, valid(s)])));
  }
  throw new Error(`the generator does not know ${JSON.stringify(schema)}`);
}

const WRONG_VALUES: unknown[] = [null, 'not_in_enum', '', 0, -0.5, 1.5, 2, 1e9, 0.5, true, [], {}, ['x'], { k: 1 }];

/** A valid document with one thing changed at one place. Some changes happen to stay valid: that is fine, both must agree. */
function nearMiss(schema: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema), fc.nat(), fc.constantFrom('drop', 'add', 'replace'), fc.constantFrom(...WRONG_VALUES)).map(([doc, pick, how, value]) => {
    const copy = structuredClone(doc);
    const spots: { parent: any; key: string | number }[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) {
        node.forEach((v, i) => {
          spots.push({ parent: node, key: i });
          walk(v);
        });
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          spots.push({ parent: node, key: k });
          walk(v);
        }
      }
    };
    walk(copy);
    if (spots.length === 0) return value;
    const spot = spots[pick % spots.length]!;
    if (how === 'drop' && !Array.isArray(spot.parent)) delete spot.parent[spot.key];
    else if (how === 'add' && !Array.isArray(spot.parent)) spot.parent.unexpected_key = value;
    else spot.parent[spot.key] = value;
    return copy;
  });
}

describe('the zod validator and the JSON Schema sent to the endpoint agree', async () => {
  const ws = await loadWorkspace();
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  const modules = [...ws.active.entries()].filter(([, p]) => p.outputSchema);

  it('covers every module with an Output Schema', () => {
    expect(modules.map(([m]) => m).sort()).toEqual([...ws.active.keys()].filter((m) => ws.active.get(m)!.outputSchema).sort());
    expect(modules.length).toBeGreaterThanOrEqual(11);
  });

  for (const [module, prompt] of modules) {
    it(`${module}: same verdict on generated valid documents and near misses`, () => {
      const { $schema: _dialect, ...sent } = prompt.outputSchema!.jsonSchema();
      const validate = ajv.compile(sent);
      const zod = prompt.outputSchema!.zod;
      const verdicts = { valid: 0, invalid: 0 };
      const agree = (doc: unknown) => {
        const json = JSON.parse(JSON.stringify(doc)) as unknown;
        const byAjv = validate(json) === true;
        const byZod = zod.safeParse(json).success;
        verdicts[byZod ? 'valid' : 'invalid'] += 1;
        return byAjv === byZod;
      };
      fc.assert(
        fc.property(valid(sent), (doc) => agree(doc) && zod.safeParse(JSON.parse(JSON.stringify(doc))).success),
        { numRuns: 150, seed: 9 },
      );
      fc.assert(fc.property(nearMiss(sent), agree), { numRuns: 400, seed: 9 });
      // The near misses must really probe the boundary: most of them are invalid.
      expect(verdicts.invalid).toBeGreaterThan(200);
    });
  }
});
