import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateModuleCases } from '../../../src/harness/generate/generate-module-cases.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { AGENT_MODULES } from '../../../src/agent/vocabulary/seed-contracts.js';

interface GeneratedCase {
  case_id: string;
  case_type: string;
  input: Record<string, unknown>;
  expected_behavior: { forbidden_outputs: string[]; risk_tags_expected: string[] };
  generated_by: { strategy: string; source_case: string; seed: number };
}

const readCases = (file: string) => (parse(readFileSync(file, 'utf8')) as { test_cases: GeneratedCase[] }).test_cases;

describe('orderflow generate --module (sim: the named strategies)', () => {
  it('writes the requested count of each default type for every runtime module (or says why not), expectations from the module itself, and every written case passes on sim', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const config = join(root, 'orderflow.config.yaml');
    const ws = await loadWorkspace({ config });
    // The agent's modules: the generator's named strategies are written for them.
    const modules = [...ws.active.keys()].filter((m) => (AGENT_MODULES as readonly string[]).includes(m));
    expect(modules.length).toBe(11);
    const sources = new Map<string, { forbidden_outputs: string[] }>();
    for (const file of readdirSync(join(root, 'cases'), { recursive: true }) as string[]) {
      if (!file.endsWith('.yaml') || file.startsWith('pipeline')) continue;
      for (const c of (
        parse(readFileSync(join(root, 'cases', file), 'utf8')) as { test_cases: { case_id: string; expected_behavior: { forbidden_outputs?: string[] } }[] }
      ).test_cases)
        sources.set(c.case_id, { forbidden_outputs: c.expected_behavior.forbidden_outputs ?? [] });
    }
    let written = 0;
    for (const module of modules) {
      const r = await generateModuleCases({ module, seed: 5, config });
      expect(r.tallies.map((t) => t.type)).toEqual(['adversarial', 'boundary', 'schema']);
      expect(r.tallies.map((t) => t.asked)).toEqual([4, 3, 3]);
      for (const t of r.tallies) {
        expect(t.written === t.asked || Boolean(t.short_reason), `${module}/${t.type}`).toBe(true);
        expect(t.invalid + t.duplicates_exact + t.duplicates_near + t.quarantined + t.written).toBe(t.produced);
      }
      for (const q of r.quarantined) expect(q.reasons.length, q.case_id).toBeGreaterThan(0);
      if (r.quarantined.length)
        expect((parse(readFileSync(r.quarantineFile!, 'utf8')) as { quarantined: { reasons: string[] }[] }).quarantined.length).toBe(r.quarantined.length);
      written += r.written.length;
      const own = new Set((ws.active.get(module)!.structured.forbiddenPhrases ?? []).map((p) => p.value));
      for (const c of readCases(r.file!)) {
        expect(c.generated_by.seed).toBe(5);
        expect(sources.has(c.generated_by.source_case), c.case_id).toBe(true);
        // A forbidden output is the module's own forbidden phrase, the source case's, or the planted attack itself.
        for (const f of c.expected_behavior.forbidden_outputs) {
          expect(
            own.has(f) ||
              sources.get(c.generated_by.source_case)!.forbidden_outputs.includes(f) ||
              JSON.stringify(c.input).includes(JSON.stringify(f).slice(1, -1)),
            `${c.case_id}: ${f}`,
          ).toBe(true);
        }
      }
    }
    expect(written).toBeGreaterThanOrEqual(105);

    const run = await runCli(['eval', '-q', '--generated', '--out', join(root, 'out')], { cwd: root });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(root, 'out/report.json'), 'utf8'));
    expect(report.summary).toMatchObject({ total: written, passed: written, failed: 0, error: 0 });
    expect(report.summary.skipped ?? 0).toBe(0);
    expect(readFileSync(join(root, 'out/report.md'), 'utf8')).toContain('## Attack strategies');

    // The same seed gives the same cases (two fresh copies: earlier generated files count as existing cases).
    const once = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const again = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const a = await generateModuleCases({ module: 'input_safety_precheck', seed: 9, count: 6, config: join(once, 'orderflow.config.yaml') });
    const b = await generateModuleCases({ module: 'input_safety_precheck', seed: 9, count: 6, config: join(again, 'orderflow.config.yaml') });
    expect(readCases(b.file!)).toEqual(readCases(a.file!));
  }, 120_000);

  it('prints per type what was asked and written and why fewer; quarantines what the reference contradicts', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = await runCli(['generate', '--module', 'input_safety_precheck', '--count', '30', '--type', 'schema', '--type', 'adversarial', '--seed', '4'], {
      cwd: root,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/│ type +│ asked +│ produced +│ invalid +│ dup exact +│ dup near +│ quarantined +│ written +│/);
    expect(r.stdout).toMatch(/│ schema +│ 15 +│/);
    expect(r.stdout).toMatch(/schema: \d+ of 15 written — the strategies ran out of new candidates after \d+ tried \(.*quarantined\)/);
    expect(r.stdout).toMatch(/quarantined with reasons in generated\/quarantine-input_safety_precheck-.*-seed4\.yaml/);
    expect(r.stderr).toMatch(/quarantined precheck-gen-[a-z-]+-\d{3} \((?:schema|adversarial), [a-z_]+\): reference contradicts /);
    const file = /written to (generated\/input_safety_precheck\/\S+\.yaml)/.exec(r.stdout)![1]!;
    const text = readFileSync(join(root, file), 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../schemas/case-file.schema.json');
    expect(readCases(join(root, file)).every((c) => c.generated_by.strategy && c.case_id.includes('-gen-'))).toBe(true);

    // A second run never repeats a case already written (or in the suite).
    const second = await runCli(
      ['generate', '--module', 'input_safety_precheck', '--count', '30', '--type', 'schema', '--type', 'adversarial', '--seed', '4'],
      { cwd: root },
    );
    expect(second.stderr).toMatch(/dropped precheck-gen-.*: duplicate exact: same input as precheck-gen-/);
  }, 60_000);

  it('rejects bad requests with exit 2: unknown module, neither --module nor --pipeline, a bad seed', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    expect((await runCli(['generate', '--module', 'nope'], { cwd: root })).stderr).toMatch(/--module: error: unknown module "nope"/);
    const none = await runCli(['generate'], { cwd: root });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/nothing to generate for/);
    const seed = await runCli(['generate', '--module', 'intent_recognition', '--seed', '-3'], { cwd: root });
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(/--seed: error: "-3" is not an integer/);
  });
});
