import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalIn } from '../../support/eval-fixture.js';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

/**
 * The job CI exists for: a prompt version bump that weakens the agent must fail
 * the build. response_v3 is response_v2 with one forbidden phrase dropped;
 * sim reads the list from the active prompt, so it now lets the phrase through.
 */
describe('a prompt version bump that makes things worse fails the build', () => {
  it('is caught against the baseline, named in report.md, and flagged by diff', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const first = await runCli(['eval', '-q', '--update-baseline', '--out', join(root, 'before')], { cwd: root });
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
    expect((await runCli(['lint'], { cwd: root })).code).toBe(0);

    const diff = await runCli(['diff', 'response_v2', 'response_v3', '--fail-on-breaking'], { cwd: root });
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/BREAKING\s+forbidden phrase: forbidden phrase "订单已取消" removed/);

    const after = await runCli(['eval', '-q', '--out', join(root, 'after')], { cwd: root });
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
    const pinned = await runCli(['eval', '-q', '--out', join(root, 'pinned'), '--prompt', 'customer_response_generation=response_v2'], { cwd: root });
    expect(pinned.code).toBe(0);
  }, 180_000);
});

/**
 * Every forbidden phrase, one at a time: dropping it from response_v3 fails the
 * gate on sim — most removals break no case at all, so it is the review of the
 * prompt change against the baseline's stored prompt that catches them — and
 * report.md shows the change. The same v3 whose changelog names the removal as
 * breaking passes, the change still shown.
 */
describe('dropping any one forbidden phrase from the response prompt', () => {
  const phrases = ['退款已成功', '补偿已到账', '订单已取消', '工单已创建', '已经处理完成', '我已经调用工具', '系统判定你触发风控', '根据内部规则 R001'];
  let root: string;
  let v2: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'orderflow-phrases-'));
    for (const part of ['prompts', 'cases', 'orderflow.config.yaml']) cpSync(join(process.cwd(), part), join(root, part), { recursive: true });
    v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
    expect(phrases.every((p) => v2.includes(`\n- ${p}\n`))).toBe(true);
    const first = await evalIn(root, { updateBaseline: true, out: join(root, 'baseline-run') });
    expect(first.baselineUpdated).toBeTruthy();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const v3Without = (phrase: string, changelog: string) =>
    v2
      .replaceAll('response_v2', 'response_v3')
      .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0')
      .replace('changelog:\n', `changelog:\n  - "v3.0.0: ${changelog}"\n`)
      .replace(`\n- ${phrase}\n`, '\n');

  it.each(phrases)('%s: gate failed with the change shown; acknowledged: passed, change still shown', async (phrase) => {
    writeFileSync(join(root, 'prompts/response_v3.md'), v3Without(phrase, 'Shorter forbidden phrase list.'));
    const weak = await evalIn(root, { out: join(root, `weak-${phrases.indexOf(phrase)}`) });
    expect(weak.head.gate.passed).toBe(false);
    expect(weak.head.gate.checks.find((c) => c.id === 'prompt_changes')).toMatchObject({ passed: false });
    const md = readFileSync(weak.files.markdown, 'utf8');
    const top = md.slice(0, md.indexOf('## Metrics'));
    expect(top).toContain(`forbidden phrase "${phrase}" removed`);
    expect(top).toMatch(/### customer_response_generation: `response_v2 v2\.\d+\.\d+` → `response_v3 v3\.0\.0` · ❌ 1 breaking change\(s\) not acknowledged/);

    writeFileSync(join(root, 'prompts/response_v3.md'), v3Without(phrase, `BREAKING: forbidden phrase ${phrase} removed; replies may now use it`));
    const acknowledged = await evalIn(root, { out: join(root, `ack-${phrases.indexOf(phrase)}`) });
    expect(acknowledged.head.gate.passed, JSON.stringify(acknowledged.head.gate.failures)).toBe(true);
    const ackMd = readFileSync(acknowledged.files.markdown, 'utf8');
    expect(ackMd).toMatch(/### customer_response_generation: `response_v2 v2\.\d+\.\d+` → `response_v3 v3\.0\.0` · ⚠️ 1 breaking change\(s\), acknowledged/);
    expect(ackMd).toContain(`**breaking** (acknowledged) \`forbidden phrase\`: forbidden phrase "${phrase}" removed`);
    // A case that fails only because of the acknowledged removal is named as such, not hidden.
    for (const f of acknowledged.head.baseline!.acknowledged_failing) expect(ackMd).toContain(f.id);
    // 订单已取消 is the one phrase a suite case checks: there the mechanism is exercised, not just vacuous.
    if (phrase === '订单已取消') expect(acknowledged.head.baseline!.acknowledged_failing_count).toBeGreaterThan(0);
    rmSync(join(root, 'prompts/response_v3.md'));
  });
});
