import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intentV3 } from '../../support/intent-v3-fixture.js';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

describe('orderflow lint / list / diff (child process)', () => {
  it('lint exits 0 on the repository prompts', async () => {
    const r = await runCli(['lint']);
    // The only prompt notes: the fields that keep OpenAI strict mode off, each named with its line.
    const all = r.stderr.trim().split('\n');
    const notes = all.filter((l) => l.startsWith('prompts/'));
    // The only scenario note: the attack scenario that leaves its hand-off unjudged.
    expect(all.filter((l) => !l.startsWith('prompts/'))).toEqual([
      expect.stringMatching(
        /^cases\/pipeline\/judged-by-outcome\.yaml:\d+: warning: pipe-reads-foreign-order-009: expected\.handoff: an attack scenario that omits expected\.handoff/,
      ),
    ]);
    expect(notes.map((l) => /^(prompts\/\S+:\d+): warning: Output Schema: (\S+): keeps OpenAI strict mode off/.exec(l)?.slice(1).join(' '))).toEqual([
      expect.stringMatching(/^prompts\/fact_query_plan_v1\.md:\d+ planned_queries\[\]\.args$/),
      // Keyed by the saved ids it is shown: a map, which strict mode cannot state.
      expect.stringMatching(/^prompts\/memory_conflict_v1\.md:\d+ \(root\)$/),
      expect.stringMatching(/^prompts\/prompt_eval_case_generator_v1\.md:\d+ test_cases\[\]\.input$/),
      expect.stringMatching(/^prompts\/prompt_eval_case_generator_v1\.md:\d+ test_cases\[\]\.expected_behavior\.expected_enum_values$/),
      expect.stringMatching(/^prompts\/response_v2\.md:\d+ forbidden_phrases_detected$/),
      expect.stringMatching(/^prompts\/tool_authorization_v1\.md:\d+ sanitized_args$/),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/20 prompts in 20 modules: 0 error\(s\)/);
  });

  it('lint exits 2 naming intent_v2.md:<line> when an example intent is outside the enum', async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    const path = join(root, 'prompts/intent_v2.md');
    const text = readFileSync(path, 'utf8');
    const at = text.indexOf('"intent": "refund_request"', text.indexOf('## Example Output'));
    writeFileSync(path, `${text.slice(0, at)}"intent": "refund_please"${text.slice(at + '"intent": "refund_request"'.length)}`);
    const line = text.slice(0, at).split('\n').length;
    const r = await runCli(['lint'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`prompts/intent_v2.md:${line}: error:`);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it("list shows all 19 modules (the agent's, the case generator, the seven retrieval, memory and safety helpers), and --json is parseable", async () => {
    const r = await runCli(['list']);
    expect(r.code).toBe(0);
    for (const name of ['input_safety_precheck_v1', 'intent_v2', 'response_v2', 'prompt_eval_case_generator_v1']) expect(r.stdout).toContain(name);
    const json = JSON.parse((await runCli(['list', '--json'])).stdout) as { modules: { module: string; active: string }[] };
    expect(json.modules).toHaveLength(20);
    expect(json.modules.find((m) => m.module === 'intent_recognition')?.active).toBe('intent_v2');
    // sim runs every module with cases; the case generator is answered by named strategies offline.
    const runsOn = json.modules as unknown as { module: string; runs_on: string[] }[];
    expect(runsOn.filter((m) => !m.runs_on.includes('sim')).map((m) => m.module)).toEqual(['prompt_evaluation']);
  });

  it("diff of a path reads that file, not the registry's file of the same name; a broken copy is exit 2 naming it", async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    mkdirSync(join(root, 'edited'));
    // An edited copy of intent_v2 outside prompts/, under the same file name.
    writeFileSync(
      join(root, 'edited/intent_v2.md'),
      intentV3()
        .replace('name: intent_v3', 'name: intent_v2')
        .replace(/version: v3\.\d+\.\d+/, 'version: v2.0.0'),
    );
    const changed = await runCli(['diff', 'prompts/intent_v2.md', join(root, 'edited/intent_v2.md')], { cwd: root });
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/BREAKING\s+output\.intent: enum value "order_status_query" removed/);
    writeFileSync(
      join(root, 'edited/intent_v2.md'),
      readFileSync(join(root, 'prompts/intent_v2.md'), 'utf8').replace(
        '"task_complexity": "simple | medium | complex"',
        '"task_complexity": "simple | string"',
      ),
    );
    const broken = await runCli(['diff', 'prompts/intent_v2.md', 'edited/intent_v2.md'], { cwd: root });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^edited\/intent_v2\.md:\d+: error: Output Schema\.task_complexity/);
  });

  it('diff never prints an escape from a prompt file: an ESC appended to an edited rule is an error at its line', async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    mkdirSync(join(root, 'edited'));
    const original = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
    const rule = '3. never promises or reports an action that has not been verified;';
    const edited = original.replace(rule, `${rule}\x1b[1A\x1b[2K`).replace('2. is polite, concise, and actionable;\n', '');
    writeFileSync(join(root, 'edited/response_v2.md'), edited);
    const r = await runCli(['diff', 'prompts/response_v2.md', 'edited/response_v2.md'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^edited/response_v2\\.md:${edited.split('\n').findIndex((l) => l.includes(rule)) + 1}: error: control character \\\\x1b`),
    );
    expect(r.stdout + r.stderr).not.toContain('\x1b[1A');
  });

  it('diff reports the dropped enum value as breaking and --fail-on-breaking exits 1', async () => {
    const root = copyOfRepo(['prompts', 'orderflow.config.yaml']);
    writeFileSync(join(root, 'prompts/intent_v3.md'), intentV3());
    const plain = await runCli(['diff', 'intent_v2', 'intent_v3'], { cwd: root });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/BREAKING\s+output\.intent: enum value "order_status_query" removed/);
    expect(plain.stdout).toMatch(/compatible output\.urgency: field added/);
    expect((await runCli(['diff', 'intent_v2', 'intent_v3', '--fail-on-breaking'], { cwd: root })).code).toBe(1);
    expect((await runCli(['diff', 'intent_v2', 'intent_v2', '--fail-on-breaking'], { cwd: root })).code).toBe(0);
    // With two versions, the highest is active; a pin selects the older one, a bad pin is exit 2.
    expect(
      JSON.parse((await runCli(['list', '--json'], { cwd: root })).stdout).modules.find((m: { module: string }) => m.module === 'intent_recognition').active,
    ).toBe('intent_v3');
    const pinned = JSON.parse((await runCli(['list', '--json', '--prompt', 'intent_recognition=intent_v2'], { cwd: root })).stdout);
    expect(pinned.modules.find((m: { module: string }) => m.module === 'intent_recognition').active).toBe('intent_v2');
    const bad = await runCli(['list', '--prompt', 'intent_recognition=intent_v9'], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/module intent_recognition has no prompt "intent_v9" \(expected one of intent_v2, intent_v3\)/);
  });

  it('usage errors and unknown commands exit 2 without a stack trace', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
