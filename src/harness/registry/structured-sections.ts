/**
 * Structured prompt sections parsed into data. The pipeline's guards and the sim
 * provider read these from the active prompt version, so the list the model is
 * told is the list the code enforces.
 */
import { LineCounter, parseDocument } from 'yaml';
import type { Problem } from '../base/errors.js';
import { bulletItems, contentLines, sectionPayload, type MarkdownSection } from './markdown-sections.js';
import type { AgentContracts } from './agent-contracts.js';

export interface Located<T> {
  value: T;
  line: number;
}

export interface DetectionPhrase {
  phrase: string;
  /** Risk tags the phrase implies; empty in seed-style files that list bare phrases. */
  tags: string[];
  line: number;
}

export interface ToolCatalog {
  allowed: Located<string>[];
  forbidden: Located<string>[];
}

export interface IntentDefinition {
  intent: string;
  description: string;
  line: number;
}

export interface SlotRule {
  intent: string;
  required: string[];
  recommended: string[];
  line: number;
}

/** One wording of the response prompt's Claim Vocabulary: telling the customer that an action of `kind` is done. */
export interface ClaimPhrase {
  kind: string;
  /** Literal text; `*` stands for a few characters within one clause. */
  phrase: string;
  line: number;
}

export interface StructuredSections {
  detectionPhrases?: DetectionPhrase[];
  toolCatalog?: ToolCatalog;
  /** risk level (read_only, write_low, write_high, external_high, ...) → tools */
  toolRiskLevels?: Record<string, Located<string>[]>;
  intentTaxonomy?: IntentDefinition[];
  requiredSlots?: SlotRule[];
  forbiddenPhrases?: Located<string>[];
  responseScenarios?: Record<string, Located<string>>;
  caseTypes?: Record<string, Located<string>>;
  untrustedFields?: Located<string>[];
  claimVocabulary?: ClaimPhrase[];
  /** memory_extraction: the canonical slot keys, one per kind of fact. */
  slotKeys?: Record<string, Located<string>>;
  /** content_moderation: the keyword screen the program falls back to when the model is missing or fails. */
  keywordScreen?: Located<string>[];
  /** Output path → input path its ids must come from, checked on every case of the module. */
  outputIdsWithin?: Record<string, Located<string>>;
  /** Output path of a string → input path of the most characters it may have. */
  outputLengthWithin?: Record<string, Located<string>>;
}

type Report = (problem: Omit<Problem, 'file' | 'severity'> & { severity?: Problem['severity'] }) => void;

const TRAILING_PUNCTUATION = /[；;。.，,、]+$/;
const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

export function parseDetectionPhrases(section: MarkdownSection, report: Report): DetectionPhrase[] {
  const phrases: DetectionPhrase[] = [];
  for (const item of bulletItems(section)) {
    let text = item.text.replace(/`/g, '').replace(TRAILING_PUNCTUATION, '').trim();
    let tags: string[] = [];
    const annotated = /^(.*?)\s*[(（]\s*([a-z0-9_,\s]+?)\s*[)）]$/.exec(text);
    if (annotated) {
      text = annotated[1]!.replace(TRAILING_PUNCTUATION, '').trim();
      tags = annotated[2]!
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
    }
    if (!text) {
      report({ line: item.line, field: 'Detection Rules', message: 'empty detection phrase', expected: '- <phrase> (<risk_tag>, ...)' });
      continue;
    }
    const earlier = phrases.find((p) => p.phrase === text);
    if (earlier) {
      report({
        line: item.line,
        field: 'Detection Rules',
        message: `"${text}" is listed twice (first at line ${earlier.line})`,
        expected: 'each phrase once, with all its tags',
      });
      continue;
    }
    phrases.push({ phrase: text, tags, line: item.line });
  }
  return phrases;
}

const NEGATIVE_LEAD = /不得|禁止|不允许|不能|must not|never|forbidden|not allowed|do not/i;

export function parseToolCatalog(section: MarkdownSection): ToolCatalog {
  const catalog: ToolCatalog = { allowed: [], forbidden: [] };
  for (const item of bulletItems(section)) {
    const tool = item.text.replace(/`/g, '').replace(TRAILING_PUNCTUATION, '').split(/\s/)[0] ?? '';
    const target = NEGATIVE_LEAD.test(item.lead) ? catalog.forbidden : catalog.allowed;
    target.push({ value: tool, line: item.line });
  }
  return catalog;
}

export function parseIntentTaxonomy(section: MarkdownSection, report: Report): IntentDefinition[] {
  const intents: IntentDefinition[] = [];
  for (const { text, line } of contentLines(section)) {
    const m = /^[-*]?\s*`?([a-z][a-z0-9_]*)`?\s*[:：]\s*(.*)$/.exec(text);
    if (!m) continue;
    if (intents.some((i) => i.intent === m[1])) {
      report({ line, field: 'Intent Taxonomy', message: `intent "${m[1]}" is defined twice` });
      continue;
    }
    intents.push({ intent: m[1]!, description: m[2]!.trim(), line });
  }
  return intents;
}

export function parseRequiredSlots(section: MarkdownSection, report: Report): SlotRule[] {
  const rules: SlotRule[] = [];
  const list = (s: string | undefined) =>
    (s ?? '')
      .split(/[,，、]/)
      .map((x) => x.trim())
      .filter((x) => x && x !== 'none');
  for (const { text, line } of contentLines(section)) {
    const m = /^[-*]?\s*`?([a-z][a-z0-9_]*)`?\s*[:：]\s*(.*)$/.exec(text);
    if (!m) continue;
    const parts = Object.fromEntries(
      m[2]!.split(/[;；]/).map((part) => {
        const [k, v] = part.split('=');
        return [k?.trim().toLowerCase() ?? '', v?.trim()];
      }),
    );
    if (!('required' in parts)) {
      report({
        line,
        field: 'Required Slot Rules',
        message: `no "required = ..." for intent "${m[1]}"`,
        expected: 'intent: required = slot_a, slot_b; recommended = slot_c',
      });
      continue;
    }
    rules.push({ intent: m[1]!, required: list(parts.required), recommended: list(parts.recommended), line });
  }
  return rules;
}

export function parsePhraseList(section: MarkdownSection, report: Report): Located<string>[] {
  const phrases: Located<string>[] = [];
  for (const item of bulletItems(section)) {
    const value = item.text.replace(/`/g, '').replace(TRAILING_PUNCTUATION, '').trim();
    // An empty phrase is contained in every reply.
    if (!value) report({ line: item.line, field: section.title, message: 'empty phrase', expected: '- <phrase>' });
    else phrases.push({ value, line: item.line });
  }
  return phrases;
}

/** `- kind: phrase | phrase | ...` per action kind. */
export function parseClaimVocabulary(section: MarkdownSection, report: Report, claimKinds: readonly string[]): ClaimPhrase[] {
  const out: ClaimPhrase[] = [];
  for (const item of bulletItems(section)) {
    const m = /^`?([a-z][a-z0-9_]*)`?\s*[:：]\s*(.+)$/.exec(item.text.trim());
    if (!m) {
      report({ line: item.line, field: 'Claim Vocabulary', message: 'expected `kind: phrase | phrase`', expected: '- refund: 退款已成功 | 已为您退款' });
      continue;
    }
    if (!claimKinds.includes(m[1]!)) {
      // Claims of an unknown kind would never be checked against anything.
      report({ line: item.line, field: 'Claim Vocabulary', message: `unknown claim kind "${m[1]}"`, expected: claimKinds.join(', ') });
      continue;
    }
    for (const raw of m[2]!.split('|')) {
      const phrase = raw.replace(/`/g, '').replace(TRAILING_PUNCTUATION, '').trim();
      if (phrase.replace(/\*/g, '').trim().length === 0) {
        report({
          line: item.line,
          field: `Claim Vocabulary.${m[1]}`,
          message: phrase ? `"${phrase}" is only a wildcard: it would match any text` : 'an empty wording (two | in a row, or one at an end)',
          expected: 'wordings separated by |, each with text',
        });
        continue;
      }
      const bound = wordingBound(phrase);
      if (bound) {
        report({
          line: item.line,
          field: `Claim Vocabulary.${m[1]}`,
          message: `"${phrase.slice(0, 40)}${phrase.length > 40 ? '…' : ''}" ${bound}`,
          expected: `at most ${MAX_WORDING_CHARS} characters and ${MAX_WORDING_WILDCARDS} wildcards (*) per wording`,
        });
        continue;
      }
      out.push({ kind: m[1]!, phrase, line: item.line });
    }
  }
  return out;
}

/** A claim is a short clause: longer wordings or more gaps match anything, and cost matching time on every reply. */
const MAX_WORDING_CHARS = 40;
const MAX_WORDING_WILDCARDS = 3;

function wordingBound(phrase: string): string | null {
  const wildcards = phrase.split('*').length - 1;
  if (wildcards > MAX_WORDING_WILDCARDS) return `has ${wildcards} wildcards`;
  const length = [...phrase].length;
  return length > MAX_WORDING_CHARS ? `is ${length} characters long` : null;
}

export function parseUntrustedFields(section: MarkdownSection): Located<string>[] {
  return bulletItems(section).map((item) => ({ value: item.text.replace(/`/g, '').split(/\s/)[0] ?? '', line: item.line }));
}

/** A YAML mapping section (`name:` then a value), fenced or not. */
function parseYamlMapping(section: MarkdownSection, report: Report): Map<string, { value: unknown; line: number }> | undefined {
  const payload = sectionPayload(section, ['yaml', 'yml']);
  const lineCounter = new LineCounter();
  const doc = parseDocument(payload.text, { lineCounter, uniqueKeys: true, logLevel: 'error' });
  const error = doc.errors[0];
  if (error) {
    const line = lineCounter.linePos(error.pos[0]).line + payload.line - 1;
    report({ line, field: section.title, message: `not valid YAML: ${error.message.split('\n')[0]}` });
    return undefined;
  }
  const contents = doc.contents as { items?: { key: { value?: unknown; range?: [number] }; value: unknown }[] } | null;
  if (!contents || !Array.isArray(contents.items)) {
    report({ line: payload.line, field: section.title, message: 'expected a mapping of names to values' });
    return undefined;
  }
  const out = new Map<string, { value: unknown; line: number }>();
  for (const pair of contents.items) {
    const key = String(pair.key?.value ?? '');
    const line = lineCounter.linePos(pair.key?.range?.[0] ?? 0).line + payload.line - 1;
    const value = pair.value && typeof pair.value === 'object' && 'toJSON' in pair.value ? (pair.value as { toJSON(): unknown }).toJSON() : pair.value;
    out.set(key, { value, line });
  }
  return out;
}

export function parseToolRiskLevels(
  section: MarkdownSection,
  report: Report,
  { riskLevels, tools }: Pick<AgentContracts, 'riskLevels' | 'tools'>,
): Record<string, Located<string>[]> {
  const levels: Record<string, Located<string>[]> = {};
  for (const [level, { value, line }] of parseYamlMapping(section, report) ?? []) {
    if (!IDENTIFIER.test(level) || !Array.isArray(value) || value.some((t) => typeof t !== 'string')) {
      report({ line, field: `Tool Risk Levels.${level}`, message: 'each risk level must list tool names', expected: 'level:\n  - tool_name' });
      continue;
    }
    if (!riskLevels.includes(level)) {
      // A tool under a misspelt level would be treated as no level at all: no confirmation, no human review.
      report({ line, field: `Tool Risk Levels.${level}`, message: `unknown risk level "${level}"`, expected: riskLevels.join(', ') });
      continue;
    }
    levels[level] = (value as string[]).map((tool, i) => ({ value: tool, line: line + 1 + i }));
    for (const tool of levels[level]!) {
      if (!tools.includes(tool.value))
        report({ line: tool.line, field: `Tool Risk Levels.${level}`, message: `unknown tool "${tool.value}"`, expected: tools.join(', ') });
    }
  }
  return levels;
}

const INPUT_PATH = /^input(\.[A-Za-z0-9_]+(\[\])?)+$/;

const OUTPUT_CHECKS = ['output_ids_within', 'output_length_within'] as const;
export type OutputCheckName = (typeof OUTPUT_CHECKS)[number];

/** `## Output Checks`: `output_ids_within:` (ids from the input) and `output_length_within:` (a limit the input gives), each `output.path: input.path` lines. */
export function parseOutputChecks(section: MarkdownSection, report: Report): Partial<Record<OutputCheckName, Record<string, Located<string>>>> {
  const all: Partial<Record<OutputCheckName, Record<string, Located<string>>>> = {};
  for (const [key, { value, line }] of parseYamlMapping(section, report) ?? []) {
    if (!(OUTPUT_CHECKS as readonly string[]).includes(key) || !value || typeof value !== 'object' || Array.isArray(value)) {
      report({
        line,
        field: `${section.title}.${key}`,
        message: 'unknown output check',
        expected: `${OUTPUT_CHECKS.join(' or ')}:\n  <output path>: input.<path>`,
      });
      continue;
    }
    const out: Record<string, Located<string>> = (all[key as OutputCheckName] = {});
    let offset = 1;
    for (const [outputPath, inputPath] of Object.entries(value as Record<string, unknown>)) {
      if (typeof inputPath !== 'string' || !INPUT_PATH.test(inputPath)) {
        report({
          line: line + offset,
          field: `${section.title}.output_ids_within.${outputPath}`,
          message: `${JSON.stringify(inputPath)} is not a path into the input`,
          expected: 'input.documents[].document_id',
        });
      } else out[outputPath] = { value: inputPath, line: line + offset };
      offset += 1;
    }
  }
  return all;
}

export function parseDescriptionMapping(section: MarkdownSection, report: Report): Record<string, Located<string>> {
  const out: Record<string, Located<string>> = {};
  for (const [key, { value, line }] of parseYamlMapping(section, report) ?? []) {
    if (!IDENTIFIER.test(key) || typeof value !== 'string') {
      report({ line, field: `${section.title}.${key}`, message: 'expected `name: one-line description`' });
      continue;
    }
    out[key] = { value: value.trim(), line };
  }
  return out;
}
