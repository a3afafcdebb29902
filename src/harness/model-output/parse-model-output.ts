/**
 * The schema check every model output goes through: one bare JSON object that
 * the module's compiled output schema accepts. json_only means exactly that:
 * prose around it, a Markdown fence, or trailing text fail the check (the raw
 * text is kept in the result for the report).
 */
import type { z } from 'zod';
import { formatZodIssues } from '../registry/schema-to-zod.js';
import { fail, pass, type CheckResult } from './check-result.js';

export interface ParsedOutput {
  check: CheckResult;
  /** The parsed JSON when it parsed, valid or not, so later checks can still explain. */
  value?: unknown;
  valid: boolean;
  /** Schema problems, when the output parsed as an object but the schema refused it. */
  issues?: { path: PropertyKey[]; code: string; message: string }[];
}

/**
 * What the contract asks for: one JSON object (the default), one JSON array
 * (a list output such as memory extraction), or exactly one of `words`
 * (a one-word output such as ALLOW | BLOCK).
 */
export type OutputShape = { kind: 'object' } | { kind: 'array' } | { kind: 'text_enum'; words: readonly string[] };

export function parseModelOutput(text: string, schema: z.ZodType | undefined, shape: OutputShape = { kind: 'object' }): ParsedOutput {
  const trimmed = text.trim();
  if (trimmed === '') return { check: fail('schema', 'empty output'), valid: false };
  if (shape.kind === 'text_enum') {
    // Exactly one word: "BLOCK." or "ALLOW, because…" is not the contract, and a caller must not guess.
    return shape.words.includes(trimmed)
      ? { check: pass('schema'), value: trimmed, valid: true }
      : {
          check: fail('schema', `expected exactly one of ${shape.words.join(', ')}, got ${JSON.stringify(trimmed.slice(0, 80))}`),
          value: trimmed,
          valid: false,
        };
  }
  if (/^```/.test(trimmed)) {
    return { check: fail('schema', 'output is wrapped in a Markdown code fence; json_only expects a bare JSON object'), valid: false };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { check: fail('schema', `output is not valid JSON: ${(error as Error).message}`), valid: false };
  }
  if (shape.kind === 'array' && !Array.isArray(value)) return { check: fail('schema', 'output is JSON but not an array'), value, valid: false };
  if (shape.kind === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    return { check: fail('schema', 'output is JSON but not an object'), value, valid: false };
  }
  if (!schema) return { check: pass('schema'), value, valid: true };
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: [...i.path], code: i.code, message: i.message }));
    return { check: fail('schema', formatZodIssues(result.error).slice(0, 5).join('; ')), value, valid: false, issues };
  }
  return { check: pass('schema'), value: result.data, valid: true };
}
