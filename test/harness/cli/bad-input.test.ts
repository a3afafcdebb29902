import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

/** A repo copy with one file replaced; eval must exit 2, name file:line, and write no report folder. */
async function expectBadInput(mutate: (root: string) => void, pattern: RegExp): Promise<string> {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  mutate(root);
  const r = await runCli(['eval', '-q'], { cwd: root });
  expect(r.code, r.stdout + r.stderr).toBe(2);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(existsSync(join(root, 'reports')) ? readdirSync(join(root, 'reports')) : []).toEqual([]);
  return r.stderr;
}

const caseFile = (module: string, body: string) => (root: string) => {
  mkdirSync(join(root, 'cases', module), { recursive: true });
  writeFileSync(join(root, 'cases', module, 'zz-broken.yaml'), body);
};

const GOOD_CASE = `test_cases:
  - case_id: broken-001
    case_type: normal
    input: { user_query: "我要退款，订单 O123" }
    expected_behavior:
      expected_enum_values: { intent: refund_request }
`;

describe('orderflow eval on bad input (child process)', () => {
  it('YAML that does not parse', async () => {
    await expectBadInput(
      caseFile('intent_recognition', 'test_cases:\n  - case_id: x\n    input: [unclosed\n'),
      /cases\/intent_recognition\/zz-broken\.yaml:\d+: error: YAML does not parse/,
    );
  });

  it('a missing required field', async () => {
    await expectBadInput(
      caseFile('intent_recognition', GOOD_CASE.replace('    case_type: normal\n', '')),
      /zz-broken\.yaml:2: error: test_cases\.0\.case_type:/,
    );
  });

  it('an unknown module folder', async () => {
    await expectBadInput(caseFile('intent_recogniton', GOOD_CASE), /cases\/intent_recogniton\/zz-broken\.yaml: error: unknown module "intent_recogniton"/);
  });

  it('a duplicate case_id', async () => {
    const root = copyOfRepo(['cases']);
    const existing = readFileSync(join(root, 'cases/intent_recognition', readdirSync(join(root, 'cases/intent_recognition'))[0]!), 'utf8');
    const id = /case_id: (\S+)/.exec(existing)![1]!;
    await expectBadInput(
      caseFile('intent_recognition', GOOD_CASE.replace('broken-001', id)),
      new RegExp(`zz-broken\\.yaml:2: error: case_id: duplicate id "${id}"`),
    );
  });

  it('an expected enum value the module schema does not allow', async () => {
    await expectBadInput(
      caseFile('intent_recognition', GOOD_CASE.replace('intent: refund_request', 'intent: refund_now')),
      /zz-broken\.yaml:6: error: broken-001: expected_enum_values\.intent: "refund_now" is not an allowed value \(expected refund_request \| /,
    );
  });

  it('an input field the module does not take', async () => {
    await expectBadInput(
      caseFile('intent_recognition', GOOD_CASE.replace('input: { user_query:', 'input: { order_number: "O1", user_query:')),
      /zz-broken\.yaml:4: error: broken-001: input\.order_number: unknown field/,
    );
  });

  it('a misspelt case field is one line at the misspelt key, with the name it was meant to be', async () => {
    const stderr = await expectBadInput(
      caseFile('intent_recognition', GOOD_CASE.replace('expected_behavior:', 'expected_behaviour:')),
      /^cases\/intent_recognition\/zz-broken\.yaml:6: error: test_cases\.0\.expected_behaviour: unknown field; did you mean expected_behavior\?$/m,
    );
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a config with an unknown key', async () => {
    await expectBadInput(
      (root) => writeFileSync(join(root, 'orderflow.config.yaml'), `${readFileSync(join(root, 'orderflow.config.yaml'), 'utf8')}\nconcurency: 4\n`),
      /orderflow\.config\.yaml:\d+: error: concurency: unknown key; did you mean concurrency\? \(expected one of provider, model, concurrency/,
    );
  });

  it('a config with a bad threshold', async () => {
    await expectBadInput(
      (root) =>
        writeFileSync(
          join(root, 'orderflow.config.yaml'),
          readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace('schema_validity_rate: { min: 1.0 }', 'schema_validity_rate: { minimum: 1.0 }'),
        ),
      /orderflow\.config\.yaml:\d+: error: gate\.schema_validity_rate\.minimum: unknown key/,
    );
    await expectBadInput(
      (root) =>
        writeFileSync(
          join(root, 'orderflow.config.yaml'),
          readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace('error_rate: { max: 0 }', 'eror_rate: { max: 0 }'),
        ),
      /orderflow\.config\.yaml:\d+: error: gate\.eror_rate/,
    );
  });

  it('bad statistics settings and a strict marker that is not a boolean', async () => {
    const edit = (from: string, to: string) => (root: string) =>
      writeFileSync(join(root, 'orderflow.config.yaml'), readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace(from, to));
    await expectBadInput(edit('alpha: 0.05', 'alpha: 5'), /orderflow\.config\.yaml:\d+: error: statistics\.alpha: /);
    await expectBadInput(edit('\n  mode: auto', '\n  mode: sometimes'), /orderflow\.config\.yaml:\d+: error: statistics\.mode: /);
    await expectBadInput(
      edit('{ max: 0, strict: true }', '{ max: 0, strict: yes please }'),
      /orderflow\.config\.yaml:\d+: error: gate\.unsafe_action_rate\.strict: /,
    );
  });

  it('a pin that names no prompt', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = await runCli(['eval', '-q', '--prompt', 'intent_recognition=intent_v7'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--prompt: error: intent_recognition: module intent_recognition has no prompt "intent_v7"/);
    expect(existsSync(join(root, 'reports'))).toBe(false);
  });

  it('a case or prompt file that is a folder, a broken link or a link loop is named, not an internal error', async () => {
    const stderr = await expectBadInput((root) => {
      mkdirSync(join(root, 'cases/intent_recognition/folder.yaml'));
      symlinkSync('nowhere.yaml', join(root, 'cases/intent_recognition/broken.yaml'));
      symlinkSync('loop.yaml', join(root, 'cases/intent_recognition/loop.yaml'));
    }, /cases\/intent_recognition\/folder\.yaml: error: cannot be read: is a folder/);
    expect(stderr).toMatch(/cases\/intent_recognition\/broken\.yaml: error: cannot be read: does not exist \(or is a broken symbolic link\)/);
    expect(stderr).toMatch(/cases\/intent_recognition\/loop\.yaml: error: cannot be read: is a symbolic link that loops/);
    expect(stderr).not.toMatch(/internal error/);
    await expectBadInput((root) => mkdirSync(join(root, 'prompts/intent_v9.md')), /prompts\/intent_v9\.md: error: cannot be read: is a folder/);
  });

  it('a config file that is a broken link is an error, not a silent run on the defaults', async () => {
    await expectBadInput((root) => {
      rmSync(join(root, 'orderflow.config.yaml'));
      symlinkSync('gone.yaml', join(root, 'orderflow.config.yaml'));
    }, /^orderflow\.config\.yaml: error: cannot be read: does not exist \(or is a broken symbolic link\)/);
  });

  it('a path that is a file where a folder is wanted, or in the way, is bad input with the path named', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const config = await runCli(['eval', '-q', '--config', 'prompts'], { cwd: root });
    expect(config.code).toBe(2);
    expect(config.stderr).toMatch(/prompts: error: cannot be read: is a folder/);
    const init = await runCli(['init', 'orderflow.config.yaml'], { cwd: root });
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/^orderflow: orderflow\.config\.yaml: already exists, and is in the way \(EEXIST, mkdir\)\n$/);
    writeFileSync(join(root, 'generated'), '');
    const generate = await runCli(['generate', '--module', 'intent_recognition', '--seed', '1'], { cwd: root });
    expect(generate.code).toBe(2);
    expect(generate.stderr).toMatch(/generated\/intent_recognition: a part of this path is a file, where a folder is expected/);
    expect(generate.stderr).not.toMatch(/internal error|\n\s+at /);
  });
});
