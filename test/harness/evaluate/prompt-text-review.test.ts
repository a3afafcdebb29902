/**
 * A prompt whose text alone changed — rules deleted, a scenario rewritten —
 * is shown line by line in every report: the terminal, report.md, the CI
 * summary and report.html, against the shipped baseline (stored before whole
 * sections were kept: the unchanged v2 file at hand supplies them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

const DELETED_RULE = 'never promises or reports an action that has not been verified;';
const OLD_SCENARIO =
  'Only when verification_result.should_tell_user_success is true may the reply say the request was submitted or created, limited to what verification confirms.';
const NEW_SCENARIO = 'Tell the customer it succeeded.';

function responseV3TextOnly(v2: string): string {
  return v2
    .replaceAll('response_v2', 'response_v3')
    .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0')
    .replace('changelog:\n', 'changelog:\n  - v3.0.0: Friendlier wording.\n')
    .replace(`3. ${DELETED_RULE}\n`, '')
    .replace(OLD_SCENARIO, NEW_SCENARIO);
}

describe('a text-only prompt change, line by line in every report', () => {
  it('shows the deleted rule and the rewritten scenario in the terminal, report.md, the summary and report.html', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'reports', 'orderflow.config.yaml']);
    const v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
    const v3 = responseV3TextOnly(v2);
    expect(v3).not.toContain(DELETED_RULE);
    writeFileSync(join(root, 'prompts/response_v3.md'), v3);

    const run = await runCli(['eval', '--out', join(root, 'run')], { cwd: root });
    const md = readFileSync(join(root, 'run/report.md'), 'utf8');
    const page = readFileSync(join(root, 'run/report.html'), 'utf8');
    const summary = await runCli(['summary', join(root, 'run')], { cwd: root });
    expect(summary.code, summary.stderr).toBe(0);
    const step = summary.stdout;
    const everyReport = [
      ['terminal', run.stdout],
      ['report.md', md],
      ['summary', step],
      ['report.html', page],
    ] as const;
    for (const [where, text] of everyReport) {
      expect(text, where).toContain('response_v2 v2.1.0');
      expect(text, where).toContain(`- ${DELETED_RULE}`);
      expect(text, where).toContain(`- execution_success: ${OLD_SCENARIO}`);
      expect(text, where).toContain(`+ execution_success: ${NEW_SCENARIO}`);
      expect(text, where).toContain('+ v3.0.0: Friendlier wording.');
    }
    // sim never read those lines: said in every report, and the gate fails until they are evaluated or accepted.
    expect(run.code).toBe(1);
    const report = JSON.parse(readFileSync(join(root, 'run/report.json'), 'utf8'));
    expect(report.gate.failures.map((f: { metric: string }) => f.metric)).toEqual(['prompt_text_evaluated']);
    for (const [where, text] of everyReport) {
      expect(text, where).toContain('text changed, not evaluated by sim');
    }
    expect(md).toMatch(/not evaluated by sim\*\*[^\n]*\n\n- System Role\n {2}- `- never promises or reports an action that has not been verified;`/);
    const accepted = await runCli(['eval', '-q', '--accept', 'unevaluated-text', '--out', join(root, 'accepted')], { cwd: root });
    expect(accepted.code, accepted.stdout).toBe(0);
    const acceptedReport = JSON.parse(readFileSync(join(root, 'accepted/report.json'), 'utf8'));
    expect(acceptedReport.gate.accepted).toEqual(['unevaluated-text']);
    expect(readFileSync(join(root, 'accepted/report.md'), 'utf8')).toContain(
      'Accepted on purpose (`--accept unevaluated-text`): prompt text changed since the baseline, not evaluated by sim',
    );

    // Near the top of report.html: before the metric cards and the case tables.
    expect(page.indexOf('id="prompt-changes"')).toBeLessThan(page.indexOf('id="cases"') >= 0 ? page.indexOf('id="cases"') : Infinity);
  }, 240_000);
});
