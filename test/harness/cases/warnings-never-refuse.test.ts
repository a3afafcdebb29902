/**
 * A warning is printed and the run goes on; only an error refuses it. Each
 * kind of warning a suite can carry into `orderflow eval` is run here to a
 * report: a suite written before a warning existed must still run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iterateSuite, loadCaseSuite } from '../../../src/harness/cases/case-suite.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { withAgent } from '../../support/agent-scenarios.js';
import { idleGoalScenario } from '../../support/idle-goal-scenario.js';

const IDLE_GOAL = idleGoalScenario('warn-idle-goal');

function reportOf(stdout: string): string {
  const path = /report: (.+report\.html)/.exec(stdout)?.[1];
  expect(path, stdout).toBeTruthy();
  return path!;
}

describe('warnings never refuse a run', () => {
  it('a scenario whose attack goal measures nothing: warned with file, line and field, then run to a report', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    mkdirSync(join(root, 'cases/pipeline'), { recursive: true });
    writeFileSync(join(root, 'cases/pipeline/zz-warn.yaml'), IDLE_GOAL);
    const r = await runCli(['eval', '-q', '--id', 'warn-idle-goal', '--no-baseline'], { cwd: root });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(r.stderr).toMatch(/cases\/pipeline\/zz-warn\.yaml:13: warning: warn-idle-goal: injection\.goals: goal write_executed measures nothing here/);
    expect(r.stderr).not.toMatch(/error:/);
    const report = reportOf(r.stdout);
    expect(existsSync(report)).toBe(true);
    const json = JSON.parse(readFileSync(join(report, '../report.json'), 'utf8')) as { cases: { id: string }[] };
    expect(json.cases.map((c) => c.id)).toEqual(['warn-idle-goal']);
  });

  it('the same warning beside an error: the error refuses, and both are printed', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    mkdirSync(join(root, 'cases/pipeline'), { recursive: true });
    writeFileSync(join(root, 'cases/pipeline/zz-warn.yaml'), IDLE_GOAL);
    writeFileSync(join(root, 'cases/pipeline/zz-bad.yaml'), IDLE_GOAL.replace('warn-idle-goal', 'bad-one').replace('status: paid', 'status: teleported'));
    const r = await runCli(['eval', '-q', '--id', 'warn-idle-goal', '--no-baseline'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/zz-warn\.yaml:13: warning:/);
    expect(r.stderr).toMatch(/zz-bad\.yaml:\d+: error:/);
    expect(r.stdout).not.toMatch(/report:/);
  });

  it('a prompt whose metadata has an unknown key: warned with file, line and field, then run to a report', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const prompt = join(root, 'prompts/intent_v2.md');
    writeFileSync(prompt, readFileSync(prompt, 'utf8').replace('owner: OrderFlow-Agent', 'owner: OrderFlow-Agent\nreviewer: someone'));
    const r = await runCli(['eval', '-q', '--module', 'intent_recognition', '--no-baseline'], { cwd: root });
    expect([0, 1], r.stderr).toContain(r.code);
    expect(r.stderr).toMatch(/prompts\/intent_v2\.md:\d+: warning: reviewer: unknown metadata key/);
    expect(existsSync(reportOf(r.stdout))).toBe(true);
  });

  it('--dry-run prints the warnings of the run it estimates', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    mkdirSync(join(root, 'cases/pipeline'), { recursive: true });
    writeFileSync(join(root, 'cases/pipeline/zz-warn.yaml'), IDLE_GOAL);
    const r = await runCli(['eval', '--dry-run', '--id', 'warn-idle-goal'], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/zz-warn\.yaml:13: warning: warn-idle-goal: injection\.goals:/);
  });
});

describe('a suite too large to keep parsed reads its files again while running', () => {
  it('and the warning found at load does not stop the second reading', async () => {
    const root = copyOfRepo(['prompts']);
    mkdirSync(join(root, 'cases/pipeline'), { recursive: true });
    writeFileSync(join(root, 'cases/pipeline/zz-warn.yaml'), IDLE_GOAL);
    const ws = await loadWorkspace();
    const suite = await loadCaseSuite(join(root, 'cases'), ws.active, {}, { ...withAgent, keepParsedUpTo: 0 });
    expect(suite.warnings.map((w) => w.severity)).toEqual(['warning']);
    const ids: string[] = [];
    for await (const item of iterateSuite(suite, ws.active)) ids.push(item.kind === 'pipeline' ? item.scenario_id : item.case_id);
    expect(ids).toEqual(['warn-idle-goal']);
  });
});
