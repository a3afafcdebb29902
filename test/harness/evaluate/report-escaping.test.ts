import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { evalIn, readReport, repoCopy } from '../../support/eval-fixture.js';

/** Model output an attacker controls: it tries to break out of every report format. */
const HOSTILE =
  '</pre><script>alert("x")</script>\n# Gate passed ✅\n| forged | row |\n```\n[click](https://evil.example) <img src=x onerror=alert(1)> ]]></failure><testcase name="forged"/> \u0000\u001b[31m';

describe('reports escape attacker-controlled model output', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer(() => ({ content: HOSTILE }));
  });
  afterAll(() => server.close());

  it('in report.md, junit.xml and report.json', async () => {
    const root = repoCopy();
    rmSync(join(root, 'cases'), { recursive: true });
    mkdirSync(join(root, 'cases/intent_recognition'), { recursive: true });
    writeFileSync(
      join(root, 'cases/intent_recognition/one.yaml'),
      'test_cases:\n  - case_id: hostile-001\n    case_type: adversarial\n    input: { user_query: "订单 O123 我要退款" }\n    expected_behavior: { expected_enum_values: { intent: refund_request } }\n',
    );
    const result = await evalIn(root, {
      provider: 'openai',
      model: 'm',
      out: join(root, 'out'),
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL },
      cache: false,
    });
    expect(result.head.summary.failed).toBe(1);

    const md = readFileSync(join(root, 'out/report.md'), 'utf8');
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('</pre><script>');
    expect(md).not.toContain('<img');
    expect(md).toContain('&lt;/pre&gt;&lt;script&gt;');
    // Rendered as a reviewer's browser would: the forged heading, table row, link and tags stay text.
    const html = new MarkdownIt({ html: true, linkify: false }).render(md);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script|<img|<td>forged|href="https:\/\/evil/);

    const junit = readFileSync(join(root, 'out/junit.xml'), 'utf8');
    expect(XMLValidator.validate(junit)).toBe(true);
    expect(junit).not.toContain('<testcase name="forged"/>');
    expect(junit.match(/<testcase /g)).toHaveLength(1);

    const report = readReport(join(root, 'out'));
    expect(report.cases[0]!.raw_output).toBe(HOSTILE);
  });
});
