/**
 * Each escaper against text that tries to break out of its format. The
 * property checked is the one a reader relies on: rendered by a real parser,
 * the text comes back as exactly the text (whitespace collapsed where the
 * escaper promises one line), with no element of its own.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { codeSpan, escapeHtml, escapeMarkdownInline, escapeXml } from '../../../src/harness/report/escape.js';

const markdown = new MarkdownIt({ html: true });

/** Benign text every escaper must leave readable, and hostile text each must neutralise. */
const BENIGN = ['订单 O123 已发货，预计明天送达', 'refund 100.5 yuan (order O9)', 'a.b=c; d: e, f!'];
const HOSTILE = [
  '<script>alert(1)</script>',
  '</pre><script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '**bold** and _em_ and ~~strike~~',
  'a `code` span',
  '[click](https://evil.example)',
  '![pixel](https://evil.example/p.png)',
  '<https://evil.example/autolink>',
  '| forged | row |',
  '&lt;script&gt; &amp; &#60;b&#62;',
  'back\\*slash\\* and \\\\',
  '# heading\n\n## second\n- item',
  '\\',
  'x]](y) [[a]]',
];

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('escapeMarkdownInline: text in a Markdown paragraph or table cell', () => {
  it.each(BENIGN)('leaves plain text as it is: %s', (text) => {
    expect(escapeMarkdownInline(text)).toBe(text);
  });

  // A bare URL is the one thing shown as code, so that GFM cannot make it a link.
  const withoutCode = (html: string) => html.replace(/<\/?code>/g, '');

  it.each(HOSTILE)('renders %j as its own text, with no markup', (text) => {
    const html = markdown.renderInline(escapeMarkdownInline(text));
    expect(withoutCode(html)).not.toMatch(/</);
    expect(decode(withoutCode(html))).toBe(oneLine(text));
  });

  it.each(HOSTILE)('keeps %j inside one table cell', (text) => {
    const html = markdown.render(`| a | b |\n|---|---|\n| x | ${escapeMarkdownInline(text)} |\n`);
    expect(html.match(/<tr>/g)).toHaveLength(2);
    const cells = [...html.matchAll(/<td>(.*?)<\/td>/gs)].map((m) => m[1]!);
    expect(cells).toHaveLength(2);
    expect(decode(withoutCode(cells[1]!))).toBe(oneLine(text));
  });

  it('the hostile inputs would render as markup without it', () => {
    const raw = (text: string) => markdown.renderInline(oneLine(text));
    for (const text of [
      '<script>alert(1)</script>',
      '**bold** and _em_ and ~~strike~~',
      'a `code` span',
      '[click](https://evil.example)',
      '![pixel](https://evil.example/p.png)',
      '<https://evil.example/autolink>',
    ]) {
      expect(raw(text), text).toMatch(/<(script|strong|em|s|code|a|img) ?/);
    }
    expect(decode(raw('&lt;script&gt;'))).toBe('<script>');
  });

  it('one line: no heading or list can start inside it', () => {
    expect(escapeMarkdownInline('a\n# b\r\n- c\td')).toBe('a # b - c d');
    expect(markdown.render(`- ${escapeMarkdownInline('reason\n# Gate passed ✅')}`)).not.toContain('<h1>');
  });

  it('trims the ends, so an indented or trailing line break adds nothing', () => {
    expect(escapeMarkdownInline('\n  a  b \t\n')).toBe('a b');
  });

  it('clips long text at the limit, marking the cut', () => {
    expect(escapeMarkdownInline('a'.repeat(300))).toBe('a'.repeat(300));
    expect(escapeMarkdownInline('a'.repeat(301))).toBe(`${'a'.repeat(300)}…`);
    expect(escapeMarkdownInline('abcdef', 5)).toBe('abcde…');
    // Clipped before escaping: an escape sequence is never cut in half.
    expect(escapeMarkdownInline('<<<<<<', 3)).toBe('&lt;&lt;&lt;…');
  });
});

describe('codeSpan: text shown literally in a code span', () => {
  it.each(BENIGN)('shows %s unchanged', (text) => {
    expect(markdown.renderInline(codeSpan(text))).toBe(`<code>${escapeHtml(text).replace(/"/g, '&quot;')}</code>`);
  });

  it.each(HOSTILE.filter((t) => !/^\s|\s$/.test(t)))('keeps %j inside the one code span', (text) => {
    const html = markdown.renderInline(codeSpan(text));
    const inner = html.match(/^<code>(.*)<\/code>$/s);
    expect(inner, html).not.toBeNull();
    expect(inner![1]).not.toMatch(/</);
    expect(decode(inner![1]!)).toBe(text.replace(/\s+/g, ' ').replace(/`/g, "'"));
  });

  it('a backtick cannot close the span early; long text is clipped', () => {
    expect(codeSpan('a`b')).toBe("`a'b`");
    expect(codeSpan('x'.repeat(200))).toBe(`\`${'x'.repeat(200)}\``);
    expect(codeSpan('x'.repeat(201))).toBe(`\`${'x'.repeat(200)}…\``);
    expect(codeSpan('xyz', 2)).toBe('`xy…`');
  });
});

describe('escapeHtml: text inside <pre> in report.md', () => {
  it.each(BENIGN)('leaves %s unchanged', (text) => {
    expect(escapeHtml(text)).toBe(text);
  });

  it.each(HOSTILE)('keeps %j inside the <pre> block as text', (text) => {
    const escaped = escapeHtml(text);
    expect(escaped).not.toMatch(/[<>]/);
    expect(decode(escaped)).toBe(text);
    const html = markdown.render(`<details><summary>output</summary>\n\n<pre>${escaped}</pre>\n\n</details>\n`);
    expect(html).not.toMatch(/<script|<img|<h1|<strong|<a /);
    expect(html.match(/<\/pre>/g)).toHaveLength(1);
  });

  it('escapes & first, so entities in the text stay text', () => {
    expect(escapeHtml('&lt;b&gt; & <b>')).toBe('&amp;lt;b&amp;gt; &amp; &lt;b&gt;');
  });
});

describe('escapeXml: text in junit.xml attributes and elements', () => {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    htmlEntities: true,
  });
  const XML_HOSTILE = [
    ...HOSTILE,
    '"/><testcase name="forged"/>',
    "' onload='x",
    ']]></failure><testcase name="forged"/>',
    'a\u0000b\u0007c\u001bd\u000be\ufffff\ufffe',
  ];

  it.each(BENIGN)('leaves %s unchanged', (text) => {
    expect(escapeXml(text)).toBe(text);
  });

  it.each(XML_HOSTILE)('keeps %j inside one attribute and one element', (text) => {
    const xml = `<suite><case name="${escapeXml(text)}">${escapeXml(text)}</case></suite>`;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = parser.parse(xml) as { suite: { case: { name: string; '#text': string } } };
    // eslint-disable-next-line no-control-regex
    const legal = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
    expect(parsed.suite.case.name).toBe(legal);
    expect(parsed.suite.case['#text']).toBe(legal);
  });

  it('drops the control characters XML 1.0 forbids and keeps tab, line feed and carriage return', () => {
    expect(escapeXml('a\u0000\u0001\u0008\u000b\u000c\u000e\u001f\ufffe\uffffb')).toBe('ab');
    expect(escapeXml('a\tb\nc\rd')).toBe('a\tb\nc\rd');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&#39;');
  });
});
