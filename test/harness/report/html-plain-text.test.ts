/**
 * The html tag skips escaping for plain text: what it skips must be exactly
 * what escaping would leave as it is. Every character escaping changes, alone
 * and inside plain text, must still come out changed.
 */
import { describe, expect, it } from 'vitest';
import { html } from '../../../src/harness/report/html/safe-html.js';

/** Each character the escaper removes, rewrites as an entity or shows as an escape. */
const CHANGED = [
  ...Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x09 && c !== 0x0a),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x200e,
  0x200f,
  ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069],
  ...'&<>"\'`'.split('').map((c) => c.charCodeAt(0)),
].map((c) => String.fromCharCode(c));

describe('html`` on plain and hostile text', () => {
  it('leaves plain text as it is (ids, Chinese text, tab and line feed)', () => {
    for (const text of ['intent-seed-refund-001', '订单 O123 已发货，预计明天送达', 'a\tb\nc', 'passed']) expect(html`${text}`.value).toBe(text);
  });

  it.each(CHANGED.map((c) => [c.charCodeAt(0).toString(16), c]))('changes U+%s, alone and inside plain text', (_, c) => {
    expect(html`${c}`.value).not.toBe(c);
    expect(html`${`订单 O1 ${c} ok`}`.value).not.toBe(`订单 O1 ${c} ok`);
  });

  it('keeps markup out: a script tag arrives as text', () => {
    expect(html`<td>${'</td><script>alert(1)</script>'}</td>`.value).toBe('<td>&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;</td>');
  });
});
