/**
 * One prompt file → one typed prompt version. Parsing collects problems rather
 * than stopping at the first, so that `orderflow lint` can report them all.
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { type Problem, NotationError } from '../base/errors.js';
import { compiledSchema, provideSchemaCompiler, type CompiledSchema } from './compiled-schema.js';
import { findSection, sectionPayload, splitMarkdown, type MarkdownDocument, type MarkdownSection } from './markdown-sections.js';
import { parseMetadata, type ChangelogEntry, type PromptMetadata } from './prompt-metadata.js';
import { parseSchemaNotation } from './schema-notation.js';
import { schemaAt } from './schema-tree.js';
import * as schemaCompiler from './schema-to-zod.js';
import {
  parseDescriptionMapping,
  parseDetectionPhrases,
  parseIntentTaxonomy,
  parsePhraseList,
  parseRequiredSlots,
  parseToolCatalog,
  parseToolRiskLevels,
  parseUntrustedFields,
  parseClaimVocabulary,
  parseOutputChecks,
  type StructuredSections,
} from './structured-sections.js';
import type { AgentContracts } from './agent-contracts.js';

// Parsing a prompt loads zod anyway (its metadata is checked with it): its validators come with it.
provideSchemaCompiler(schemaCompiler);

interface PromptExample {
  kind: 'input' | 'output';
  section: string;
  /** Line of the opening fence. */
  line: number;
  /** Line of the first JSON line, for positions inside the block. */
  contentLine: number;
  text: string;
}

export interface PromptFile {
  path: string;
  fileName: string;
  sha256: string;
  text: string;
  metadata: PromptMetadata;
  metadataLines: Record<string, number>;
  metadataLine: number;
  changelog: ChangelogEntry[];
  markdown: MarkdownDocument;
  inputSchema?: CompiledSchema;
  outputSchema?: CompiledSchema;
  examples: PromptExample[];
  structured: StructuredSections;
  /** What the model is given as its system message: the file without its metadata section. */
  systemPrompt: string;
}

export interface ParseResult {
  prompt?: PromptFile;
  problems: Problem[];
}

/** `contracts`: the agent's names its metadata and structured sections are checked against. */
export function parsePromptFile(path: string, text: string, contracts: AgentContracts): ParseResult {
  const problems: Problem[] = [];
  const report = (p: Omit<Problem, 'file' | 'severity'> & { severity?: Problem['severity'] }) => problems.push({ file: path, severity: 'error', ...p });
  const markdown = splitMarkdown(text);

  for (const fence of markdown.fences) {
    if (!fence.closed) report({ line: fence.line, message: 'code block is never closed', expected: 'a closing ``` line' });
  }
  if (!markdown.title) report({ line: 1, message: 'missing "# <name>" title' });

  const metaSection = findSection(markdown, 'Prompt Metadata', 'Metadata');
  if (!metaSection) {
    report({ line: 1, field: 'Prompt Metadata', message: 'missing "## Prompt Metadata" section' });
    return { problems };
  }
  const metaPayload = sectionPayload(metaSection, ['yaml', 'yml']);
  const meta = parseMetadata(metaPayload.text, metaPayload.line, report, contracts.modules);

  const inputSchema = compileSection(findSection(markdown, 'Input Schema'), 'Input Schema', report);
  const outputSchema = compileSection(findSection(markdown, 'Output Schema'), 'Output Schema', report);
  const structured = parseStructured(markdown, report, contracts);
  // The tags a detection phrase adds are written into this module's output: they must be tags it can output.
  const tagItems = outputSchema ? schemaAt(outputSchema.tree, 'risk_tags') : undefined;
  const allowedTags = tagItems?.kind === 'array' && tagItems.items?.kind === 'enum' ? tagItems.items.values : undefined;
  for (const phrase of allowedTags ? (structured.detectionPhrases ?? []) : []) {
    for (const tag of phrase.tags.filter((t) => !allowedTags!.includes(t))) {
      report({
        line: phrase.line,
        field: 'Detection Rules',
        message: `"${tag}" is not a risk tag of this prompt's Output Schema`,
        expected: allowedTags!.join(', '),
      });
    }
  }
  const examples = collectExamples(markdown);

  if (!meta.metadata) return { problems };
  const prompt: PromptFile = {
    path,
    fileName: basename(path),
    sha256: createHash('sha256').update(text).digest('hex'),
    text,
    metadata: meta.metadata,
    metadataLines: meta.lines,
    metadataLine: metaSection.line,
    changelog: meta.changelog,
    markdown,
    inputSchema,
    outputSchema,
    examples,
    structured,
    systemPrompt: withoutSection(text, metaSection, markdown).trim(),
  };
  return { prompt, problems };
}

function compileSection(
  section: MarkdownSection | undefined,
  title: string,
  report: (p: Omit<Problem, 'file' | 'severity'>) => void,
): CompiledSchema | undefined {
  if (!section) return undefined;
  const payload = sectionPayload(section, ['json', 'jsonc']);
  if (payload.otherFence) {
    report({
      line: payload.otherFence.line,
      field: title,
      message: `the schema block is fenced as \`\`\`${payload.otherFence.info}`,
      expected: 'a ```json block (the schema notation is JSON)',
    });
    return undefined;
  }
  try {
    // The validator is built on first use: `orderflow list` never needs one.
    return compiledSchema(parseSchemaNotation(payload.text, payload.line), payload.line);
  } catch (error) {
    if (!(error instanceof NotationError)) throw error;
    report({
      line: error.line,
      field: error.path ? `${title}.${error.path}` : title,
      message: error.message,
      ...(error.expected ? { expected: error.expected } : {}),
    });
    return undefined;
  }
}

function parseStructured(markdown: MarkdownDocument, report: Parameters<typeof parseDetectionPhrases>[1], contracts: AgentContracts): StructuredSections {
  const out: StructuredSections = {};
  const section = (...titles: string[]) => findSection(markdown, ...titles);
  const detection = section('Detection Rules');
  if (detection) out.detectionPhrases = parseDetectionPhrases(detection, report);
  const catalog = section('Tool Catalog');
  if (catalog) out.toolCatalog = parseToolCatalog(catalog);
  const risk = section('Tool Risk Levels');
  if (risk) out.toolRiskLevels = parseToolRiskLevels(risk, report, contracts);
  const taxonomy = section('Intent Taxonomy');
  if (taxonomy) out.intentTaxonomy = parseIntentTaxonomy(taxonomy, report);
  const slots = section('Required Slot Rules');
  if (slots) out.requiredSlots = parseRequiredSlots(slots, report);
  const forbidden = section('Forbidden Phrases');
  if (forbidden) out.forbiddenPhrases = parsePhraseList(forbidden, report);
  const scenarios = section('Response Scenario Mapping');
  if (scenarios) out.responseScenarios = parseDescriptionMapping(scenarios, report);
  const caseTypes = section('Recommended Case Types');
  if (caseTypes) out.caseTypes = parseDescriptionMapping(caseTypes, report);
  const untrusted = section('Untrusted Input Fields');
  if (untrusted) out.untrustedFields = parseUntrustedFields(untrusted);
  const claims = section('Claim Vocabulary');
  if (claims) out.claimVocabulary = parseClaimVocabulary(claims, report, contracts.claimKinds);
  const slotKeys = section('Slot Keys');
  if (slotKeys) out.slotKeys = parseDescriptionMapping(slotKeys, report);
  const keywords = section('Keyword Screen');
  if (keywords) out.keywordScreen = parsePhraseList(keywords, report);
  const checks = section('Output Checks');
  if (checks) {
    const parsed = parseOutputChecks(checks, report);
    if (parsed.output_ids_within) out.outputIdsWithin = parsed.output_ids_within;
    if (parsed.output_length_within) out.outputLengthWithin = parsed.output_length_within;
  }
  return out;
}

/** JSON blocks in `## Example ...` sections: inputs where the title says so, outputs otherwise. */
function collectExamples(markdown: MarkdownDocument): PromptExample[] {
  return markdown.sections
    .filter((s) => /^examples?\b/i.test(s.title))
    .flatMap((s) =>
      s.fences
        .filter((f) => f.info === 'json' || f.info === 'jsonc')
        .map((f) => ({
          kind: /\binput\b/i.test(s.title) ? ('input' as const) : ('output' as const),
          section: s.title,
          line: f.line,
          contentLine: f.contentLine,
          text: f.content,
        })),
    );
}

function withoutSection(text: string, section: MarkdownSection, markdown: MarkdownDocument): string {
  const lines = text.split(/\r?\n/);
  const next = markdown.sections.find((s) => s.line > section.line)?.line ?? lines.length + 1;
  return [...lines.slice(0, section.line - 1), ...lines.slice(next - 1)].join('\n');
}
