/**
 * HTML built only through the `html` tag: every interpolated value is escaped
 * (text and attribute alike) unless it is itself the result of `html`. Model
 * output, case ids and reasons therefore reach the page as text, never as
 * markup — escaping is the default, not something each call site remembers.
 */
import { printable } from '../../base/printable.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | boolean | null | undefined | readonly Interpolated[];

/** Anything escapeHtmlText would change: a control or bidirectional character, or one HTML gives a meaning to. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069&<>"'`]/;

function escapeHtmlText(text: string): string {
  // Most values (ids, module names, statuses) are plain: a report of 10,000 rows escapes some 100,000 of them.
  if (!NEEDS_ESCAPING.test(text)) return text;
  // Control characters (other than tab and newline) never reach the page; a bidirectional override,
  // which would reorder what a reviewer reads, is shown as its escape, as in the terminal and report.md.
  // eslint-disable-next-line no-control-regex
  return printable(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')).replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtmlText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Markup that is already safe: only for constant strings written in this codebase (the page's CSS and script). */
export function trusted(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
