/**
 * Model outputs in adversarial cases are attacker-controlled text. Everything
 * that reaches a report passes through one of these, whatever its origin.
 */
import { printable } from '../base/printable.js';

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For text inside <pre> or a Markdown paragraph: no tag or entity survives. */
export function escapeHtml(text: string): string {
  return printable(text).replace(/[&<>]/g, (c) => HTML[c]!);
}

/** What GitHub turns into a link without any markup: URLs, www. hosts, e-mail addresses. */
const BARE_LINK = /(?:\b(?:https?|ftp):\/\/|\bwww\.)[^\s<|]*|\b(?:mailto|xmpp):[^\s<|]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

/** For text in a Markdown paragraph or table cell: one line, no markup, no HTML, no links. */
export function escapeMarkdownInline(text: string, maxLength = 300): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const clipped = oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine;
  // A bare URL in a reason would become a live link under GFM: it is shown as code instead.
  let out = '';
  let at = 0;
  for (const m of clipped.matchAll(BARE_LINK)) {
    out += escapeInline(clipped.slice(at, m.index)) + codeSpan(m[0], Infinity);
    at = m.index + m[0].length;
  }
  return out + escapeInline(clipped.slice(at));
}

function escapeInline(text: string): string {
  return neutraliseMentions(escapeHtml(text).replace(/[\\`*_[\]|~]/g, (c) => `\\${c}`));
}

/**
 * GitHub notifies whoever model-written text names (`@octocat`, `@org/team`)
 * and links every issue it references (`#1`, `owner/repo#1`, `GH-1`) in a PR
 * comment or step summary. A zero-width joiner after the `@`, `#` or `GH`
 * keeps the text as it reads and takes the reference away (a character
 * reference, `&#60;`, is no issue reference and stays as it is).
 */
export function neutraliseMentions(text: string): string {
  return text
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200D')
    .replace(/(?<!&|&amp;)#(?=\d)/g, '#\u200D')
    .replace(/\bGH-(?=\d)/gi, (m) => `${m.slice(0, 2)}\u200D-`);
}

/** A Markdown code span: rendered literally, so only backticks and line breaks need care. */
export function codeSpan(text: string, maxLength = 200): string {
  const oneLine = printable(text.replace(/\s+/g, ' ')).replace(/`/g, "'");
  return `\`${oneLine.length > maxLength ? `${oneLine.slice(0, maxLength)}…` : oneLine}\``;
}

/** XML 1.0 forbids most control characters outright; drop them, then escape. */
export function escapeXml(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => HTML[c]!);
}
