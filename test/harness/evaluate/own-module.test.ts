/**
 * A module of the user's own (test/fixtures/own-module: a prompt and two cases)
 * is evaluated on openai against a loopback server with the checks its Output
 * Schema and Output Checks allow, and skipped on sim with a reason.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer, type ReplyHandler } from '../../support/openai-compatible-server.js';
import { evalIn, readReport, readResults, repoCopy } from '../../support/eval-fixture.js';

const FIXTURE = join(process.cwd(), 'test/fixtures/own-module');

function withOwnModule(): string {
  const root = repoCopy();
  cpSync(FIXTURE, root, { recursive: true });
  return root;
}

/** Answers the tagger from the data message: the first known tag whose label the message names, or the one given. */
function tagger(answer: (input: { message: string; known_tags: { tag_id: string; label: string }[] }) => unknown): ReplyHandler {
  return (request) => {
    const user = request.body.messages.find((m: { role: string }) => m.role === 'user');
    const { input } = JSON.parse(user.content);
    return { content: JSON.stringify(answer(input)) };
  };
}

const honest = tagger((input) => ({ tag_ids: /快递|物流/.test(input.message) ? [input.known_tags[0]!.tag_id] : [], note: 'routing' }));

describe("a module of the user's own", () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer(honest);
  });
  afterAll(() => server.close());

  const onOpenai = (root: string, out: string) =>
    evalIn(root, {
      provider: 'openai',
      model: 'loopback',
      module: ['ticket_tagger'],
      out: join(root, out),
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
    });

  it('runs on --provider openai and is scored by its Output Schema and case expectations', async () => {
    server.setHandler(honest);
    const root = withOwnModule();
    await onOpenai(root, 'http');
    const results = readResults(join(root, 'http'));
    expect(Object.fromEntries(results.map((r) => [r.case_id, r.status]))).toEqual({ 'tagger-shipping-001': 'passed', 'tagger-nothing-fits-002': 'passed' });
    // The prompt's Output Checks ran on every case, the case's own checks too.
    expect(results.find((r) => r.case_id === 'tagger-shipping-001')!.checks_total).toBe(3);
    // An object root is asked for as json_object, as for the agent's modules.
    expect(server.completionRequests().at(-1)!.body.response_format).toEqual({ type: 'json_object' });
  });

  it('fails an id the input never gave, and a note over its length bound', async () => {
    server.setHandler(tagger(() => ({ tag_ids: ['refund_vip'], note: 'x'.repeat(41) })));
    const root = withOwnModule();
    await onOpenai(root, 'bad');
    const [first] = readResults(join(root, 'bad'));
    expect(first!.status).toBe('failed');
    expect(first!.failed_checks.map((c) => c.name)).toContain('schema');
    server.setHandler(tagger(() => ({ tag_ids: ['refund_vip'], note: 'short' })));
    // A fresh copy: the response cache of the first one would answer with the old replies.
    const other = withOwnModule();
    await onOpenai(other, 'stray');
    const stray = readResults(join(other, 'stray'));
    expect(stray.every((r) => r.status === 'failed')).toBe(true);
    expect(stray.find((r) => r.case_id === 'tagger-shipping-001')!.failed_checks).toContainEqual({
      name: 'output_ids_within[tag_ids]',
      reason: expect.stringMatching(/"refund_vip", not among input\.known_tags\[\]\.tag_id \(shipping, billing\)/),
    });
  });

  it('is skipped on sim with a reason in every report, never passed and never an error', async () => {
    const root = withOwnModule();
    const out = join(root, 'sim');
    const result = await evalIn(root, { module: ['ticket_tagger', 'intent_recognition'], out });
    const results = readResults(out);
    const own = results.filter((r) => r.module === 'ticket_tagger');
    expect(own.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(own.every((r) => r.skipped_reason === own[0]!.skipped_reason)).toBe(true);
    expect(own[0]!.skipped_reason).toMatch(/sim has no implementation of module ticket_tagger; its cases run on --provider openai/);
    expect(result.head.summary).toMatchObject({ skipped: 2, error: 0 });
    expect(result.head.summary.passed).toBe(results.filter((r) => r.module !== 'ticket_tagger' && r.status === 'passed').length);
    // Skipped cases are outside every metric: the pass rate is over the cases that ran.
    const ran = results.length - 2;
    expect(result.head.metrics.case_pass_rate!.denominator).toBe(ran);
    const report = readReport(out);
    expect(report.skipped_modules).toEqual({ ticket_tagger: { results: 2, reason: own[0]!.skipped_reason } });
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/## Skipped modules[\s\S]*`ticket_tagger` \| 2 \| sim has no implementation/);
    expect(md).toContain('2 skipped');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/skipped: sim has no implementation of module ticket_tagger/);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<testsuite name="ticket_tagger" tests="2" failures="0" errors="0" skipped="2"/);
    expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toMatch(/<testcase name="tagger-shipping-001"[^>]*>\s*<skipped message="sim has no implementation/);
  });
});
