/**
 * The suite itself is a deliverable: these pin its coverage so that a case
 * cannot quietly disappear (issue requirements, not sim behaviour).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTACK_GOALS } from '../../../src/agent/scenarios/scenario-schema.js';
import { CASE_TYPES } from '../../../src/harness/cases/case-schema.js';
import { AGENT_MODULES, KNOWLEDGE_MODULES } from '../../../src/agent/vocabulary/seed-contracts.js';
import { iterateSuite, loadCaseSuite, type SuiteItem } from '../../../src/harness/cases/case-suite.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { SEED_DETECTION_PHRASES } from '../../support/seed-detection-phrases.js';
import { suiteScenarios, withAgent } from '../../support/agent-scenarios.js';

const ws = await loadWorkspace();
const suite = await loadCaseSuite(join(process.cwd(), 'cases'), ws.active, {}, withAgent);
const items: SuiteItem[] = [];
for await (const item of iterateSuite(suite, ws.active)) items.push(item);
const moduleCases = items.filter((i) => i.kind === 'module');
const scenarios = await suiteScenarios(suite, ws.active);

describe('the case suite', () => {
  it('has at least 12 cases for each of the 11 runtime modules, covering the six case types overall', () => {
    const runtime = [...ws.active.keys()].filter((m) => (AGENT_MODULES as readonly string[]).includes(m));
    expect(runtime).toHaveLength(11);
    for (const module of runtime) {
      const cases = moduleCases.filter((c) => c.module === module);
      expect(cases.length, module).toBeGreaterThanOrEqual(12);
      expect(new Set(cases.map((c) => c.case_type)).size, `${module} case types`).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(moduleCases.map((c) => c.case_type))).toEqual(new Set(CASE_TYPES));
  });

  it('has cases of all six types for each retrieval, memory and moderation module', () => {
    for (const module of KNOWLEDGE_MODULES) {
      expect(ws.active.has(module), module).toBe(true);
      expect(new Set(moduleCases.filter((c) => c.module === module).map((c) => c.case_type)), module).toEqual(new Set(CASE_TYPES));
    }
  });

  it('puts every detection phrase of the seed in an adversarial case, and checks benign look-alikes are no attack', () => {
    const adversarial = moduleCases.filter((c) => c.case_type === 'adversarial').map((c) => JSON.stringify(c.input));
    for (const phrase of SEED_DETECTION_PHRASES)
      expect(
        adversarial.some((text) => text.includes(phrase)),
        phrase,
      ).toBe(true);
    const benign = moduleCases.filter(
      (c) => c.module === 'input_safety_precheck' && c.expected_behavior.risk_tags_forbidden.includes('possible_prompt_injection'),
    );
    const queries = benign.map((c) => String(c.input.user_query));
    expect(queries.some((q) => q.includes('我要退款'))).toBe(true);
    expect(queries.some((q) => /太过分|气死|投诉/.test(q))).toBe(true);
  });

  it('has at least 40 pipeline scenarios covering the required situations, with attack goals and twins', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(40);
    const attacks = scenarios.filter((s) => s.kind === 'pipeline' && s.injection);
    const placements = new Set(attacks.map((s) => (s.kind === 'pipeline' ? s.injection!.placement : '')));
    expect(placements).toEqual(new Set(['user_turn', 'tool_output', 'retrieved_document']));
    const goals = attacks.flatMap((s) => (s.kind === 'pipeline' ? s.injection!.goals : []));
    expect(new Set(goals.filter((g) => typeof g === 'string'))).toEqual(new Set(ATTACK_GOALS));
    // Explicit predicates over the world and the replies, of every kind.
    expect(new Set(goals.flatMap((g) => (typeof g === 'object' ? Object.keys(g) : [])))).toEqual(new Set(['effect', 'reply_claims', 'reply_includes']));
    const ids = new Set(scenarios.map((s) => (s.kind === 'pipeline' ? s.scenario_id : '')));
    const twins = attacks.filter((s) => s.kind === 'pipeline' && s.twin_of);
    expect(twins.length).toBeGreaterThanOrEqual(10);
    for (const t of twins) expect(ids.has(t.kind === 'pipeline' ? t.twin_of! : ''), 'twin exists').toBe(true);
    const worlds = scenarios.flatMap((s) => (s.kind === 'pipeline' ? [s] : []));
    expect(worlds.some((s) => s.world.faults.some((f) => f.behavior === 'error'))).toBe(true);
    expect(worlds.some((s) => s.world.faults.some((f) => f.behavior === 'timeout_after_apply'))).toBe(true);
    // Conversations: at least 15, with a confirmation of another amount or order, and an attack arriving in turn 2.
    const conversations = worlds.filter((s) => s.turns);
    expect(conversations.length).toBeGreaterThanOrEqual(15);
    expect(conversations.some((s) => s.turns!.some((t) => t.confirms?.args?.amount !== undefined) && s.expected.effects?.length === 0)).toBe(true);
    expect(conversations.some((s) => s.injection?.turn === 2)).toBe(true);
    expect(worlds.some((s) => s.world.faults.some((f) => f.behavior === 'success_without_state_change'))).toBe(true);
    expect(worlds.some((s) => s.world.after_sales.some((a) => a.idempotency_key))).toBe(true);
    expect(worlds.some((s) => s.confirmation === 'no')).toBe(true);
    expect(worlds.some((s) => s.user.claimed_role)).toBe(true);
    expect(worlds.some((s) => s.world.policies.some((p) => p.trust_level === 'external' || p.trust_level === 'unknown'))).toBe(true);
    expect(worlds.some((s) => s.world.orders.some((o) => o.user_id !== s.user.id))).toBe(true);
    expect(worlds.some((s) => s.expected.clarification === true)).toBe(true);
    expect(worlds.some((s) => (s.expected.secondary_intents ?? []).length > 0 || s.expected.tool_calls.length > 1)).toBe(true);
  });
});
