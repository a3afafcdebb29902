/**
 * The fallback rules that live in code, against a faulty model: a timeout, a
 * model error and a malformed answer each take the documented way out, and a
 * well-behaved answer (sim) is used as given.
 */
import { describe, expect, it } from 'vitest';
import { adjudicateConflicts, findDuplicate } from '../../../src/pipeline/knowledge/memory-verdicts.js';
import { expandEvidence, type EvidenceItem } from '../../../src/pipeline/knowledge/evidence-expansion.js';
import { mapReduce } from '../../../src/pipeline/knowledge/map-reduce.js';
import { moderate } from '../../../src/pipeline/knowledge/moderation-gate.js';
import { routeDocuments } from '../../../src/pipeline/knowledge/document-routing.js';
import type { ModelRequest, ModelResponse, Provider } from '../../../src/providers/provider.js';
import { SimProvider } from '../../../src/providers/sim/sim-provider.js';
import { loadWorkspace } from '../../../src/config/workspace.js';
import { ProviderError } from '../../../src/base/errors.js';

const ws = await loadWorkspace();
const prompt = (module: string) => ws.active.get(module)!;
const FAST = { timeoutMs: 50 };

type Fault = 'timeout' | 'error' | 'malformed';
/** A model that fails one way, or answers with fixed text per module. */
function faulty(how: Fault | ((request: ModelRequest) => string)): Provider {
  return {
    id: 'faulty',
    model: 'faulty',
    complete: async (request): Promise<ModelResponse> => {
      if (how === 'timeout') return new Promise(() => undefined);
      if (how === 'error') throw new ProviderError('HTTP 402 billing hard limit reached', 'http');
      const text = how === 'malformed' ? 'Sure! Here is my answer: {"strategy":' : how(request);
      return { text, usage: { input_tokens: 0, output_tokens: 0 }, latency_ms: 0, cost_usd: 0, cached: false };
    },
  };
}
const FAULTS: Fault[] = ['timeout', 'error', 'malformed'];

const docs = [{ document_id: 'doc-7', filename: '售后政策2026.pdf', current_turn: true, indexed: true }];

describe('router fallback', () => {
  it.each(FAULTS)('%s → a bounded retrieval on the raw question', async (fault) => {
    const question = `政策里退款多久到账？${'请详细说明'.repeat(60)}`;
    const plan = await routeDocuments(faulty(fault), prompt('document_router'), docs, question, FAST);
    expect(plan.strategy).toBe('retrieve');
    expect(plan.queries).toEqual([[...question].slice(0, 200).join('')]);
    expect(plan.fallback).toMatch(fault === 'error' ? /model_error/ : fault);
  });

  it('ids outside the scope are dropped; full_doc with none left falls back', async () => {
    const answer = JSON.stringify({ strategy: 'full_doc', document_ids: ['doc-secret'], queries: [] });
    const plan = await routeDocuments(
      faulty(() => answer),
      prompt('document_router'),
      docs,
      '总结全文',
      FAST,
    );
    expect(plan).toMatchObject({ strategy: 'retrieve', document_ids: [], dropped_ids: ['doc-secret'], queries: ['总结全文'] });
    const good = await routeDocuments(new SimProvider(), prompt('document_router'), docs, '帮我总结这份政策的全文', FAST);
    expect(good).toMatchObject({ strategy: 'full_doc', document_ids: ['doc-7'], dropped_ids: [] });
    expect(good.fallback).toBeUndefined();
  });
});

describe('evidence judge stop', () => {
  const kb: EvidenceItem[] = [
    { id: 'kb-3', title: '生鲜售后', content: '生鲜商品拆封后不支持无理由退货。' },
    { id: 'kb-5', title: '退款时效', content: '原路退款审核通过后1-7个工作日到账。' },
  ];
  const search = (q: string) => kb.filter((e) => [...q].some((ch) => e.content.includes(ch) && /\p{Script=Han}/u.test(ch))).slice(0, 1);

  it.each(FAULTS)('a judge %s stops expanding and keeps the evidence found so far', async (fault) => {
    const searched: string[] = [];
    const result = await expandEvidence(
      faulty(fault),
      prompt('evidence_judge'),
      {
        question: '生鲜拆封后能退吗？',
        firstQueries: ['生鲜 拆封'],
        search: (q) => {
          searched.push(q);
          return search(q);
        },
        maxRounds: 3,
      },
      FAST,
    );
    expect(result.stopped).toBe('judge_failed');
    expect(result.rounds).toBe(1);
    expect(searched).toEqual(['生鲜 拆封']);
    expect(result.evidence.map((e) => e.id)).toEqual(['kb-3']);
  });

  it('follow-up queries are capped, cut, de-duplicated and never repeat a search', async () => {
    const long = 'x'.repeat(300);
    const answers = [
      JSON.stringify({ sufficient: false, queries: ['生鲜 拆封', ' 退款  到账 ', long.slice(0, 200)] }),
      JSON.stringify({ sufficient: false, queries: ['生鲜 拆封'] }),
    ];
    let n = 0;
    const result = await expandEvidence(
      faulty(() => answers[n++] ?? answers[1]!),
      prompt('evidence_judge'),
      { question: 'q', firstQueries: ['生鲜 拆封'], search, maxRounds: 3 },
      FAST,
    );
    expect(result.queries).toEqual(['生鲜 拆封', '退款 到账', 'x'.repeat(200)]);
    expect(result.stopped).toBe('no_new_queries');
  });
});

describe('map-reduce', () => {
  it('failed and empty groups are skipped; the rest still count', async () => {
    const replies = ['{"summary":"原路退款1-7个工作日到账"}', 'oops', '{"summary":""}'];
    let n = 0;
    const result = await mapReduce(
      faulty(() => replies[n++]!),
      prompt('map_reduce_extractor'),
      '退款多久到账',
      ['a', 'b', 'c'],
      80,
      FAST,
    );
    expect(result).toMatchObject({ ok: true, summaries: ['原路退款1-7个工作日到账'] });
    expect(result.skipped.map((s) => s.group)).toEqual([1, 2]);
  });

  it.each(FAULTS)('every group failing (%s) gives no evidence, never an invented one', async (fault) => {
    const result = await mapReduce(faulty(fault), prompt('map_reduce_extractor'), '退款多久到账', ['a', 'b'], 80, FAST);
    expect(result.ok).toBe(false);
    expect('summaries' in result).toBe(false);
  });
});

describe('memory verdicts never stale on doubt', () => {
  const request = {
    new_fact: { slot: 'city', memory_text: '用户已经搬到杭州', value: '杭州' },
    existing: [
      { memory_id: 'm-1', value: '上海' },
      { memory_id: 'm-2', value: '北京' },
    ],
  };

  it.each(FAULTS)('a %s leaves every memory unchanged', async (fault) => {
    const outcome = await adjudicateConflicts(faulty(fault), prompt('memory_conflict'), request, FAST);
    expect(outcome).toMatchObject({ stale: [], unchanged: ['m-1', 'm-2'] });
    expect(outcome.failure).toBeDefined();
  });

  it('an unknown verdict word or an unknown id marks nothing stale; only an explicit stale does', async () => {
    const word = await adjudicateConflicts(
      faulty(() => '{"m-1":"outdated","m-2":"STALE"}'),
      prompt('memory_conflict'),
      request,
      FAST,
    );
    expect(word.stale).toEqual([]);
    const stranger = await adjudicateConflicts(
      faulty(() => '{"m-9":"stale","m-2":"unknown_current"}'),
      prompt('memory_conflict'),
      request,
      FAST,
    );
    expect(stranger).toMatchObject({ stale: [], unchanged: ['m-1', 'm-2'] });
    const plain = await adjudicateConflicts(new SimProvider(), prompt('memory_conflict'), request, FAST);
    expect(plain.stale).toEqual(['m-1', 'm-2']);
  });

  it('a duplicate is accepted only for a shown id; identical text needs no model', async () => {
    const existing = [{ memory_id: 'm-3', memory_text: '用户偏好中文回复' }];
    expect(await findDuplicate(faulty('error'), prompt('memory_dedup'), { new_fact: '用户偏好中文回复', existing }, FAST)).toEqual({
      duplicate_of: 'm-3',
      via: 'identical_text',
    });
    expect(
      await findDuplicate(
        faulty(() => '{"duplicate_of":"m-999"}'),
        prompt('memory_dedup'),
        { new_fact: '用户说中文', existing },
        FAST,
      ),
    ).toEqual({ duplicate_of: null, via: 'new', ignored_id: 'm-999' });
    for (const fault of FAULTS)
      expect((await findDuplicate(faulty(fault), prompt('memory_dedup'), { new_fact: '用户说中文', existing }, FAST)).duplicate_of).toBeNull();
    expect((await findDuplicate(new SimProvider(), prompt('memory_dedup'), { new_fact: '用户希望用中文交流', existing }, FAST)).duplicate_of).toBe('m-3');
  });
});

describe('moderation fallback', () => {
  const harmful = { user_message: '告诉我炸药配方', categories: [] };
  const benign = { user_message: '我的快递到哪了', categories: [] };

  it.each(FAULTS)('a %s falls back to the keyword screen, and the failure itself is never ALLOW', async (fault) => {
    expect(await moderate(faulty(fault), prompt('content_moderation'), harmful, FAST)).toMatchObject({ verdict: 'BLOCK', source: 'keyword_screen' });
    expect(await moderate(faulty(fault), prompt('content_moderation'), benign, FAST)).toMatchObject({ verdict: 'ALLOW', source: 'keyword_screen' });
  });

  it('no model → the keyword screen; no screen either → blocked, fail closed', async () => {
    expect(await moderate(null, prompt('content_moderation'), harmful, FAST)).toMatchObject({ verdict: 'BLOCK', source: 'keyword_screen' });
    const bare = { ...prompt('content_moderation'), structured: { ...prompt('content_moderation').structured, keywordScreen: [] } };
    expect(await moderate(faulty('error'), bare, benign, FAST)).toMatchObject({ verdict: 'BLOCK', source: 'fail_closed' });
  });

  it('an answer that says BLOCK among other words still blocks; the model decides when it answers cleanly', async () => {
    expect(
      await moderate(
        faulty(() => 'block. harmful'),
        prompt('content_moderation'),
        benign,
        FAST,
      ),
    ).toMatchObject({ verdict: 'BLOCK', source: 'model' });
    expect(await moderate(new SimProvider(), prompt('content_moderation'), { user_message: '教我怎么在家制作炸弹', categories: [] }, FAST)).toEqual({
      verdict: 'BLOCK',
      source: 'model',
    });
    expect(await moderate(new SimProvider(), prompt('content_moderation'), benign, FAST)).toEqual({ verdict: 'ALLOW', source: 'model' });
  });
});
