/** The schema check every model output goes through, as minimal pairs. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseModelOutput } from '../../../src/harness/model-output/parse-model-output.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';

const intent = (await loadWorkspace()).active.get('intent_recognition')!;
const schema = intent.outputSchema!.zod;
const valid = JSON.parse(intent.examples.find((e) => e.kind === 'output')!.text) as Record<string, unknown>;
const text = JSON.stringify(valid);

const ROWS: { rule: string; passes: string; fails: string; reason: RegExp }[] = [
  { rule: 'some output at all', passes: text, fails: '  \n ', reason: /^empty output$/ },
  { rule: 'bare JSON, no Markdown fence', passes: `\n${text}\n`, fails: `\`\`\`json\n${text}\n\`\`\``, reason: /code fence/ },
  { rule: 'JSON, not prose around it', passes: text, fails: `结果如下：${text}`, reason: /not valid JSON/ },
  { rule: 'nothing after the object', passes: text, fails: `${text} 以上`, reason: /not valid JSON/ },
  { rule: 'cut-off JSON', passes: text, fails: text.slice(0, -1), reason: /not valid JSON/ },
  { rule: 'an object, not an array', passes: text, fails: `[${text}]`, reason: /JSON but not an object/ },
  { rule: 'an object, not null', passes: text, fails: 'null', reason: /JSON but not an object/ },
  { rule: 'an object, not a string', passes: text, fails: JSON.stringify(text), reason: /JSON but not an object/ },
  { rule: 'an enum value of the schema', passes: text, fails: JSON.stringify({ ...valid, intent: 'refund_now' }), reason: /intent/ },
  { rule: 'no key the schema does not know', passes: text, fails: JSON.stringify({ ...valid, explanation: '已为您退款' }), reason: /explanation/ },
  { rule: 'every required key', passes: text, fails: JSON.stringify({ ...valid, slots: undefined }), reason: /slots/ },
];

describe('parseModelOutput: the schema check', () => {
  it.each(ROWS.map((r) => [r.rule, r] as const))('%s', (_rule, row) => {
    const good = parseModelOutput(row.passes, schema);
    expect(good).toMatchObject({ valid: true, check: { name: 'schema', passed: true } });
    expect(good.value).toEqual(valid);
    const bad = parseModelOutput(row.fails, schema);
    expect(bad.valid).toBe(false);
    expect(bad.check.name).toBe('schema');
    expect(bad.check.passed).toBe(false);
    expect(bad.check.reason).toMatch(row.reason);
  });

  it('backticks inside a JSON value are not a fence', () => {
    const withTicks = JSON.stringify({ ...valid, normalized_user_request: '```json 用户粘贴了代码```' });
    expect(parseModelOutput(withTicks, schema).valid).toBe(true);
  });

  it('keeps the parsed value of an invalid object so later reports can explain it', () => {
    const bad = parseModelOutput(JSON.stringify({ ...valid, intent: 'refund_now' }), schema);
    expect((bad.value as { intent: string }).intent).toBe('refund_now');
    expect(parseModelOutput('nope', schema).value).toBeUndefined();
  });

  it('without a schema any JSON object passes, and still nothing else', () => {
    expect(parseModelOutput('{"a":1}', undefined)).toEqual({ check: { name: 'schema', passed: true }, value: { a: 1 }, valid: true });
    expect(parseModelOutput('[1]', undefined).valid).toBe(false);
  });

  it('lists at most five schema issues', () => {
    const strict = z.strictObject({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string(), f: z.string(), g: z.string() });
    const reason = parseModelOutput('{}', strict).check.reason!;
    expect(reason.split('; ')).toHaveLength(5);
  });

  it('returns what the schema parsed (defaults applied), not the raw object', () => {
    const withDefault = z.object({ a: z.string(), b: z.string().default('filled') });
    expect(parseModelOutput('{"a":"x"}', withDefault).value).toEqual({ a: 'x', b: 'filled' });
  });
});
