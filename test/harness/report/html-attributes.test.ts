/**
 * Attribute escaping in report.html. The element text is covered elsewhere
 * (report-escaping, the headless browser test); here every attribute the page
 * writes is read back the way an HTML tokenizer reads it. The same report is
 * rendered twice: as it is, and with every text a case carries (id, module,
 * case type, reasons, error, attribution, output) prefixed with text built to
 * leave an attribute (both quotes, `>`, a `javascript:` URL, a backtick). The
 * hostile page must have exactly the tags and attributes of the plain one,
 * and each attribute that carries such text must read back as that text.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { collectHtmlData } from '../../../src/harness/report/html/collect-html-data.js';
import { renderHtmlReport } from '../../../src/harness/report/html/render-html-report.js';
import type { CaseEntry } from '../../../src/harness/report/case-entries.js';
import type { Report } from '../../../src/harness/report/report-types.js';
import { evalIn, readReport } from '../../support/eval-fixture.js';
import { sharedCopyOfRepo } from '../../support/temp-dir.js';
import { join } from 'node:path';

const HOSTILE = `x" onmouseover="alert(1)" y='z' onfocus='alert(2)' "><img src=x onerror=alert(3)> javascript:alert(4) \`b\` `;

interface StartTag {
  name: string;
  attrs: [string, string][];
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (value: string) =>
  value.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (m, dec, hex, name) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : (ENTITY[name] ?? m),
  );

/**
 * The start tags of a page with their attributes, as the HTML tokenizer splits
 * them: a double-quoted value ends at the next `"`, a single-quoted one at the
 * next `'`, an unquoted one at whitespace or `>`. Comments and the raw text of
 * <script>, <style>, <title> and <textarea> are skipped.
 */
function startTags(page: string): StartTag[] {
  const tags: StartTag[] = [];
  const tagName = /<([a-zA-Z][^\s/>]*)/y;
  const attrName = /[^\s/>=][^\s/>=]*/y;
  const unquoted = /[^\s>]*/y;
  let i = 0;
  while ((i = page.indexOf('<', i)) !== -1) {
    if (page.startsWith('<!--', i)) {
      i = page.indexOf('-->', i) + 3;
      continue;
    }
    tagName.lastIndex = i;
    const m = tagName.exec(page);
    if (!m) {
      i += 1;
      continue;
    }
    const tag: StartTag = { name: m[1]!.toLowerCase(), attrs: [] };
    let j = tagName.lastIndex;
    for (;;) {
      while (j < page.length && /[\s/]/.test(page[j]!)) j += 1;
      if (j >= page.length || page[j] === '>') break;
      attrName.lastIndex = j;
      const name = attrName.exec(page)![0];
      j = attrName.lastIndex;
      while (/\s/.test(page[j] ?? '')) j += 1;
      let value = '';
      if (page[j] === '=') {
        j += 1;
        while (/\s/.test(page[j] ?? '')) j += 1;
        const quote = page[j];
        if (quote === '"' || quote === "'") {
          const end = page.indexOf(quote, j + 1);
          value = page.slice(j + 1, end);
          j = end + 1;
        } else {
          unquoted.lastIndex = j;
          value = unquoted.exec(page)![0];
          j = unquoted.lastIndex;
        }
      }
      tag.attrs.push([name.toLowerCase(), decode(value)]);
    }
    tags.push(tag);
    i = j + 1;
    if (['script', 'style', 'title', 'textarea'].includes(tag.name)) i = page.indexOf(`</${tag.name}`, i);
  }
  return tags;
}

const shape = (tags: StartTag[]) => tags.map((t) => `${t.name}[${t.attrs.map(([n]) => n).join(' ')}]`);

function hostileCase(c: CaseEntry): CaseEntry {
  const h = (s: string) => `${HOSTILE}${s}`;
  return {
    ...c,
    id: h(c.id),
    // "pipeline" marks a scenario, which the page orders and shows differently: kept, to keep the page's shape.
    module: c.module === 'pipeline' ? c.module : h(c.module),
    case_type: h(c.case_type),
    failed_checks: c.failed_checks.map((f) => ({ ...f, reason: h(f.reason) })),
    ...(c.error ? { error: h(c.error) } : {}),
    ...(c.raw_output ? { raw_output: h(c.raw_output) } : {}),
    ...(c.attribution ? { attribution: { ...c.attribution, summary: h(c.attribution.summary) } } : {}),
  } as CaseEntry;
}

function page(report: Report, cases: CaseEntry[]): string {
  return renderHtmlReport(collectHtmlData(report, cases));
}

describe('report.html attributes', () => {
  let plain: StartTag[];
  let hostile: StartTag[];
  beforeAll(async () => {
    const root = sharedCopyOfRepo();
    const out = join(root, 'gullible');
    await evalIn(root, { provider: 'sim:gullible', out, baseline: false, module: ['intent_recognition', 'pipeline'] });
    const report = readReport(out);
    plain = startTags(page(report, report.cases));
    hostile = startTags(page(report, report.cases.map(hostileCase)));
  }, 120_000);

  it('hostile text changes attribute values, never the tags or attributes of the page', () => {
    expect(plain.length).toBeGreaterThan(100);
    expect(shape(hostile)).toEqual(shape(plain));
    const names = new Set(hostile.flatMap((t) => t.attrs.map(([n]) => n)));
    expect([...names].filter((n) => /^on/.test(n))).toEqual([]);
    expect(hostile.filter((t) => t.name === 'img')).toEqual([]);
  });

  it('each attribute that carries case text reads back as that text, quotes and all', () => {
    const carrying = new Map<string, number>();
    const plainValues = new Set(plain.flatMap((t) => t.attrs.map(([n, v]) => `${t.name} ${n}=${v}`)));
    hostile.forEach((tag, i) => {
      tag.attrs.forEach(([name, value], k) => {
        // Unchanged, or a value of the plain page moved (the options are sorted, and hostile text sorts elsewhere).
        if (value === plain[i]!.attrs[k]![1] || plainValues.has(`${tag.name} ${name}=${value}`)) return;
        carrying.set(`${tag.name} ${name}`, (carrying.get(`${tag.name} ${name}`) ?? 0) + 1);
        // The value is the plain page's value with the text it was given, intact (data-search holds it lowercased).
        expect(value.toLowerCase(), `${tag.name} ${name}`).toContain(HOSTILE.trim().toLowerCase());
        expect(value.replaceAll(HOSTILE, '').replaceAll(HOSTILE.toLowerCase(), ''), `${tag.name} ${name}`).not.toMatch(/onmouseover|onerror/);
      });
    });
    // Every attribute the page fills from case data was exercised.
    expect([...carrying.keys()].sort()).toEqual(['code title', 'option value', 'tr data-module', 'tr data-search', 'tr data-type']);
  });

  it('no link goes anywhere but an anchor on the page: no javascript: URL', () => {
    const links = hostile.flatMap((t) => t.attrs.filter(([n]) => ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(n)).map(([, v]) => v));
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(link).toMatch(/^#[\w-]+$/);
  });
});
