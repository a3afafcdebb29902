/**
 * What `orderflow diff` compares, as plain data: a baseline stores it for every
 * active prompt, so a later run can show what changed even after the old file
 * was deleted or rewritten.
 */
import type { ChangelogEntry } from './prompt-metadata.js';
import type { MarkdownSection } from './markdown-sections.js';
import type { PromptFile } from './prompt-file.js';
import type { SchemaNode } from './schema-tree.js';
import type { StructuredSections } from './structured-sections.js';

export interface PromptSnapshot {
  name: string;
  version: string;
  path: string;
  sha256: string;
  metadata: Record<string, unknown>;
  changelog: ChangelogEntry[];
  input_schema: SchemaNode | null;
  output_schema: SchemaNode | null;
  structured: StructuredSections;
  /** The prose sections' body lines (rules, role, ...), in file order: schemas, examples and structured sections are stored parsed. */
  sections: { title: string; lines: string[] }[];
  /**
   * Every section but the metadata (which is compared as keys and changelog
   * entries), as written, in file order. Absent from snapshots stored before
   * it existed: those can show the prose sections only.
   */
  text_sections?: { title: string; lines: string[] }[];
}

/** Sections whose content the snapshot holds as data (schemas, structured sections) or that diff does not compare (examples). */
const METADATA = /^(prompt metadata|metadata)$/i;
const NOT_PROSE =
  /^(prompt metadata|metadata|input schema|output schema|examples?\b.*|detection rules|tool catalog|tool risk levels|intent taxonomy|required slot rules|forbidden phrases|response scenario mapping|recommended case types|untrusted input fields|claim vocabulary)$/i;

export function snapshotPrompt(p: PromptFile): PromptSnapshot {
  return JSON.parse(
    JSON.stringify({
      name: p.metadata.name,
      version: p.metadata.version,
      path: p.path,
      sha256: p.sha256,
      metadata: p.metadata,
      changelog: p.changelog,
      input_schema: p.inputSchema?.tree ?? null,
      output_schema: p.outputSchema?.tree ?? null,
      structured: p.structured,
      sections: p.markdown.sections.filter((s) => !NOT_PROSE.test(s.title)).map(bodyOf),
      text_sections: p.markdown.sections.filter((s) => !METADATA.test(s.title)).map(bodyOf),
    }),
  ) as PromptSnapshot;
}

function bodyOf(s: MarkdownSection): { title: string; lines: string[] } {
  return { title: s.title, lines: s.bodyLines.filter((l) => l.trim() !== '') };
}

/** The snapshot of whichever of these files has this sha256: made on demand, for the rare baseline that needs reading whole. */
export function snapshotBySha(prompts: readonly PromptFile[]): (sha256: string) => PromptSnapshot | undefined {
  return (sha256) => {
    const file = prompts.find((p) => p.sha256 === sha256);
    return file ? snapshotPrompt(file) : undefined;
  };
}

export function isPromptFile(p: PromptFile | PromptSnapshot): p is PromptFile {
  return 'markdown' in p;
}
