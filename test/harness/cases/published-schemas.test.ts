import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedSchema } from '../../../src/harness/cases/published-schemas.js';
import { agent } from '../../../src/harness/agent-registration.js';

describe('schemas/', () => {
  it.each([
    ['case-file.schema.json', 'cases'],
    ['scenario-file.schema.json', 'scenarios'],
    ['config.schema.json', 'config'],
  ] as const)('schemas/%s matches what the loaders enforce (regenerate with `orderflow schema %s > schemas/<that file>`)', async (file, name) => {
    const committed = JSON.parse(readFileSync(join(process.cwd(), 'schemas', file), 'utf8'));
    expect(committed).toEqual(await publishedSchema(name, agent.scenarioFormat));
  });
});
