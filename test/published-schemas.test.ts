import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedSchema } from '../src/cases/published-schemas.js';

describe('schemas/', () => {
  it.each([
    ['cases', 'case-file.schema.json'],
    ['scenarios', 'scenario-file.schema.json'],
    ['config', 'config.schema.json'],
  ] as const)('%s matches what the loaders enforce (regenerate with `orderflow schema %s`)', (name, file) => {
    const committed = JSON.parse(readFileSync(join(process.cwd(), 'schemas', file), 'utf8'));
    expect(committed).toEqual(publishedSchema(name));
  });
});
