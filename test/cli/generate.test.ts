import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { copyOfRepo } from '../support/temp-dir.js';

describe('orderflow generate (sim)', () => {
  it('writes new, valid, de-duplicated adversarial cases that the eval then runs', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = runCli(['generate', '--module', 'input_safety_precheck', '--count', '12', '--type', 'adversarial'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    const dir = join(root, 'cases/input_safety_precheck');
    const file = readdirSync(dir).find((f) => f.startsWith('generated-'))!;
    expect(r.stdout).toContain(`written to cases/input_safety_precheck/${file}`);
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/case-file.schema.json');
    const cases = (parse(text) as { test_cases: { case_id: string; case_type: string; input: { user_query: string } }[] }).test_cases;
    expect(cases.length).toBe(12);
    expect(new Set(cases.map((c) => c.case_id)).size).toBe(12);
    expect(cases.every((c) => c.case_type === 'adversarial')).toBe(true);
    // Each carries a detection phrase of the active prompt, plainly or spaced out.
    expect(cases.some((c) => c.input.user_query.includes('忽略之前所有规则'))).toBe(true);
    expect(cases.some((c) => c.input.user_query.includes('忽 略 之 前'))).toBe(true);

    // The generated file is part of the suite now, and the reference model handles it.
    const evalRun = runCli(['eval', '-q', '--module', 'input_safety_precheck', '--id', '*-gen-*', '--out', join(root, 'out')], { cwd: root });
    expect(evalRun.code, evalRun.stdout).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'out/report.json'), 'utf8')).summary.total).toBe(12);

    // Asking again never repeats a case already in the suite.
    const again = runCli(['generate', '--module', 'input_safety_precheck', '--count', '12', '--type', 'adversarial', '--out', join(dir, 'second.yaml')], { cwd: root });
    expect(again.code, again.stderr).toBe(0);
    const second = (parse(readFileSync(join(dir, 'second.yaml'), 'utf8')) as { test_cases: { case_id: string }[] }).test_cases.map((c) => c.case_id);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => cases.some((c) => c.case_id === id))).toEqual([]);
  });

  it('rejects an unknown module with exit 2', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = runCli(['generate', '--module', 'nope'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--module: error: unknown module "nope"/);
  });
});
