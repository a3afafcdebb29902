import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadRegistry } from '../../../src/harness/registry/registry.js';
import { parseJsonWithPositions } from '../../../src/harness/base/source-positions.js';
import { SEED_DETECTION_PHRASES } from '../../support/seed-detection-phrases.js';
import { agent } from '../../../src/harness/agent-registration.js';

const SEED_PROMPTS = [
  'input_safety_precheck_v1',
  'intent_v2',
  'slot_clarification_v1',
  'fact_query_plan_v1',
  'policy_rewrite_v2',
  'policy_evidence_filter_v1',
  'responsibility_v2',
  'tool_authorization_v1',
  'state_verification_v1',
  'response_v2',
  'failure_recovery_v1',
  'prompt_eval_case_generator_v1',
  // The retrieval, memory and moderation contracts (docs/spec/retrieval-memory-safety.md).
  'document_router_v1',
  'evidence_judge_v1',
  'map_reduce_extractor_v1',
  'memory_extraction_v1',
  'memory_conflict_v1',
  'memory_dedup_v1',
  'content_moderation_v1',
  // The capability entry model (docs/spec/capability-routing.md#the-entry-model).
  'capability_router_v1',
];

describe('the repository prompts', async () => {
  const { registry, problems } = await loadRegistry(join(process.cwd(), 'prompts'), { contracts: agent.contracts });

  it('load without problems and cover the 20 prompts of the seeds', () => {
    expect(problems).toEqual([]);
    expect(registry.prompts.map((p) => p.metadata.name).sort()).toEqual([...SEED_PROMPTS].sort());
  });

  it.each(SEED_PROMPTS)('%s has schemas, and every example validates against them', (name) => {
    const prompt = registry.prompts.find((p) => p.metadata.name === name)!;
    expect(prompt.inputSchema, 'input schema').toBeDefined();
    expect(prompt.outputSchema, 'output schema').toBeDefined();
    const outputs = prompt.examples.filter((e) => e.kind === 'output');
    expect(outputs.length).toBeGreaterThan(0);
    for (const example of prompt.examples) {
      const parsed = parseJsonWithPositions(example.text, example.contentLine);
      const schema = example.kind === 'output' ? prompt.outputSchema! : prompt.inputSchema!;
      const result = schema.zod.safeParse(parsed.value);
      expect(result.success, `${prompt.path}:${example.line} ${result.error?.message}`).toBe(true);
    }
  });

  it('keeps the seed contracts exactly: risk tags, tools, detection and forbidden phrases', () => {
    const get = (name: string) => registry.prompts.find((p) => p.metadata.name === name)!;
    const phrases = get('input_safety_precheck_v1').structured.detectionPhrases!.map((p) => p.phrase);
    expect(phrases).toEqual(expect.arrayContaining([...SEED_DETECTION_PHRASES]));
    expect(get('response_v2').structured.forbiddenPhrases!.map((p) => p.value)).toEqual([
      '退款已成功',
      '补偿已到账',
      '订单已取消',
      '工单已创建',
      '已经处理完成',
      '我已经调用工具',
      '系统判定你触发风控',
      '根据内部规则 R001',
    ]);
    const levels = get('tool_authorization_v1').structured.toolRiskLevels!;
    expect(levels.write_high!.map((t) => t.value)).toEqual(['create_refund', 'create_compensation', 'cancel_order', 'modify_order', 'modify_address']);
    expect(levels.external_high!.map((t) => t.value)).toEqual(['send_sms', 'send_email', 'send_enterprise_wechat_message']);
    expect(get('intent_v2').structured.intentTaxonomy!.map((i) => i.intent)).toEqual([
      'refund_request',
      'logistics_query',
      'compensation_request',
      'complaint',
      'cancel_order',
      'modify_order',
      'order_status_query',
      'human_service_request',
      'unknown',
    ]);
  });
});
