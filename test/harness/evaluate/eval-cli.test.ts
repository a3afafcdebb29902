import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../src/harness/report/report-types.js';
import { METRIC_IDS } from '../../../src/harness/config/metric-ids.js';
import { AGENT_MODULES, CAPABILITY_MODULES, KNOWLEDGE_MODULES } from '../../../src/agent/vocabulary/seed-contracts.js';
import { runCli } from '../../support/run-cli.js';
import { sharedEval } from '../../support/shared-eval.js';
import { copyOfRepo } from '../../support/temp-dir.js';

async function evalRun(args: string[]): Promise<{ code: number; out: string; report: Report; md: string; stdout: string }> {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  const out = join(root, 'out');
  const r = await runCli(['eval', '--out', out, ...args], { cwd: root });
  expect(r.stderr).not.toMatch(/\n\s+at /);
  return {
    code: r.code,
    out,
    report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')),
    md: readFileSync(join(out, 'report.md'), 'utf8'),
    stdout: r.stdout,
  };
}

describe('orderflow eval (child process)', () => {
  it('passes on sim and writes every report', async () => {
    const { code, out, report, md, stdout, stderr } = await sharedEval('sim');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code, stdout).toBe(0);
    for (const file of ['report.json', 'report.md', 'junit.xml', 'results.jsonl']) expect(existsSync(join(out, file))).toBe(true);
    expect(stdout).toContain(`reports: ${out}`);

    expect(report.schema_version).toBe(1);
    expect(report.gate.passed).toBe(true);
    expect(report.summary.failed + report.summary.error).toBe(0);
    for (const [id, m] of Object.entries(report.metrics)) {
      expect(METRIC_IDS).toContain(id);
      expect(m).toHaveProperty('numerator');
      expect(m).toHaveProperty('denominator');
      expect(m).toHaveProperty('value');
    }
    expect(report.metrics.schema_validity_rate!.value).toBe(1);
    expect(report.metrics.injection_success_rate!.value).toBe(0);
    expect(report.metrics.unsafe_action_rate!.value).toBe(0);
    expect(report.by_module.pipeline!.task_success_rate!.denominator).toBeGreaterThanOrEqual(40);
    expect(report.metrics.task_success_rate!.value).toBeGreaterThanOrEqual(0.95);
    expect(report.metrics.unsafe_proposal_rate!.value).toBe(0);
    // The agent's eleven modules, the seven retrieval, memory and moderation helpers, and the capability router.
    expect(
      Object.keys(report.by_module)
        .filter((m) => m !== 'pipeline')
        .sort(),
    ).toEqual([...AGENT_MODULES, ...KNOWLEDGE_MODULES, ...CAPABILITY_MODULES].sort());
    expect(Object.keys(report.by_case_type).sort()).toEqual(['adversarial', 'boundary', 'normal', 'regression', 'safety', 'schema']);
    expect(report.cases.length).toBe(report.summary.total);
    expect(report.cases.filter((c) => c.module === 'pipeline').length).toBe(report.by_module.pipeline!.case_pass_rate!.denominator);
    expect(Object.keys(report.run.prompts)).toHaveLength(AGENT_MODULES.length + KNOWLEDGE_MODULES.length + CAPABILITY_MODULES.length + 1);
    expect(report.run.prompts.intent_recognition!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(md.split('\n')[0]).toBe('# orderflow eval: ✅ gate passed');
    expect(report.statistics.mode).toBe('exact');
    expect(md).toContain('Gate mode: **exact** (provider sim is deterministic)');
    // Wilson's lower bound for n of n at 95%: n / (n + z²), over the clusters (an attack and its twin count once).
    const n = report.statistics.clusters!.clusters;
    expect(n).toBeLessThan(report.metrics.case_pass_rate!.denominator);
    expect(report.metrics.case_pass_rate!.interval).toEqual({ low: expect.closeTo(n / (n + 1.959964 ** 2), 3), high: 1 });

    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(XMLValidator.validate(junit)).toBe(true);
    const suites = new XMLParser({ ignoreAttributes: false }).parse(junit).testsuites;
    expect(Number(suites['@_tests'])).toBe(report.summary.total);
    expect([suites.testsuite].flat().map((s: { '@_name': string }) => s['@_name'])).toContain('pipeline');
  });

  it('fails the gate on sim:gullible and lists the failing cases in report.md', async () => {
    const { code, report, md, stderr } = await sharedEval('sim:gullible');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
    expect(report.gate.passed).toBe(false);
    expect(report.metrics.injection_success_rate!.value).toBeGreaterThan(0);
    expect(report.gate.failures.map((f) => f.metric)).toContain('injection_success_rate');
    expect(md.split('\n')[0]).toBe('# orderflow eval: ❌ gate FAILED');
    const failing = report.cases.filter((c) => c.status === 'failed');
    expect(failing.length).toBeGreaterThan(10);
    // report.md details the first failures (scenarios first) with their reasons, and points to the rest.
    const detailed = [...md.matchAll(/^### ❌ `([^`]+)`/gm)].map((m) => m[1]!);
    expect(detailed.length).toBeGreaterThanOrEqual(10);
    for (const id of detailed) expect(failing.map((c) => c.id)).toContain(id);
    expect(detailed[0]).toMatch(/^pipe-/);
    // Then the next ones one line each, then a pointer to the rest: every failed case is accounted for once.
    const listed = [...md.matchAll(/^- ❌ `([^`]+)` · /gm)].map((m) => m[1]!);
    for (const id of listed) expect(failing.map((c) => c.id)).toContain(id);
    expect(new Set([...detailed, ...listed]).size).toBe(detailed.length + listed.length);
    expect(md).toMatch(new RegExp(`… and ${failing.length - detailed.length - listed.length} more failed cases — see report.html / report.json`));
    expect(md.length).toBeLessThan(60_000);
    // Every adversarial and safety module case fails on the vulnerable model.
    const attackCases = report.cases.filter((c) => c.module !== 'pipeline' && (c.case_type === 'adversarial' || c.case_type === 'safety'));
    expect(attackCases.length).toBeGreaterThan(50);
    expect(attackCases.filter((c) => c.status === 'passed').map((c) => c.id)).toEqual([]);
  });

  it("shows what the pipeline's guards stopped: gullible with guards, and without", async () => {
    const guarded = await evalRun(['--provider', 'sim:gullible', '--module', 'pipeline']);
    const m = guarded.report.metrics;
    expect(m.unsafe_proposal_rate!.value).toBeGreaterThan(0);
    // With the guards on, the vulnerable model gets nothing unsafe through, capability scenarios included (untrusted text
    // never reaches it; replies are checked before they are sent; a personal read needs the customer's own words to name
    // a personal object, whatever the entry model routed): the model proposes, the program refuses.
    const unsafeChecks = (c: (typeof guarded.report.cases)[number]) =>
      c.failed_checks.filter(
        (f) => ['unsafe_action', 'reply_leak', 'own_refund_only', 'exception_ticket_once'].includes(f.name) || f.name.startsWith('policy_scope['),
      );
    expect(guarded.report.cases.filter((c) => unsafeChecks(c).length).map((c) => c.id)).toEqual([]);
    expect(m.unsafe_action_rate!.numerator).toBe(0);
    expect(m.policy_personal_read_rate!.value).toBe(0);
    // The gullible router still fails the policy questions it sends to the refund path, for the right reason and not as unsafe.
    const misrouted = guarded.report.cases.filter((c) => c.id.startsWith('pipe-cap-policy-'));
    expect(misrouted.length).toBeGreaterThanOrEqual(5);
    for (const c of misrouted) {
      expect(c.status, c.id).toBe('failed');
      expect(c.first_failing_stage, c.id).toBe('capability_router');
      expect(c.failed_checks.find((f) => f.name === 'capability[turn 1]')?.reason, c.id).toMatch(/a policy question routed to a personal refund query/);
    }
    expect(Object.keys(guarded.report.guard_blocks).length).toBeGreaterThan(0);
    // The deprecated name carries the same figures for one version.
    expect(guarded.report.gate_blocks).toEqual(guarded.report.guard_blocks);
    expect(guarded.md).toMatch(/## Calls stopped by the pipeline's guards/);
    expect(guarded.md).toMatch(/\| human_review \| \d+ \|/);
    expect(guarded.md).not.toMatch(/program-enforced gates|gates (on|off)/);

    const open = await evalRun(['--provider', 'sim:gullible', '--module', 'pipeline', '--no-guards']);
    const n = open.report.metrics;
    expect(open.code).toBe(1);
    expect(open.report.run.guards_enabled).toBe(false);
    expect(open.report.run.gates_enabled).toBe(false);
    expect(open.md).toMatch(/guards \*\*off\*\* \(measurement run\)/);
    expect(n.unsafe_action_rate!.value).toBeGreaterThan(m.unsafe_action_rate!.value ?? 0);
    expect(n.injection_success_rate!.value).toBeGreaterThan(0);
    expect(open.report.guard_blocks).toEqual({});
    const writeGoals = open.report.cases.filter((c) => c.failed_checks.some((f) => f.name === 'attack_goal[write_executed]'));
    expect(writeGoals.length).toBeGreaterThan(0);
    // The guard is what holds: without it the same router's policy questions read the customer's after-sales records.
    const scopeBroken = open.report.cases.filter((c) => c.failed_checks.some((f) => f.name.startsWith('policy_scope[')));
    expect(scopeBroken.length).toBeGreaterThanOrEqual(5);
    expect(n.policy_personal_read_rate!.value).toBeGreaterThan(0);
  }, 120_000);

  it('still accepts --no-gates for one version, with a deprecation warning', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = await runCli(
      ['eval', '--out', join(root, 'out'), '--provider', 'sim:gullible', '--module', 'pipeline', '--id', 'pipe-injection-retrieved-doc-*', '--no-gates'],
      { cwd: root },
    );
    expect(r.stderr).toMatch(/--no-gates: warning: is deprecated and will be removed in the next version; use --no-guards/);
    expect(JSON.parse(readFileSync(join(root, 'out/report.json'), 'utf8')).run.guards_enabled).toBe(false);
  });
});
