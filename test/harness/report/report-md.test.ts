/**
 * report.md as a reviewer's browser renders it, fed attacker-controlled text in
 * every place model output or case text can reach: the rendered page must show
 * that text as text, and only the report's own structure as structure.
 */
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseEntry } from '../../../src/harness/report/case-entries.js';
import { renderMarkdown } from '../../../src/harness/report/report-md.js';
import type { ReportHead } from '../../../src/harness/report/report-types.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';

const markdown = new MarkdownIt({ html: true });
const HOSTILE = '**PASS** [click](https://evil.example) <img src=x onerror=alert(1)> | forged | cell | `tick` _em_ ~~s~~\n# Gate passed ✅';

let head: ReportHead;
beforeAll(async () => {
  // A real head, so the test keeps up with whatever the report grows.
  const root = repoCopy();
  head = (await evalIn(root, { out: join(root, 'out'), module: ['intent_recognition'], id: ['intent-seed-refund-unshipped-001'] })).head;
});

function hostileInput(): { head: ReportHead; failures: CaseEntry[]; failuresTotal: number } {
  const failure: CaseEntry = {
    id: 'hostile-001',
    module: 'intent_recognition',
    case_type: 'adversarial',
    status: 'failed',
    failed_checks: [{ name: 'expected_enum_values[intent]', reason: `expected "refund_request", got ${HOSTILE}` }],
    description: HOSTILE,
    raw_output: `</pre>${HOSTILE}<script>alert(2)</script>`,
    file: 'cases/intent_recognition/x.yaml',
    line: 3,
  };
  const errored: CaseEntry = { ...failure, id: 'hostile-002', status: 'error', failed_checks: [], error: `HTTP 500 from server: ${HOSTILE}` };
  const gate = {
    ...head.gate,
    passed: false,
    failures: [{ metric: 'case_pass_rate', value: 0.5, threshold: { min: 0.9 }, message: `case_pass_rate ${HOSTILE}` }],
  };
  return { head: { ...head, gate }, failures: [failure, errored], failuresTotal: 2 };
}

describe('renderMarkdown escapes every text it did not write itself', () => {
  it('a hostile reason, description, error, output and gate message render as text', () => {
    const md = renderMarkdown(hostileInput());
    const html = markdown.render(md);
    // Only the report's own verdict heading.
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toMatch(/<h1>orderflow eval: ❌ gate FAILED<\/h1>/);
    expect(html).not.toMatch(/<script|<img|href="https:\/\/evil|<strong>PASS<\/strong>|<em>em<\/em>|<s>s<\/s>|<td>forged|<code>tick<\/code>/);
    // The text is there for the reviewer, readable.
    // (the bare URL shown as code, so that no renderer turns it into a link)
    expect(html).toContain(
      '**PASS** [click](<code>https://evil.example)</code> &lt;img src=x onerror=alert(1)&gt; | forged | cell | `tick` _em_ ~~s~~ # Gate passed ✅',
    );
    expect(html.match(/<pre>/g)).toHaveLength(2);
    expect(html.match(/<\/pre>/g)).toHaveLength(2);
  });
});
