/**
 * `orderflow diff <prompt-a> <prompt-b>`: what a reviewer needs to read when a
 * prompt version is bumped — metadata, schema changes marked breaking or
 * compatible, structured-section changes, the lines added and removed in every
 * section, and the changelog entries added and removed.
 */
import { diffLines } from './line-diff.js';
import type { ChangelogEntry } from './prompt-metadata.js';
import type { PromptFile } from './prompt-file.js';
import { isPromptFile, snapshotPrompt, type PromptSnapshot } from './prompt-snapshot.js';
import { diffSchemas, type ChangeSeverity, type SchemaChange } from './schema-diff.js';
import type { StructuredSections } from './structured-sections.js';

export interface PromptDiff {
  before: { name: string; version: string; path: string; sha256: string };
  after: { name: string; version: string; path: string; sha256: string };
  /** Metadata keys that changed, the changelog aside (see `changelog`). */
  metadata: { key: string; before: unknown; after: unknown }[];
  changelog: { added: ChangelogEntry[]; removed: ChangelogEntry[] };
  schema: SchemaChange[];
  structured: SchemaChange[];
  /** Lines per section, every section but the metadata: removed and added, in file order, list numbering ignored. */
  text: { section: string; added: string[]; removed: string[] }[];
  /** 'prose': one side is a snapshot stored before whole sections were kept, so only the prose sections could be compared. */
  text_scope: 'all' | 'prose';
  breaking: boolean;
}

/**
 * Either side may be a loaded file or a snapshot stored in a baseline.
 * `riskLevels`: the agent's tool risk levels, lowest to highest (AgentContracts.riskLevels): a lowered level is breaking.
 */
export function diffPrompts(
  fileOrSnapshotA: PromptFile | PromptSnapshot,
  fileOrSnapshotB: PromptFile | PromptSnapshot,
  riskLevels: readonly string[],
): PromptDiff {
  const [a, b] = [fileOrSnapshotA, fileOrSnapshotB].map((p) => (isPromptFile(p) ? snapshotPrompt(p) : p)) as [PromptSnapshot, PromptSnapshot];
  const metadata = diffMetadata(a, b);
  const schema = [
    ...diffSchemas(a.input_schema ?? undefined, b.input_schema ?? undefined, 'input'),
    ...diffSchemas(a.output_schema ?? undefined, b.output_schema ?? undefined, 'output'),
  ];
  const structured = diffStructured(a.structured, b.structured, riskLevels);
  const scope = a.text_sections && b.text_sections ? 'all' : 'prose';
  const text = diffSectionText(scope === 'all' ? a.text_sections! : a.sections, scope === 'all' ? b.text_sections! : b.sections);
  const ref = (p: PromptSnapshot) => ({ name: p.name, version: p.version, path: p.path, sha256: p.sha256 });
  return {
    before: ref(a),
    after: ref(b),
    metadata,
    changelog: diffChangelog(a.changelog, b.changelog),
    schema,
    structured,
    text,
    text_scope: scope,
    breaking: [...schema, ...structured].some((c) => c.severity === 'breaking'),
  };
}

function diffMetadata(a: PromptSnapshot, b: PromptSnapshot) {
  const keys = [...new Set([...Object.keys(a.metadata), ...Object.keys(b.metadata)])];
  const get = (p: PromptSnapshot, k: string) => p.metadata[k];
  return keys
    .filter((k) => k !== 'changelog')
    .filter((k) => JSON.stringify(get(a, k)) !== JSON.stringify(get(b, k)))
    .map((key) => ({ key, before: get(a, key), after: get(b, key) }));
}

function diffStructured(a: StructuredSections, b: StructuredSections, riskLevels: readonly string[]): SchemaChange[] {
  const out: SchemaChange[] = [];
  // Removing a safeguard (a phrase the code detects or forbids, a forbidden tool) weakens the agent: breaking.
  const sets: [string, string[] | undefined, string[] | undefined, ChangeSeverity, ChangeSeverity][] = [
    ['detection phrase', a.detectionPhrases?.map((p) => p.phrase), b.detectionPhrases?.map((p) => p.phrase), 'breaking', 'compatible'],
    ['forbidden phrase', a.forbiddenPhrases?.map((p) => p.value), b.forbiddenPhrases?.map((p) => p.value), 'breaking', 'compatible'],
    ['plannable tool', a.toolCatalog?.allowed.map((t) => t.value), b.toolCatalog?.allowed.map((t) => t.value), 'breaking', 'compatible'],
    ['forbidden tool', a.toolCatalog?.forbidden.map((t) => t.value), b.toolCatalog?.forbidden.map((t) => t.value), 'breaking', 'compatible'],
    ['intent', a.intentTaxonomy?.map((i) => i.intent), b.intentTaxonomy?.map((i) => i.intent), 'breaking', 'compatible'],
    ['response scenario', keys(a.responseScenarios), keys(b.responseScenarios), 'breaking', 'compatible'],
    ['untrusted input field', a.untrustedFields?.map((f) => f.value), b.untrustedFields?.map((f) => f.value), 'breaking', 'compatible'],
    // A wording dropped from the claim vocabulary is a false promise the judge stops seeing.
    [
      'claim phrase',
      a.claimVocabulary?.map((c) => `${c.kind}: ${c.phrase}`),
      b.claimVocabulary?.map((c) => `${c.kind}: ${c.phrase}`),
      'breaking',
      'compatible',
    ],
  ];
  for (const [label, before, after, removedSeverity, addedSeverity] of sets) {
    if (!before && !after) continue;
    for (const v of (before ?? []).filter((x) => !(after ?? []).includes(x)))
      out.push({ severity: removedSeverity, path: label, message: `${label} "${v}" removed` });
    for (const v of (after ?? []).filter((x) => !(before ?? []).includes(x)))
      out.push({ severity: addedSeverity, path: label, message: `${label} "${v}" added` });
  }
  for (const p of a.detectionPhrases ?? []) {
    const q = b.detectionPhrases?.find((x) => x.phrase === p.phrase);
    if (q && q.tags.join(',') !== p.tags.join(',')) {
      const lost = p.tags.filter((t) => !q.tags.includes(t));
      out.push({
        severity: lost.length ? 'breaking' : 'compatible',
        path: 'detection phrase',
        message: `"${p.phrase}" tags ${p.tags.join(', ')} → ${q.tags.join(', ')}`,
      });
    }
  }
  out.push(...diffRiskLevels(a.toolRiskLevels, b.toolRiskLevels, riskLevels));
  out.push(...diffSlotRules(a, b));
  return out;
}

const keys = (r: Record<string, unknown> | undefined) => (r ? Object.keys(r) : undefined);

/** `order`: risk levels from least to most guarded, for "lowered" vs "raised". */
function diffRiskLevels(a: StructuredSections['toolRiskLevels'], b: StructuredSections['toolRiskLevels'], order: readonly string[]): SchemaChange[] {
  if (!a && !b) return [];
  const levelOf = (levels: StructuredSections['toolRiskLevels'], tool: string) =>
    Object.entries(levels ?? {}).find(([, tools]) => tools.some((t) => t.value === tool))?.[0];
  const tools = new Set([...Object.values(a ?? {}), ...Object.values(b ?? {})].flat().map((t) => t.value));
  const out: SchemaChange[] = [];
  for (const tool of tools) {
    const before = levelOf(a, tool);
    const after = levelOf(b, tool);
    if (before === after) continue;
    if (!after) out.push({ severity: 'breaking', path: 'tool risk level', message: `tool "${tool}" removed from ${before}` });
    else if (!before)
      out.push({ severity: order.indexOf(after) >= 2 ? 'compatible' : 'breaking', path: 'tool risk level', message: `tool "${tool}" added as ${after}` });
    else {
      const lowered = order.indexOf(after) < order.indexOf(before);
      out.push({ severity: lowered ? 'breaking' : 'compatible', path: 'tool risk level', message: `tool "${tool}" risk level changed ${before} → ${after}` });
    }
  }
  return out;
}

function diffSlotRules(a: StructuredSections, b: StructuredSections): SchemaChange[] {
  const out: SchemaChange[] = [];
  for (const rule of b.requiredSlots ?? []) {
    const old = a.requiredSlots?.find((r) => r.intent === rule.intent);
    if (!old) continue;
    for (const s of old.required.filter((x) => !rule.required.includes(x))) {
      out.push({ severity: 'breaking', path: 'required slots', message: `${rule.intent}: slot "${s}" no longer required` });
    }
    for (const s of rule.required.filter((x) => !old.required.includes(x))) {
      out.push({ severity: 'compatible', path: 'required slots', message: `${rule.intent}: slot "${s}" now required` });
    }
  }
  return out;
}

function diffSectionText(a: PromptSnapshot['sections'], b: PromptSnapshot['sections']): PromptDiff['text'] {
  const lines = (sections: PromptSnapshot['sections']) =>
    new Map(sections.map((s, i) => [titleOf(sections, i), s.lines.map(normaliseRule).filter(Boolean)] as const));
  const before = lines(a);
  const after = lines(b);
  const titles = [...new Set([...before.keys(), ...after.keys()])];
  return titles
    .map((section) => ({ section, ...diffLines(before.get(section) ?? [], after.get(section) ?? []) }))
    .filter((d) => d.added.length || d.removed.length);
}

/** A title used twice ("## Example", "## Example") is told apart by its place, so neither hides the other. */
function titleOf(sections: PromptSnapshot['sections'], index: number): string {
  const title = sections[index]!.title;
  const nth = sections.slice(0, index).filter((s) => s.title === title).length;
  return nth ? `${title} (${nth + 1})` : title;
}

function diffChangelog(a: readonly ChangelogEntry[], b: readonly ChangelogEntry[]): PromptDiff['changelog'] {
  const key = (e: ChangelogEntry) => `${e.version}\u0000${e.text}`;
  const before = new Set(a.map(key));
  const after = new Set(b.map(key));
  return { added: b.filter((e) => !before.has(key(e))), removed: a.filter((e) => !after.has(key(e))) };
}

/** Renumbering a list is not a rule change. */
function normaliseRule(line: string): string {
  return line.trim().replace(/^(\d+[.)、]|[-*+])\s*/, '');
}
