/**
 * Splits a prompt file into its `##` sections and fenced blocks, keeping the
 * 1-based line of everything so that lint and load errors can name it.
 */
import MarkdownIt from 'markdown-it';

export interface Fence {
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

const md = new MarkdownIt('commonmark');

export function splitMarkdown(text: string): MarkdownDocument {
  const lines = text.split(/\r?\n/);
  const tokens = md.parse(text, {});
  const doc: MarkdownDocument = { sections: [], fences: [] };
  const headings: { level: number; text: string; start: number }[] = [];

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open' && token.map) {
      const level = Number(token.tag.slice(1));
      headings.push({ level, text: (tokens[i + 1]?.content ?? '').trim(), start: token.map[0] });
    } else if (token.type === 'fence' && token.map) {
      const [start, end] = token.map;
      const lastLine = lines[end - 1]?.trim() ?? '';
      const closed = end - start >= 2 && lastLine.startsWith(token.markup) && lastLine.replace(/[`~]/g, '') === '';
      doc.fences.push({
        info: token.info.trim().toLowerCase(),
        content: token.content,
        line: start + 1,
        contentLine: start + 2,
        closed,
      });
    }
  }

  const h1 = headings.find((h) => h.level === 1);
  if (h1) doc.title = { text: h1.text, line: h1.start + 1 };

  const breaks = headings.filter((h) => h.level <= 2);
  breaks.forEach((heading, index) => {
    if (heading.level !== 2) return;
    const end = breaks[index + 1]?.start ?? lines.length;
    const section: MarkdownSection = {
      title: heading.text,
      line: heading.start + 1,
      bodyLines: lines.slice(heading.start + 1, end),
      bodyStartLine: heading.start + 2,
      fences: doc.fences.filter((f) => f.line > heading.start + 1 && f.line <= end),
    };
    doc.sections.push(section);
  });
  return doc;
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
  return section.bodyLines
    .map((raw, i) => ({ text: raw.trim(), line: section.bodyStartLine + i }))
    .filter((l) => l.text !== '' && !/^(```|~~~)/.test(l.text));
}
