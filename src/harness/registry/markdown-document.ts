/**
 * A prompt file split into sections and fenced blocks, and the lookups on it.
 * Apart from the splitter (markdown-sections.ts, markdown-it) so that a prompt
 * read back from the parse cache is used without loading markdown-it.
 */
interface Fence {
  info: string;
  content: string;
  /** Line of the opening ``` marker. */
  line: number;
  /** Line of the first content line. */
  contentLine: number;
  closed: boolean;
}

export interface MarkdownSection {
  title: string;
  /** Line of the `## Title` heading. */
  line: number;
  /** Raw lines between this heading and the next `#`/`##` heading. */
  bodyLines: string[];
  bodyStartLine: number;
  fences: Fence[];
}

export interface MarkdownDocument {
  title?: { text: string; line: number };
  sections: MarkdownSection[];
  fences: Fence[];
}

/**
 * The text a section holds: its first fenced block when it has one (the
 * preferred layout), otherwise its raw body (the seed's unfenced layout).
 */
export function sectionPayload(section: MarkdownSection, infos?: string[]): { text: string; line: number; otherFence?: { info: string; line: number } } {
  const fence = section.fences.find((f) => !infos || infos.includes(f.info) || f.info === '');
  if (fence) return { text: fence.content, line: fence.contentLine };
  // A block fenced as another language: said as such, not as the first backtick not parsing.
  const other = section.fences[0];
  return { text: section.bodyLines.join('\n'), line: section.bodyStartLine, ...(other ? { otherFence: { info: other.info, line: other.line } } : {}) };
}

export function findSection(doc: MarkdownDocument, ...titles: string[]): MarkdownSection | undefined {
  const wanted = titles.map((t) => t.toLowerCase());
  return doc.sections.find((s) => wanted.includes(s.title.toLowerCase()));
}

/** Bullet items of a section body, with their lines; `lead` is the last non-bullet line above each. */
export function bulletItems(section: MarkdownSection): { text: string; line: number; lead: string }[] {
  const items: { text: string; line: number; lead: string }[] = [];
  let lead = '';
  let inFence = false;
  section.bodyLines.forEach((raw, i) => {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence || line === '') return;
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    if (bullet) items.push({ text: bullet[1]!.trim(), line: section.bodyStartLine + i, lead });
    else lead = line;
  });
  return items;
}

/** Non-empty, non-fence lines of a section body with their line numbers. */
export function contentLines(section: MarkdownSection): { text: string; line: number }[] {
  return section.bodyLines.map((raw, i) => ({ text: raw.trim(), line: section.bodyStartLine + i })).filter((l) => l.text !== '' && !/^(```|~~~)/.test(l.text));
}
