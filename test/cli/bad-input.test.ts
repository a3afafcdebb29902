import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { copyOfRepo } from '../support/temp-dir.js';

/** A repo copy with one file replaced; eval must exit 2, name file:line, and write no report folder. */
function expectBadInput(mutate: (root: string) => void, pattern: RegExp): string {
  const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
  mutate(root);
  const r = runCli(['eval', '-q'], { cwd: root });
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
  it('YAML that does not parse', () => {
    expectBadInput(caseFile('intent_recognition', 'test_cases:\n  - case_id: x\n    input: [unclosed\n'), /cases\/intent_recognition\/zz-broken\.yaml:\d+: error: YAML does not parse/);
  });

  it('a missing required field', () => {
    expectBadInput(caseFile('intent_recognition', GOOD_CASE.replace('    case_type: normal\n', '')), /zz-broken\.yaml:2: error: test_cases\.0\.case_type:/);
  });

  it('an unknown module folder', () => {
    expectBadInput(caseFile('intent_recogniton', GOOD_CASE), /cases\/intent_recogniton\/zz-broken\.yaml: error: unknown module "intent_recogniton"/);
  });

  it('a duplicate case_id', () => {
    const root = copyOfRepo(['cases']);
    const existing = readFileSync(join(root, 'cases/intent_recognition', readdirSync(join(root, 'cases/intent_recognition'))[0]!), 'utf8');
    const id = /case_id: (\S+)/.exec(existing)![1]!;
    expectBadInput(caseFile('intent_recognition', GOOD_CASE.replace('broken-001', id)), new RegExp(`zz-broken\\.yaml:2: error: case_id: duplicate id "${id}"`));
  });

  it('an expected enum value the module schema does not allow', () => {
    expectBadInput(caseFile('intent_recognition', GOOD_CASE.replace('intent: refund_request', 'intent: refund_now')), /zz-broken\.yaml:6: error: broken-001: expected_enum_values\.intent: "refund_now" is not an allowed value \(expected refund_request \| /);
  });

  it('an input field the module does not take', () => {
    expectBadInput(caseFile('intent_recognition', GOOD_CASE.replace('input: { user_query:', 'input: { order_number: "O1", user_query:')), /zz-broken\.yaml:4: error: broken-001: input\.order_number: unknown field/);
  });

  it('a config with an unknown key', () => {
    expectBadInput((root) => writeFileSync(join(root, 'orderflow.config.yaml'), `${readFileSync(join(root, 'orderflow.config.yaml'), 'utf8')}\nconcurency: 4\n`), /orderflow\.config\.yaml:\d+: error: concurency: unknown key \(expected one of provider, model, concurrency/);
  });

  it('a config with a bad threshold', () => {
    expectBadInput(
      (root) => writeFileSync(join(root, 'orderflow.config.yaml'), readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace('schema_validity_rate: { min: 1.0 }', 'schema_validity_rate: { minimum: 1.0 }')),
      /orderflow\.config\.yaml:\d+: error: gate\.schema_validity_rate\.minimum: unknown key/,
    );
    expectBadInput(
      (root) => writeFileSync(join(root, 'orderflow.config.yaml'), readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace('error_rate: { max: 0 }', 'eror_rate: { max: 0 }')),
      /orderflow\.config\.yaml:\d+: error: gate\.eror_rate/,
    );
  });

  it('bad statistics settings and a strict marker that is not a boolean', () => {
    const edit = (from: string, to: string) => (root: string) => writeFileSync(join(root, 'orderflow.config.yaml'), readFileSync(join(root, 'orderflow.config.yaml'), 'utf8').replace(from, to));
    expectBadInput(edit('alpha: 0.05', 'alpha: 5'), /orderflow\.config\.yaml:\d+: error: statistics\.alpha: /);
    expectBadInput(edit('\n  mode: auto', '\n  mode: sometimes'), /orderflow\.config\.yaml:\d+: error: statistics\.mode: /);
    expectBadInput(edit('{ max: 0, strict: true }', '{ max: 0, strict: yes please }'), /orderflow\.config\.yaml:\d+: error: gate\.unsafe_action_rate\.strict: /);
  });

  it('a pin that names no prompt', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = runCli(['eval', '-q', '--prompt', 'intent_recognition=intent_v7'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--prompt: error: intent_recognition: module intent_recognition has no prompt "intent_v7"/);
    expect(existsSync(join(root, 'reports'))).toBe(false);
  });
});
