import { InputError } from '../../base/errors.js';
import { agent } from '../../agent-registration.js';
import { PUBLISHED_SCHEMAS, publishedSchema, type PublishedSchemaName } from '../../cases/published-schemas.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export async function schemaCommand(name: string, output: Output): Promise<number> {
  if (!(PUBLISHED_SCHEMAS as string[]).includes(name)) {
    throw new InputError({ file: 'orderflow schema', message: `no schema "${name}"`, expected: PUBLISHED_SCHEMAS.join(', '), severity: 'error' });
  }
  output.out(JSON.stringify(await publishedSchema(name as PublishedSchemaName, agent.scenarioFormat), null, 2));
  return EXIT_OK;
}
