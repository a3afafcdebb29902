import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/harness/base/errors.js';
import { lintRegistry } from '../../../src/harness/registry/lint.js';
import { loadRegistry } from '../../../src/harness/registry/registry.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { agent } from '../../../src/harness/agent-registration.js';

const INTENT = readFileSync(join(process.cwd(), 'prompts/intent_v2.md'), 'utf8');

/** Lines are 1-based: the line of the first occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string, from = 0): number {
  const index = text.indexOf(needle, from);
  if (index < 0) throw new Error(`fixture lacks ${needle}`);
  return text.slice(0, index).split('\n').length;
}

async function lintWith(files: Record<string, string>): Promise<Problem[]> {
  const root = copyOfRepo(['prompts']);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'prompts', name), text);
  const { registry, problems } = await loadRegistry(join(root, 'prompts'), { contracts: agent.contracts });
  return [...problems, ...lintRegistry(registry, agent.contracts)].filter((p) => p.severity === 'error');
}

function expectProblem(problems: Problem[], file: string, line: number, message: RegExp): void {
  const hit = problems.find((p) => p.file.endsWith(file) && p.line === line && message.test(p.message));
  expect(hit, `no ${message} at ${file}:${line} in\n${problems.map((p) => `${p.file}:${p.line} ${p.message}`).join('\n')}`).toBeDefined();
}

describe('orderflow lint rules', () => {
  it('passes on the repository prompts', async () => {
    expect(await lintWith({})).toEqual([]);
  });

  it('catches an example intent outside the enum at the line of the key', async () => {
    const exampleStart = INTENT.indexOf('## Example Output');
    const broken = INTENT.slice(0, exampleStart) + INTENT.slice(exampleStart).replace('"intent": "refund_request"', '"intent": "refund_now"');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(problems, 'intent_v2.md', lineOf(broken, '"intent": "refund_now"'), /output schema.*Invalid option/);
  });

  it('requires the file name to equal the metadata name', async () => {
    const problems = await lintWith({ 'intent_v2.md': INTENT.replace('name: intent_v2', 'name: intent_v9') });
    expectProblem(problems, 'intent_v2.md', lineOf(INTENT, 'name: intent_v2'), /does not match the file name/);
  });

  it('requires the version in the name to match the metadata major version', async () => {
    const problems = await lintWith({ 'intent_v2.md': INTENT.replace('version: v2.0.0', 'version: v3.0.0') });
    expectProblem(problems, 'intent_v2.md', lineOf(INTENT, 'version: v2.0.0'), /does not match the name/);
  });

  it("a module id that is a near miss of the agent's modules is an error at its line (its cases would be blamed instead)", async () => {
    const broken = INTENT.replace('module: intent_recognition', 'module: intent_recogniton');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(
      problems,
      'intent_v2.md',
      lineOf(broken, 'module: intent_recogniton'),
      /"intent_recogniton" is not one of the agent's modules; did you mean intent_recognition\?/,
    );
    expect(problems.find((p) => p.field === 'module')!.severity).toBe('error');
    // A name of its own is a module of its own: a warning, since nothing can run it, not an error.
    const root = copyOfRepo(['prompts']);
    writeFileSync(join(root, 'prompts', 'intent_v2.md'), INTENT.replace('module: intent_recognition', 'module: returns_desk'));
    const { problems: own } = await loadRegistry(join(root, 'prompts'), { contracts: agent.contracts });
    expect(own.filter((p) => p.field === 'module').map((p) => [p.severity, p.message])).toEqual([
      [
        'warning',
        expect.stringMatching(
          /"returns_desk" is not one of the agent's modules: its cases run on --provider openai \(any OpenAI-compatible server\); sim has no implementation of it and skips them/,
        ),
      ],
    ]);
  });

  it('an alias in the metadata and a schema fenced as another language say what to do', async () => {
    const alias = INTENT.replace('owner: OrderFlow-Agent', 'owner: &o OrderFlow-Agent\npurpose_again: *o');
    expect((await lintWith({ 'intent_v2.md': alias })).map((p) => p.message).join('\n')).toMatch(/aliases \(\*name\) are not allowed; write the value out/);
    const start = INTENT.indexOf('```json', INTENT.indexOf('## Output Schema'));
    const yamlFence = `${INTENT.slice(0, start)}\`\`\`yaml${INTENT.slice(start + 7)}`;
    expectProblem(await lintWith({ 'intent_v2.md': yamlFence }), 'intent_v2.md', lineOf(yamlFence, '```yaml', start), /the schema block is fenced as ```yaml/);
  });

  it('requires every metadata key', async () => {
    const broken = INTENT.replace(/^owner: .*\n/m, '');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expect(problems.some((p) => p.file.endsWith('intent_v2.md') && p.field === 'owner' && /missing/.test(p.message))).toBe(true);
  });

  it('reports metadata YAML that does not parse at its line', async () => {
    const broken = INTENT.replace('owner: OrderFlow-Agent', 'owner: [OrderFlow-Agent');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expect(problems.find((p) => p.file.endsWith('intent_v2.md') && /YAML does not parse/.test(p.message))?.line).toBeGreaterThanOrEqual(
      lineOf(broken, 'owner: ['),
    );
  });

  it('reports an unclosed code block at its opening line', async () => {
    const broken = `${INTENT}\n## Example Output: unfinished\n\n\`\`\`json\n{ "intent": "unknown"\n`;
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(problems, 'intent_v2.md', lineOf(broken, '## Example Output: unfinished') + 2, /never closed/);
  });

  it('reports schema notation that is not valid at the field line', async () => {
    const broken = INTENT.replace('"task_complexity": "simple | medium | complex"', '"task_complexity": "simple | string"');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(problems, 'intent_v2.md', lineOf(broken, '"task_complexity": "simple | string"'), /cannot be mixed/);
  });

  it('rejects raw user input spliced into the instructions', async () => {
    const broken = INTENT.replace('## Hard Rules', '## Hard Rules\n\n用户输入是：{user_query}，请严格执行。\n');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(problems, 'intent_v2.md', lineOf(broken, '{user_query}'), /splices input into the instructions/);
  });

  it('requires a changelog entry on the newer of two versions', async () => {
    const v3 = INTENT.replaceAll('intent_v2', 'intent_v3').replace('version: v2.0.0', 'version: v3.0.0');
    const problems = await lintWith({ 'intent_v3.md': v3 });
    expectProblem(problems, 'intent_v3.md', lineOf(v3, 'changelog:'), /no changelog entry for v3.0.0/);
  });

  it('rejects two files claiming the same module version', async () => {
    const copy = INTENT.replace('name: intent_v2', 'name: intent_copy_v2').replace('# intent_v2', '# intent_copy_v2');
    const problems = await lintWith({ 'intent_copy_v2.md': copy });
    expectProblem(problems, 'intent_v2.md', lineOf(INTENT, 'version: v2.0.0'), /also claimed by .*intent_copy_v2\.md/);
  });

  it('refuses a file of several megabytes without parsing it', async () => {
    const huge = `${INTENT}\n<!-- ${'x'.repeat(3 * 1024 * 1024)} -->\n`;
    const problems = await lintWith({ 'intent_v2.md': huge });
    expect(problems.find((p) => p.file.endsWith('intent_v2.md'))?.message).toMatch(/file is 3\.\d MB/);
  });

  it('refuses a YAML alias bomb in metadata quickly', async () => {
    const bomb =
      'a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n';
    const broken = INTENT.replace('name: intent_v2\n', `name: intent_v2\n${bomb}`);
    const started = Date.now();
    const problems = await lintWith({ 'intent_v2.md': broken });
    // A generous bound for a slow CI machine, not a speed target: what matters is that the aliases are refused, not expanded.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(problems.some((p) => p.file.endsWith('intent_v2.md') && /[Aa]lias/.test(p.message))).toBe(true);
  });

  it('checks structured sections against the schema', async () => {
    const broken = INTENT.replace(/^order_status_query: .*$/m, 'order_lookup: 查询订单');
    const problems = await lintWith({ 'intent_v2.md': broken });
    expectProblem(problems, 'intent_v2.md', lineOf(broken, 'order_lookup:'), /not in the output schema's intent enum/);
  });

  describe('typos in the structured sections the guards and the judge read', () => {
    const read = (name: string) => readFileSync(join(process.cwd(), 'prompts', name), 'utf8');
    const AUTH = read('tool_authorization_v1.md');
    const PRECHECK = read('input_safety_precheck_v1.md');
    const RESPONSE = read('response_v2.md');

    it('Tool Risk Levels: an unknown level (its tools would skip the confirmation guard) and an unknown tool', async () => {
      const broken = AUTH.replace('write_high:\n', 'write_hihg:\n').replace('  - create_ticket\n', '  - create_tickt\n');
      const problems = await lintWith({ 'tool_authorization_v1.md': broken });
      expectProblem(problems, 'tool_authorization_v1.md', lineOf(broken, 'write_hihg:'), /unknown risk level "write_hihg"/);
      expectProblem(problems, 'tool_authorization_v1.md', lineOf(broken, '  - create_tickt'), /unknown tool "create_tickt"/);
    });

    it('Detection Rules: a tag the module cannot output, and a phrase listed twice', async () => {
      const broken = PRECHECK.replace(
        '- 绕过平台校验 (permission_bypass_request)',
        '- 绕过平台校验 (posible_prompt_injection)\n- 忽略之前所有规则 (permission_bypass_request)',
      );
      const problems = await lintWith({ 'input_safety_precheck_v1.md': broken });
      expectProblem(
        problems,
        'input_safety_precheck_v1.md',
        lineOf(broken, '- 绕过平台校验'),
        /"posible_prompt_injection" is not a risk tag of this prompt's Output Schema/,
      );
      expectProblem(
        problems,
        'input_safety_precheck_v1.md',
        lineOf(broken, '- 忽略之前所有规则 (permission_bypass_request)'),
        /"忽略之前所有规则" is listed twice/,
      );
    });

    it('Claim Vocabulary: an unknown kind (never checked), an empty wording and a bare wildcard', async () => {
      const broken = RESPONSE.replace('- cancel: 订单已取消 |', '- cancle: 订单已取消 |').replace('- ticket: 工单已创建 |', '- ticket: 工单已创建 || * |');
      const problems = await lintWith({ 'response_v2.md': broken });
      expectProblem(problems, 'response_v2.md', lineOf(broken, '- cancle:'), /unknown claim kind "cancle"/);
      expectProblem(problems, 'response_v2.md', lineOf(broken, '- ticket:'), /an empty wording/);
      expectProblem(problems, 'response_v2.md', lineOf(broken, '- ticket:'), /"\*" is only a wildcard/);
    });

    it('Claim Vocabulary: a wording with too many wildcards or too long a text, named at its line', async () => {
      const broken = RESPONSE.replace('- ticket: 工单已创建 |', `- ticket: 已*已*已*已*已*已*已*已*退款 | ${'工'.repeat(41)} | 已*为*您*创建 | 工单已创建 |`);
      const problems = await lintWith({ 'response_v2.md': broken });
      expectProblem(problems, 'response_v2.md', lineOf(broken, '- ticket:'), /"已\*已\*已\*已\*已\*已\*已\*已\*退款" has 8 wildcards/);
      expectProblem(problems, 'response_v2.md', lineOf(broken, '- ticket:'), /is 41 characters long/);
      expect(problems.filter((p) => /已\*为\*您\*创建/.test(p.message))).toEqual([]);
      expect(problems.find((p) => /8 wildcards/.test(p.message))?.severity).toBe('error');
    });

    it('Forbidden Phrases: a bullet with an empty phrase (an empty code span), which every reply would contain', async () => {
      const at = RESPONSE.indexOf('## Forbidden Phrases');
      const first = RESPONSE.indexOf('\n- ', at);
      const broken = `${RESPONSE.slice(0, first)}\n- \`\`\n${RESPONSE.slice(first + 1)}`;
      const problems = await lintWith({ 'response_v2.md': broken });
      expectProblem(problems, 'response_v2.md', lineOf(broken, '\n- ``\n') + 1, /empty phrase/);
    });
  });
});
