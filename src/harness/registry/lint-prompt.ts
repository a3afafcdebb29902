/**
 * The checks of one prompt file on its own (docs/spec/modules.md#what-lint-enforces). They depend on nothing
 * but the file, so `orderflow lint` keeps their problems in the parse cache.
 */
import type { Problem } from '../base/errors.js';
import { parseJsonWithPositions } from '../base/json-positions.js';
import { findSection } from './markdown-document.js';
import type { PromptFile } from './prompt-file.js';
import { strictBlockers } from './schema-dialects.js';
import { describeNode, schemaAt, type SchemaNode } from './schema-tree.js';

export function lintPrompt(prompt: PromptFile): Problem[] {
  const problems: Problem[] = [];
  const add = (p: Omit<Problem, 'file' | 'severity'> & { severity?: Problem['severity'] }) => problems.push({ file: prompt.path, severity: 'error', ...p });
  const { metadata, metadataLines } = prompt;

  if (prompt.fileName !== `${metadata.name}.md`) {
    add({
      line: metadataLines.name,
      field: 'name',
      message: `metadata name "${metadata.name}" does not match the file name`,
      expected: `${metadata.name}.md, or name: ${prompt.fileName.replace(/\.md$/, '')}`,
    });
  }
  const nameMajor = /_v(\d+)$/.exec(metadata.name)?.[1];
  const versionMajor = /^v(\d+)\./.exec(metadata.version)?.[1];
  if (nameMajor !== versionMajor) {
    add({
      line: metadataLines.version,
      field: 'version',
      message: `version ${metadata.version} does not match the name ${metadata.name}`,
      expected: `a version v${nameMajor}.x.y`,
    });
  }
  const title = prompt.markdown.title;
  if (title && title.text !== metadata.name) {
    add({ line: title.line, severity: 'warning', message: `title "# ${title.text}" differs from the metadata name`, expected: `# ${metadata.name}` });
  }
  if (prompt.changelog.length > 0 && !prompt.changelog.some((c) => c.version === metadata.version)) {
    add({ line: metadataLines.changelog, field: 'changelog', severity: 'warning', message: `changelog has no entry for ${metadata.version}` });
  }

  for (const [title, severity] of [
    ['System Role', 'warning'],
    ['Output Schema', 'error'],
    ['Input Schema', 'warning'],
  ] as const) {
    if (!findSection(prompt.markdown, title)) add({ line: 1, severity, message: `missing "## ${title}" section` });
  }
  if (!findSection(prompt.markdown, 'Rules', 'Hard Rules')) add({ line: 1, severity: 'warning', message: 'missing "## Rules" or "## Hard Rules" section' });
  if (!prompt.examples.some((e) => e.kind === 'output')) {
    add({ line: 1, severity: 'warning', message: 'no example output', expected: 'a "## Example Output" section with a ```json block' });
  }

  problems.push(...lintOutputMode(prompt));
  problems.push(...lintExamples(prompt));
  problems.push(...lintSplicedInput(prompt));
  problems.push(...lintStructured(prompt));
  problems.push(...lintStrictBlockers(prompt));
  return problems;
}

/** A one-word output needs a root enum to say which words; a JSON output needs an object or array root. */
function lintOutputMode(prompt: PromptFile): Problem[] {
  const root = prompt.outputSchema?.tree;
  if (!root) return [];
  const where = { file: prompt.path, line: prompt.outputSchema!.line, field: 'Output Schema', severity: 'error' as const };
  if (prompt.metadata.output_mode === 'text_enum') {
    return root.kind === 'enum' && !root.nullable
      ? []
      : [{ ...where, message: 'output_mode text_enum needs the Output Schema to be one enum string', expected: '"ALLOW | BLOCK"' }];
  }
  return root.kind === 'object' || root.kind === 'array' || root.kind === 'record'
    ? []
    : [
        {
          ...where,
          message: `output_mode ${prompt.metadata.output_mode} needs a JSON object or array at the root, not ${describeNode(root)}`,
          expected: 'output_mode: text_enum for a one-word output',
        },
      ];
}

function lintExamples(prompt: PromptFile): Problem[] {
  const problems: Problem[] = [];
  for (const example of prompt.examples) {
    const schema = example.kind === 'output' ? prompt.outputSchema : prompt.inputSchema;
    const parsed = parseJsonWithPositions(example.text, example.contentLine);
    if (parsed.error) {
      problems.push({
        file: prompt.path,
        line: parsed.error.line,
        field: example.section,
        severity: 'error',
        message: `example is not valid JSON: ${parsed.error.message}`,
      });
      continue;
    }
    if (!schema) continue;
    const result = schema.zod.safeParse(parsed.value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      problems.push({
        file: prompt.path,
        line: parsed.lineOf(issue.path),
        field: `${example.section}${field ? `: ${field}` : ''}`,
        severity: 'error',
        message: `example does not match the ${example.kind} schema: ${issue.message}`,
      });
    }
  }
  return problems;
}

/** The seed's anti-pattern: `用户输入是：{user_query}，请严格执行` — user text spliced into instructions. */
function lintSplicedInput(prompt: PromptFile): Problem[] {
  const problems: Problem[] = [];
  const lines = prompt.text.split(/\r?\n/);
  let inFence = false;
  lines.forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) return;
    const placeholder = /(\{\{\s*[A-Za-z_][\w.]*\s*\}\}|\$\{[A-Za-z_][\w.]*\}|\{[A-Za-z_][\w.]*\})/.exec(line);
    if (placeholder) {
      problems.push({
        file: prompt.path,
        line: i + 1,
        severity: 'error',
        message: `template placeholder ${placeholder[1]} splices input into the instructions`,
        expected: 'input passed as a labelled JSON data field, never interpolated into the prompt',
      });
    }
  });
  return problems;
}

function lintStructured(prompt: PromptFile): Problem[] {
  const problems: Problem[] = [];
  const add = (line: number, field: string, message: string, expected?: string) =>
    problems.push({ file: prompt.path, line, field, severity: 'error', message, ...(expected ? { expected } : {}) });
  const out = prompt.outputSchema?.tree;
  const input = prompt.inputSchema?.tree;
  const s = prompt.structured;
  const enumAt = (root: SchemaNode | undefined, path: string) => {
    const node = root ? schemaAt(root, path) : undefined;
    return node?.kind === 'enum' ? node.values : undefined;
  };

  const riskTags = enumAt(out, 'risk_tags');
  for (const phrase of s.detectionPhrases ?? []) {
    for (const tag of phrase.tags) {
      if (riskTags && !riskTags.includes(tag))
        add(phrase.line, 'Detection Rules', `risk tag "${tag}" is not in the output schema's risk_tags`, riskTags.join(', '));
    }
  }
  const intents = enumAt(out, 'intent');
  if (s.intentTaxonomy && intents) {
    const defined = s.intentTaxonomy.map((i) => i.intent);
    for (const def of s.intentTaxonomy) {
      if (!intents.includes(def.intent))
        add(def.line, 'Intent Taxonomy', `intent "${def.intent}" is not in the output schema's intent enum`, intents.join(', '));
    }
    for (const intent of intents.filter((i) => !defined.includes(i))) {
      add(prompt.outputSchema!.line, 'Intent Taxonomy', `intent "${intent}" of the output schema has no taxonomy entry`);
    }
  }
  const slots = out ? schemaAt(out, 'slots') : undefined;
  for (const rule of s.requiredSlots ?? []) {
    if (s.intentTaxonomy && !s.intentTaxonomy.some((i) => i.intent === rule.intent)) {
      add(rule.line, 'Required Slot Rules', `intent "${rule.intent}" is not in the taxonomy`);
    }
    if (slots?.kind === 'object') {
      for (const slot of [...rule.required, ...rule.recommended]) {
        if (!slots.fields.some((f) => f.key === slot))
          add(rule.line, 'Required Slot Rules', `slot "${slot}" is not a field of slots`, slots.fields.map((f) => f.key).join(', '));
      }
    }
  }
  const plannable = enumAt(out, 'planned_queries.tool_name');
  for (const tool of s.toolCatalog?.allowed ?? []) {
    if (plannable && !plannable.includes(tool.value))
      add(tool.line, 'Tool Catalog', `tool "${tool.value}" is not in planned_queries.tool_name`, plannable.join(', '));
  }
  for (const tool of s.toolCatalog?.forbidden ?? []) {
    if (plannable?.includes(tool.value)) add(tool.line, 'Tool Catalog', `forbidden tool "${tool.value}" is plannable by the output schema`);
  }
  const seenTools = new Map<string, string>();
  for (const [level, tools] of Object.entries(s.toolRiskLevels ?? {})) {
    for (const tool of tools) {
      const other = seenTools.get(tool.value);
      if (other) add(tool.line, 'Tool Risk Levels', `tool "${tool.value}" is listed under both ${other} and ${level}`);
      seenTools.set(tool.value, level);
    }
  }
  for (const [outputPath, { value: inputPath, line }] of [...Object.entries(s.outputIdsWithin ?? {}), ...Object.entries(s.outputLengthWithin ?? {})]) {
    const bare = (p: string) => p.replace(/\[\]/g, '').replace(/^input\./, '');
    if (!out || (outputPath === '$keys' ? out.kind !== 'record' : !schemaAt(out, bare(outputPath))))
      add(line, 'Output Checks', `"${outputPath}" is not a field of the output schema`);
    if (!input || !schemaAt(input, bare(inputPath))) add(line, 'Output Checks', `"${inputPath}" is not a field of the input schema`);
  }
  for (const field of s.untrustedFields ?? []) {
    if (!input || !schemaAt(input, field.value)) add(field.line, 'Untrusted Input Fields', `"${field.value}" is not a field of the input schema`);
  }
  return problems;
}

/** Strict structured outputs refuse some shapes; name the field, since the whole schema then goes unenforced on OpenAI. */
function lintStrictBlockers(prompt: PromptFile): Problem[] {
  const tree = prompt.outputSchema?.tree;
  if (!tree) return [];
  return strictBlockers(tree).map((b) => ({
    file: prompt.path,
    line: b.line,
    field: `Output Schema: ${b.path}`,
    severity: 'warning' as const,
    message: `keeps OpenAI strict mode off: ${b.reason}, so OpenAI enforces none of this module's output`,
    expected: 'listed keys and typed items, if OpenAI should enforce it',
  }));
}
