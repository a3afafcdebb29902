/**
 * Model outputs in adversarial cases are attacker-controlled text. Everything
 * that reaches a report passes through one of these, whatever its origin.
 */
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text inside <pre> or a Markdown paragraph: no tag or entity survives. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => HTML[c]!);
}

/** For text in a Markdown paragraph or table cell: one line, no markup, no HTML, no links. */
export function escapeMarkdownInline(text: string, maxLength = 300): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const clipped = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine;
  return escapeHtml(clipped).replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`);
}

/** A Markdown code span: rendered literally, so only backticks and line breaks need care. */
export function codeSpan(text: string, maxLength = 200): string {
  const oneLine = text.replace(/\s+/g, ' ').replace(/`/g, "'");
  return `\`${oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine}\``;
}

/** XML 1.0 forbids most control characters outright; drop them, then escape. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => HTML[c]!);
}
