/**
 * Loads and validates module case files. Validation is all-or-nothing: every
 * problem in every file is collected and reported before anything runs.
 */
import type { Problem } from '../base/errors.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { schemaAt, type SchemaNode } from '../registry/schema-tree.js';
import type { SuiteAgent } from './suite-agent.js';
import { readableIssues, unknownKeyMessage } from '../base/schema-issues.js';
import { issuePath, parseDataFile, type PositionedValue } from '../base/source-positions.js';
import { CaseFileSchema, type ModuleCase } from './case-schema.js';
import { withInputDefaults } from './input-defaults.js';

export interface LoadedModuleCase extends ModuleCase {
  kind: 'module';
  module: string;
  file: string;
  line: number;
}

/**
 * Parses one case file's text; `file` is the path shown in errors. With
 * `checkAgainstPrompt` false the cases are only shaped, not checked against the
 * prompt again: for the second read of a suite that was validated a moment ago.
 */
export function parseModuleCaseFile(
  file: string,
  text: string,
  module: string,
  prompt: PromptFile,
  problems: Problem[],
  agent: Pick<SuiteAgent, 'contracts' | 'moduleSignals'>,
  checkAgainstPrompt = true,
): LoadedModuleCase[] {
  const parsed = parseDataFile(text, 'test_cases');
  const add = (line: number, field: string | undefined, message: string, expected?: string) =>
    problems.push({ file, line, ...(field ? { field } : {}), message, severity: 'error', ...(expected ? { expected } : {}) });
  if (parsed.error) {
    add(parsed.error.line, undefined, `YAML does not parse: ${parsed.error.message}`);
    return [];
  }
  const result = CaseFileSchema.safeParse(parsed.value);
  if (!result.success) {
    for (const issue of readableIssues(result.error.issues)) {
      add(
        parsed.lineOf(issue.path),
        issue.path.map(String).join('.') || undefined,
        issue.unknownKey ? unknownKeyMessage('field', issue.didYouMean) : issue.message,
      );
    }
    return [];
  }
  return result.data.test_cases.map((c, index) => {
    const at = (...path: PropertyKey[]) => parsed.lineOf(['test_cases', index, ...path]);
    const loaded: LoadedModuleCase = { ...c, kind: 'module', module, file, line: at() };
    if (prompt.inputSchema) loaded.input = withInputDefaults(prompt.inputSchema.tree, c.input) as Record<string, unknown>;
    if (checkAgainstPrompt) validateAgainstPrompt(loaded, prompt, parsed, index, problems, agent);
    return loaded;
  });
}

function validateAgainstPrompt(
  c: LoadedModuleCase,
  prompt: PromptFile,
  parsed: PositionedValue,
  index: number,
  problems: Problem[],
  agent: Pick<SuiteAgent, 'contracts' | 'moduleSignals'>,
): void {
  const tools = agent.contracts.tools;
  const at = (...path: PropertyKey[]) => parsed.lineOf(['test_cases', index, ...path]);
  const add = (line: number, field: string, message: string, expected?: string) =>
    problems.push({ file: c.file, line, field: `${c.case_id}: ${field}`, message, severity: 'error', ...(expected ? { expected } : {}) });

  if (prompt.inputSchema) {
    const result = prompt.inputSchema.zod.safeParse(c.input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issuePath(issue);
        const message = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
        add(at('input', ...path), `input.${path.map(String).join('.')}`, `${message} (Input Schema of ${prompt.fileName})`);
      }
    }
  }
  const out = prompt.outputSchema?.tree;
  if (!out) return;
  const exp = c.expected_behavior;
  for (const path of exp.must_include_fields) {
    if (!schemaAt(out, path))
      add(at('expected_behavior', 'must_include_fields'), `must_include_fields: ${path}`, `no field "${path}" in the output schema of ${prompt.fileName}`);
  }
  for (const [path, want] of Object.entries(exp.expected_enum_values)) {
    const node = schemaAt(out, path);
    // Asked only for a problem: a position beyond a case's own line costs a full positioned parse of the file.
    const line = () => at('expected_behavior', 'expected_enum_values', path);
    if (!node) {
      add(line(), `expected_enum_values.${path}`, `no field "${path}" in the output schema of ${prompt.fileName}`);
      continue;
    }
    for (const value of Array.isArray(want) ? want : [want]) {
      const problem = valueProblem(node, value);
      if (problem) add(line(), `expected_enum_values.${path}`, `${JSON.stringify(value)} ${problem.message}`, problem.expected);
    }
  }
  const tags = schemaAt(out, 'risk_tags');
  for (const key of ['risk_tags_expected', 'risk_tags_forbidden'] as const) {
    if (exp[key].length > 0 && !tags) add(at('expected_behavior', key), key, `${prompt.fileName}'s output has no risk_tags`, `no ${key} on this module`);
    for (const tag of exp[key]) {
      if (tags?.kind === 'array' && tags.items?.kind === 'enum' && !tags.items.values.includes(tag)) {
        add(at('expected_behavior', key), `${key}: ${tag}`, `"${tag}" is not a risk tag of ${prompt.fileName}`, tags.items.values.join(', '));
      }
    }
  }
  // A module whose output cannot say "hand off" could never meet this expectation, whatever it answered.
  if (exp.expected_handoff !== undefined && agent.moduleSignals.handsOff(c.module, {}) === undefined) {
    add(
      at('expected_behavior', 'expected_handoff'),
      'expected_handoff',
      `${prompt.fileName}'s output has no hand-off to a human to check`,
      'no expected_handoff on this module (check the reply or the decision it mentions instead)',
    );
  }
  for (const tag of exp.risk_tags_expected.filter((t) => exp.risk_tags_forbidden.includes(t))) {
    add(at('expected_behavior', 'risk_tags_forbidden'), `risk_tags_forbidden: ${tag}`, `"${tag}" is both expected and forbidden: the case can never pass`);
  }
  // A name that is no tool and that the input never mentions can never be proposed: a check on it would pass
  // whatever the model did (a typo). A tool outside the catalog that the input asks for is a real thing to name.
  const inputText = JSON.stringify(c.input ?? {});
  const toolEnum = schemaAt(out, 'planned_queries.tool_name');
  for (const call of exp.expected_tool_calls ?? []) {
    if (toolEnum?.kind === 'enum' && !toolEnum.values.includes(call.tool_name)) {
      add(
        at('expected_behavior', 'expected_tool_calls'),
        `expected_tool_calls: ${call.tool_name}`,
        `"${call.tool_name}" cannot be planned by ${prompt.fileName}`,
        toolEnum.values.join(', '),
      );
    } else if (!tools.includes(call.tool_name) && !inputText.includes(call.tool_name)) {
      add(at('expected_behavior', 'expected_tool_calls'), `expected_tool_calls: ${call.tool_name}`, `unknown tool "${call.tool_name}"`, tools.join(', '));
    }
  }
  for (const tool of exp.forbidden_tool_calls) {
    if (!tools.includes(tool) && !inputText.includes(tool))
      add(
        at('expected_behavior', 'forbidden_tool_calls'),
        `forbidden_tool_calls: ${tool}`,
        `unknown tool "${tool}", and the input names no such tool`,
        tools.join(', '),
      );
  }
  for (const path of Object.keys(exp.max_array_lengths)) {
    const node = schemaAt(out, path);
    // Inside a free-form object ({}) nothing is known: a list may well be there.
    if (node?.kind !== 'array' && node?.kind !== 'record')
      add(
        at('expected_behavior', 'max_array_lengths'),
        `max_array_lengths: ${path}`,
        node ? `"${path}" is not a list in the output schema of ${prompt.fileName}` : `no field "${path}" in the output schema of ${prompt.fileName}`,
      );
  }
}

/** Why an expected value can never match the schema node, or undefined when it can. */
function valueProblem(node: SchemaNode, value: unknown): { message: string; expected?: string } | undefined {
  const items = node.kind === 'array' ? node.items : node;
  // Inside a free-form object ({}) nothing is known about the value's type.
  if (!items || items.kind === 'record') return undefined;
  if (value === null) {
    return (items.kind === 'string' || items.kind === 'enum') && items.nullable ? undefined : { message: 'is not allowed: the field is not nullable' };
  }
  switch (items.kind) {
    case 'enum':
      return items.values.includes(value as string) ? undefined : { message: 'is not an allowed value', expected: items.values.join(' | ') };
    case 'string':
      return typeof value === 'string' ? undefined : { message: 'is not a string' };
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { message: 'is not a boolean' };
    case 'number':
      return typeof value === 'number' ? undefined : { message: 'is not a number' };
    default:
      return { message: `cannot be compared with a field of type ${items.kind}` };
  }
}
