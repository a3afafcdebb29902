/**
 * JSON Schemas that orderflow publishes for editors and scripts, derived from
 * the zod schemas the loaders enforce (so they cannot drift apart).
 * `orderflow schema <name>` prints one; schemas/ holds committed copies.
 */
import { z } from 'zod';
import { ConfigSchema } from '../config/config-schema.js';
import { ScenarioFileSchema } from './scenario-schema.js';
import { CaseFileSchema } from './case-schema.js';

const SOURCES = {
  cases: { schema: CaseFileSchema, title: 'orderflow module case file (cases/<module>/*.yaml)' },
  scenarios: { schema: ScenarioFileSchema, title: 'orderflow pipeline scenario file (cases/pipeline/*.yaml)' },
  config: { schema: ConfigSchema, title: 'orderflow.config.yaml' },
} as const;

export type PublishedSchemaName = keyof typeof SOURCES;
export const PUBLISHED_SCHEMAS = Object.keys(SOURCES) as PublishedSchemaName[];

export function publishedSchema(name: PublishedSchemaName): Record<string, unknown> {
  const { schema, title } = SOURCES[name];
  return { title, ...(z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>) };
}
