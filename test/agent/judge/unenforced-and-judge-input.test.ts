/**
 * Two small joints of the verdict: the label that says a failed schema check
 * broke only what the endpoint could not enforce, and the prompt data the
 * scenario judge reads from the active prompts.
 */
import { describe, expect, it } from 'vitest';
import type { OutputEnforcement } from '../../../src/harness/providers/provider.js';
import { analyzeDialect } from '../../../src/harness/registry/schema-dialects.js';
import { judgePrompts } from '../../../src/agent/judge/judge-input.js';
import { parseModelOutput } from '../../../src/harness/model-output/parse-model-output.js';
import { unenforcedLabel } from '../../../src/harness/model-output/unenforced-failure.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { VALID_PRECHECK_OUTPUT } from '../../support/precheck-output.js';

const ws = await loadWorkspace();
const precheck = ws.active.get('input_safety_precheck')!;
const schema = precheck.outputSchema!;
const grammar: OutputEnforcement = { label: 'llama.cpp grammar', analysis: analyzeDialect(schema.tree, 'llama_cpp_grammar'), jsonSyntaxEnforced: true };
const loose: OutputEnforcement = { label: 'json_object on llama.cpp', analysis: analyzeDialect(schema.tree, 'json_object'), jsonSyntaxEnforced: false };
const label = (enforcement: OutputEnforcement | undefined, text: string) => unenforcedLabel(enforcement, parseModelOutput(text, schema.zod));

describe('the not-enforceable label on a failed schema check', () => {
  it('only the bounds a grammar cannot hold: labelled, each constraint once', () => {
    expect(label(grammar, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, confidence: 9 }))).toBe('not enforceable by llama.cpp grammar: confidence <= 1');
    expect(label(grammar, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, confidence: -1 }))).toBe('not enforceable by llama.cpp grammar: confidence >= 0');
  });

  it('an enforced constraint broken as well: no label, the endpoint should have stopped it', () => {
    expect(label(grammar, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, confidence: 9, risk_level: 'enormous' }))).toBeUndefined();
    expect(label(grammar, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, risk_level: 'enormous' }))).toBeUndefined();
  });

  it('a valid output, or no enforcement known (sim, replay): no label', () => {
    expect(label(grammar, JSON.stringify(VALID_PRECHECK_OUTPUT))).toBeUndefined();
    expect(label(undefined, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, confidence: 9 }))).toBeUndefined();
  });

  it('text that is not JSON: labelled only where the endpoint ignores the JSON mode', () => {
    expect(label(loose, 'sure, here you go')).toBe('not enforceable by json_object on llama.cpp: the endpoint does not enforce JSON output in this mode');
    expect(label(grammar, 'sure, here you go')).toBeUndefined();
  });

  it('every constraint of the schema broken at once, where nothing is enforced: each named', () => {
    const text = label(loose, JSON.stringify({ ...VALID_PRECHECK_OUTPUT, confidence: 9, risk_level: 'enormous' }))!;
    expect(text.startsWith('not enforceable by json_object on llama.cpp: ')).toBe(true);
    expect(text).toContain('confidence <= 1');
    expect(text).toMatch(/risk_level in enum/);
  });
});

describe('the prompt data the scenario judge reads', () => {
  it('the forbidden phrases of the response prompt, every system prompt, the detection phrases of the two detecting modules (not the Claim Vocabulary: the judge reads claims with its own reader)', () => {
    const p = judgePrompts(ws.active);
    const response = ws.active.get('customer_response_generation')!.structured;
    expect(p).not.toHaveProperty('claimVocabulary');
    expect(p.forbiddenPhrases).toEqual(response.forbiddenPhrases!.map((f) => f.value));
    expect(p.forbiddenPhrases).toContain('退款已成功');
    expect(p.systemPrompts).toEqual([...ws.active.values()].map((x) => x.systemPrompt));
    expect(p.systemPrompts.every((s) => s.length > 100)).toBe(true);
    const detection = (m: string) => ws.active.get(m)!.structured.detectionPhrases!.map((d) => d.phrase);
    expect(p.detectionPhrases).toEqual([...detection('input_safety_precheck'), ...detection('policy_evidence_filter')]);
  });

  it('without a response prompt or detection rules: empty lists, not a crash', () => {
    const only = new Map([...ws.active].filter(([m]) => m === 'intent_recognition'));
    expect(judgePrompts(only)).toEqual({
      forbiddenPhrases: [],
      systemPrompts: [only.get('intent_recognition')!.systemPrompt],
      detectionPhrases: [],
    });
  });
});
