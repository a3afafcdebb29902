/**
 * JSON Schemas that orderflow publishes for editors and scripts, derived from
 * the zod schemas the loaders enforce (so they cannot drift apart).
 * `orderflow schema <name>` prints one; schemas/ holds committed copies. The
 * scenario file's schema is the agent's (its scenario format).
 */
import { z, type ZodType } from 'zod';
import { ConfigSchema } from '../config/config-schema.js';
import { CaseFileSchema } from './case-schema.js';
import type { ScenarioFormat } from './scenario-item.js';

const SOURCES = {
  cases: { schema: async () => CaseFileSchema, title: 'orderflow module case file (cases/<module>/*.yaml)' },
  scenarios: { schema: (format: ScenarioFormat) => format.fileSchema(), title: 'orderflow pipeline scenario file (cases/pipeline/*.yaml)' },
  config: { schema: async () => ConfigSchema, title: 'orderflow.config.yaml' },
} as const satisfies Record<string, { schema: (format: ScenarioFormat) => Promise<ZodType>; title: string }>;

export type PublishedSchemaName = keyof typeof SOURCES;
export const PUBLISHED_SCHEMAS = Object.keys(SOURCES) as PublishedSchemaName[];

export async function publishedSchema(name: PublishedSchemaName, scenarios: ScenarioFormat): Promise<Record<string, unknown>> {
  const { schema, title } = SOURCES[name];
  return { title, ...(z.toJSONSchema(await schema(scenarios), { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>) };
}
