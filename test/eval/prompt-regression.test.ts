import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { copyOfRepo } from '../support/temp-dir.js';

/**
 * The job CI exists for: a prompt version bump that weakens the agent must fail
 * the build. response_v3 is response_v2 with one forbidden phrase dropped;
 * sim reads the list from the active prompt, so it now lets the phrase through.
 */
describe('a prompt version bump that makes things worse fails the build', () => {
  it('is caught against the baseline, named in report.md, and flagged by diff', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const first = runCli(['eval', '-q', '--update-baseline', '--out', join(root, 'before')], { cwd: root });
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain('baseline updated:');

    const v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
    const v3 = v2
      .replaceAll('response_v2', 'response_v3')
      .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0')
      .replace('changelog:\n', 'changelog:\n  - v3.0.0: Shorter forbidden phrase list.\n')
      .replace(/^- 订单已取消\n/m, '');
    expect(v3).not.toMatch(/^- 订单已取消$/m);
    writeFileSync(join(root, 'prompts/response_v3.md'), v3);
    expect(runCli(['lint'], { cwd: root }).code).toBe(0);

    const diff = runCli(['diff', 'response_v2', 'response_v3', '--fail-on-breaking'], { cwd: root });
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/BREAKING\s+forbidden phrase: forbidden phrase "订单已取消" removed/);

    const after = runCli(['eval', '-q', '--out', join(root, 'after')], { cwd: root });
    expect(after.code).toBe(1);
    const report = JSON.parse(readFileSync(join(root, 'after/report.json'), 'utf8'));
    expect(report.run.prompts.customer_response_generation.name).toBe('response_v3');
    expect(report.baseline.newly_failing_count).toBeGreaterThan(0);
    expect(report.gate.failures.map((f: { metric: string }) => f.metric)).toContain('new_failures');
    const md = readFileSync(join(root, 'after/report.md'), 'utf8');
    // Each newly failing case on its own line, with its module and reason.
    expect(md).toContain(`**Newly failing (${report.baseline.newly_failing_count})**`);
    for (const id of report.baseline.newly_failing.slice(0, 25)) expect(md).toMatch(new RegExp(`^- \`${id}\` \\([a-z_]+\\) — .+$`, 'm'));

    // Pinning the old version restores the verdict: the pin is what the run uses.
    const pinned = runCli(['eval', '-q', '--out', join(root, 'pinned'), '--prompt', 'customer_response_generation=response_v2'], { cwd: root });
    expect(pinned.code).toBe(0);
  }, 180_000);
});
