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

export function parseModelOutput(text: string, schema: z.ZodType | undefined): ParsedOutput {
  const trimmed = text.trim();
  if (trimmed === '') return { check: fail('schema', 'empty output'), valid: false };
  if (/^```/.test(trimmed)) {
    return { check: fail('schema', 'output is wrapped in a Markdown code fence; json_only expects a bare JSON object'), valid: false };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { check: fail('schema', `output is not valid JSON: ${(error as Error).message}`), valid: false };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
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
