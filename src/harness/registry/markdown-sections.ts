/**
 * Splits a prompt file into its `##` sections and fenced blocks, keeping the
 * 1-based line of everything so that lint and load errors can name it.
 */
import MarkdownIt from 'markdown-it';
import type { MarkdownDocument, MarkdownSection } from './markdown-document.js';

export { bulletItems, contentLines, findSection, sectionPayload, type MarkdownDocument, type MarkdownSection } from './markdown-document.js';

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
