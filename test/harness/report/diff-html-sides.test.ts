/**
 * `orderflow diff A B --html` for a reviewer: it names both runs' prompt
 * versions (the ones that differ first) and shows the outputs of every
 * flipped case side by side — a passing scenario's reply read from its
 * results.jsonl; a passing module case's output is not recorded, and says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { sharedEval } from '../../support/shared-eval.js';
import { copyOfRepo } from '../../support/temp-dir.js';

describe('diff --html of two runs', () => {
  it('names both prompt versions and shows the outputs of each flipped case side by side', async () => {
    // Run A: the suite as shipped, which this run shares with other files (read only).
    const shipped = await sharedEval('sim');
    expect(shipped.code).toBe(0);
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
    const v3 = v2
      .replaceAll('response_v2', 'response_v3')
      .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0')
      .replace('changelog:\n', 'changelog:\n  - v3.0.0: Shorter list.\n')
      .replace(/^- 订单已取消\n/m, '');
    writeFileSync(join(root, 'prompts/response_v3.md'), v3);
    await runCli(['eval', '-q', '--no-baseline', '--out', join(root, 'b')], { cwd: root });
    const diff = await runCli(['diff', shipped.out, join(root, 'b'), '--html'], { cwd: root });
    expect(diff.code, diff.stderr).toBe(0);
    const page = readFileSync(join(root, 'b/diff.html'), 'utf8');
    const a = shipped.report;
    const b = JSON.parse(readFileSync(join(root, 'b/report.json'), 'utf8'));
    const flipped = b.cases.filter(
      (c: { id: string; status: string }) => c.status !== 'passed' && a.cases.find((x: { id: string }) => x.id === c.id)?.status === 'passed',
    );
    expect(flipped.length).toBeGreaterThan(0);

    expect(page).toContain('Prompt versions (1 differ)');
    expect(page).toMatch(/<tr class="prompt-differs"><td>customer_response_generation<\/td><td>response_v2 v2\.1\.0<\/td><td>response_v3 v3\.0\.0<\/td>/);
    const section = page.slice(page.indexOf('id="newly-failing"'), page.indexOf('id="newly-passing"'));
    for (const c of flipped) {
      const row = section.slice(section.indexOf(`<code class="case-id">${c.id}</code>`));
      const cells = row.slice(0, row.indexOf('</tr>'));
      // B's failing output always; A's passing one for a scenario (its reply, from results.jsonl), else said to be unrecorded.
      const outputs = cells.split('<pre class="output">').length - 1;
      if (c.module === 'pipeline') expect(outputs, c.id).toBe(2);
      else expect([outputs, cells.includes('output not recorded: a run keeps the outputs of failed module cases only')], c.id).toEqual([1, true]);
    }
  }, 180_000);
});
