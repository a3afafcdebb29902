import { LineCounter, isMap, isScalar, parseDocument } from 'yaml';
import { z } from 'zod';
import type { Problem } from '../base/errors.js';
import { formatZodIssues } from './schema-to-zod.js';
import { nearMiss } from '../base/edit-distance.js';
import { ALIAS_HINT } from '../base/source-positions.js';

const OUTPUT_MODES = ['json_only', 'text_enum'] as const;

const RISK_LEVELS = ['low', 'low_to_medium', 'medium', 'medium_to_high', 'high'] as const;

const PromptMetadataSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*_v\d+$/, 'must look like <module_name>_v<major>, e.g. intent_v2'),
  version: z.string().regex(/^v\d+\.\d+\.\d+$/, 'must be semver with a leading v, e.g. v2.0.0'),
  module: z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case module id'),
  owner: z.string().min(1),
  purpose: z.string().min(1),
  risk_level: z.enum(RISK_LEVELS),
  /** json_only: one bare JSON value (object, or array where the Output Schema is one); text_enum: exactly one word of the Output Schema's enum. */
  output_mode: z.enum(OUTPUT_MODES),
  last_updated: z.union([z.string(), z.date()]).optional(),
  changelog: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).optional(),
});
export type PromptMetadata = z.infer<typeof PromptMetadataSchema>;

const REQUIRED_METADATA = ['name', 'version', 'module', 'owner', 'purpose', 'risk_level', 'output_mode'] as const;
const KNOWN_KEYS = new Set<string>([...REQUIRED_METADATA, 'last_updated', 'changelog']);

export interface ChangelogEntry {
  version: string;
  text: string;
}

export interface ParsedMetadata {
  metadata?: PromptMetadata;
  /** key → 1-based file line */
  lines: Record<string, number>;
  changelog: ChangelogEntry[];
}

type Report = (problem: Omit<Problem, 'file' | 'severity'> & { severity?: Problem['severity'] }) => void;

/** `modules`: the agent's modules (AgentContracts.modules); a near miss of one is a typo. */
export function parseMetadata(text: string, firstLine: number, report: Report, modules: readonly string[]): ParsedMetadata {
  const lineCounter = new LineCounter();
  // YAML aliases are never needed in metadata; refusing them removes alias bombs.
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  const result: ParsedMetadata = { lines: {}, changelog: [] };
  const firstError = doc.errors[0];
  if (firstError) {
    const line = lineCounter.linePos(firstError.pos[0]).line + firstLine - 1;
    report({ line, field: 'Prompt Metadata', message: `YAML does not parse: ${firstError.message.split('\n')[0]}` });
    return result;
  }
  if (!isMap(doc.contents)) {
    report({ line: firstLine, field: 'Prompt Metadata', message: 'metadata must be a YAML mapping', expected: 'name: ..., version: ..., module: ...' });
    return result;
  }
  for (const pair of doc.contents.items) {
    if (isScalar(pair.key)) {
      const key = String(pair.key.value);
      result.lines[key] = lineCounter.linePos(pair.key.range?.[0] ?? 0).line + firstLine - 1;
      if (!KNOWN_KEYS.has(key)) {
        report({ line: result.lines[key], field: key, message: 'unknown metadata key', severity: 'warning' });
      }
    }
  }
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 0 });
  } catch (error) {
    // The one thing toJS refuses here is an alias.
    report({ line: firstLine, field: 'Prompt Metadata', message: `${(error as Error).message}: ${ALIAS_HINT}` });
    return result;
  }
  for (const key of REQUIRED_METADATA) {
    if ((raw as Record<string, unknown>)[key] === undefined) {
      report({ line: firstLine, field: key, message: 'required metadata is missing', expected: `a "${key}:" line` });
    }
  }
  const parsed = PromptMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if ((raw as Record<string, unknown>)[key] === undefined) continue; // already reported as missing
      report({ line: result.lines[key] ?? firstLine, field: key, message: formatZodIssues(new z.ZodError([issue]))[0]!.replace(/^[^:]*: /, '') });
    }
    return result;
  }
  result.metadata = parsed.data;
  const module = parsed.data.module;
  if (!modules.includes(module)) {
    // A near miss of a known module is a typo (its cases would be blamed instead); anything else is a module of its own.
    const near = nearMiss(module, modules);
    if (near)
      report({
        line: result.lines.module ?? firstLine,
        field: 'module',
        message: `"${module}" is not one of the agent's modules; did you mean ${near}?`,
        expected: modules.join(', '),
      });
    else
      report({
        line: result.lines.module ?? firstLine,
        field: 'module',
        message: `"${module}" is not one of the agent's modules: its cases run on --provider openai (any OpenAI-compatible server); sim has no implementation of it and skips them, and the pipeline never calls it`,
        severity: 'warning',
      });
  }
  result.changelog = normaliseChangelog(parsed.data.changelog ?? []);
  return result;
}

function normaliseChangelog(entries: (string | Record<string, unknown>)[]): ChangelogEntry[] {
  return entries.flatMap((entry) => {
    if (typeof entry === 'string') {
      const m = /^(v\d+\.\d+\.\d+)\s*[:：-]?\s*(.*)$/.exec(entry.trim());
      return m ? [{ version: m[1]!, text: m[2]! }] : [{ version: '', text: entry }];
    }
    return Object.entries(entry).map(([version, text]) => ({ version, text: String(text) }));
  });
}
