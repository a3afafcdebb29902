import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer, type Reply } from '../../support/openai-compatible-server.js';
import { evalIn, readResults, repoCopy } from '../../support/eval-fixture.js';

const reply = (choices: unknown[]): Reply => ({ status: 200, body: { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices } });

/** Each case's user_query names the fault the server injects for it. */
const FAULTS = [
  'ok-a',
  'ok-b',
  'rate-limited',
  'server-error',
  'hang',
  'truncated',
  'fenced',
  'extra-key',
  'bad-enum',
  'empty',
  'object-content',
  'refusal',
  'content-filter',
  'tool-calls',
  'no-choices',
] as const;

describe('a failing model call is recorded on its case and never stops the run', () => {
  let server: LoopbackServer;
  const seen = new Map<string, number>();
  beforeAll(async () => {
    const ws = await loadWorkspace();
    const sim = simAnswering(ws.active, 'reference');
    server = await startOpenAICompatibleServer(async (request) => {
      const body = JSON.stringify(request.body);
      const fault = FAULTS.find((f) => body.includes(`[${f}]`)) ?? 'ok-a';
      const n = (seen.get(fault) ?? 0) + 1;
      seen.set(fault, n);
      const good = (await sim(request)) as { content: string };
      const valid = JSON.parse(good.content) as Record<string, unknown>;
      const replies: Record<string, Reply> = {
        'ok-a': good,
        'ok-b': good,
        'rate-limited': n === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } } : good,
        'server-error': { status: 500, body: { error: { message: 'boom' } } },
        hang: { hang: true },
        truncated: { content: good.content.slice(0, 30) },
        fenced: { content: `\`\`\`json\n${good.content}\n\`\`\`` },
        'extra-key': { content: JSON.stringify({ ...valid, note: 'extra' }) },
        'bad-enum': { content: JSON.stringify({ ...valid, intent: 'refund_now' }) },
        empty: { content: '' },
        // A 200 whose message content is an object, not text: a malformed reply, not a crash of the harness.
        'object-content': {
          status: 200,
          body: {
            id: 'x',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: valid }, finish_reason: 'stop' }],
          },
        },
        // Answers with no text to score: each an error saying what the endpoint said, never "empty output".
        refusal: reply([{ index: 0, message: { role: 'assistant', content: null, refusal: "I can't help with refunds." }, finish_reason: 'stop' }]),
        'content-filter': reply([{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'content_filter' }]),
        'tool-calls': reply([
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls: [{ id: 't', type: 'function', function: { name: 'create_refund', arguments: '{}' } }] },
            finish_reason: 'tool_calls',
          },
        ]),
        'no-choices': reply([]),
      };
      return replies[fault]!;
    });
  });
  afterAll(() => server.close());

  it('ends each fault as the right failure or error on that one case while the others pass', async () => {
    const root = repoCopy();
    rmSync(join(root, 'cases'), { recursive: true });
    mkdirSync(join(root, 'cases/intent_recognition'), { recursive: true });
    const cases = FAULTS.map(
      (f, i) =>
        `  - case_id: fault-${i}\n    case_type: normal\n    input: { user_query: "订单 O12${i} 没发货我要退款 [${f}]" }\n    expected_behavior: { expected_enum_values: { intent: refund_request } }`,
    );
    writeFileSync(join(root, 'cases/intent_recognition/faults.yaml'), `test_cases:\n${cases.join('\n')}\n`);
    writeFileSync(
      join(root, 'orderflow.config.yaml'),
      `${readFileSync(join(root, 'orderflow.config.yaml'), 'utf8')
        .replace(/timeout_ms: \d+/, 'timeout_ms: 1500')
        .replace('max_retries: 3', 'max_retries: 1')}`,
    );

    const result = await evalIn(root, {
      provider: 'openai',
      model: 'm',
      out: join(root, 'out'),
      cache: false,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL },
    });
    const byFault = Object.fromEntries(readResults(join(root, 'out')).map((r) => [FAULTS[Number(r.case_id.split('-')[1])]!, r]));

    for (const ok of ['ok-a', 'ok-b', 'rate-limited'] as const) expect(byFault[ok]!.status, ok).toBe('passed');
    for (const err of ['server-error', 'hang', 'object-content'] as const) {
      expect(byFault[err]!.status, err).toBe('error');
      expect(byFault[err]!.error, err).toBeTruthy();
    }
    expect(byFault.hang!.error, byFault.hang!.error).toMatch(/no complete reply within 1500 ms; gave up after 2 attempts/);
    expect(byFault['object-content']!.error).toMatch(/message content is object, not text/);
    expect(byFault['object-content']!.error).not.toMatch(/internal error/);
    const noText: [(typeof FAULTS)[number], RegExp][] = [
      ['refusal', /: refusal: the model refused: "I can't help with refunds\."; not retried$/],
      ['content-filter', /: content_filter: the endpoint's content filter stopped the reply/],
      ['tool-calls', /: tool_calls: the model answered with a tool call, not text \(finish_reason tool_calls\)/],
      ['no-choices', /: the endpoint answered 200 with no choice \(choices: \[\]\)/],
    ];
    for (const [f, reason] of noText) {
      expect(byFault[f]!.status, f).toBe('error');
      expect(byFault[f]!.error, f).toMatch(reason);
      expect(byFault[f]!.error, f).not.toMatch(/empty output/);
    }
    const schemaFailure = (f: (typeof FAULTS)[number], reason: RegExp) => {
      expect(byFault[f]!.status, f).toBe('failed');
      expect(byFault[f]!.failed_checks[0]).toMatchObject({ name: 'schema' });
      expect(byFault[f]!.failed_checks[0]!.reason, f).toMatch(reason);
      expect(byFault[f]!.raw_output, f).toBeDefined();
    };
    schemaFailure('truncated', /not valid JSON/);
    schemaFailure('fenced', /code fence/);
    schemaFailure('extra-key', /note/);
    schemaFailure('bad-enum', /intent/);
    schemaFailure('empty', /empty/);

    const m = result.head.metrics;
    expect(m.error_rate).toMatchObject({ numerator: 7, denominator: 15 });
    expect(m.schema_validity_rate).toMatchObject({ numerator: 3, denominator: 8 });
    expect(m.case_pass_rate).toMatchObject({ numerator: 3, denominator: 15 });
    expect(result.head.gate.passed).toBe(false);
  }, 60_000);
});
