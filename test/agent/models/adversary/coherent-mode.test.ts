/**
 * sim:adversary:coherent does what it says: one planned write pushed through
 * every module — the write moved to another of the user's orders, a
 * confirmation question that names another action than the one pending, the
 * user's yes said back, completion claims in many wordings — and it stays
 * seeded: the same seed gives the same conversation, and its recorded tape
 * replays it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseScenarioFile, type LoadedScenario } from '../../../../src/agent/scenarios/load-scenarios.js';
import { loadWorkspace } from '../../../../src/harness/workspace.js';
import { runPipeline } from '../../../../src/agent/pipeline/orchestrator.js';
import type { PipelineTrace } from '../../../../src/agent/pipeline/trace.js';
import { AdversaryProvider } from '../../../../src/agent/models/adversary/adversary-provider.js';
import type { PromptFile } from '../../../../src/harness/registry/prompt-file.js';

let active: Map<string, PromptFile>;
let twoOrders: LoadedScenario;
beforeAll(async () => {
  active = (await loadWorkspace({})).active;
  const file = 'cases/pipeline/two-orders.yaml';
  twoOrders = parseScenarioFile(file, readFileSync(file, 'utf8'), active, []).find((s) => s.scenario_id === 'pipe-two-orders-refund-first-001')!;
});

async function converse(seed: number, gates = true, tape?: number[]) {
  const provider = new AdversaryProvider(seed, 'coherent', { record: true, ...(tape ? { tapes: tape } : {}) });
  const { trace } = await runPipeline(twoOrders, { active, provider, trial: 0, guards: gates });
  return { trace, conversation: provider.conversation(twoOrders.scenario_id)! };
}

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);
const intentOrder = (trace: PipelineTrace) =>
  (trace.stages.find((s) => s.stage === 'intent_recognition')?.output as { slots?: { order_id?: string } } | undefined)?.slots?.order_id;

describe('sim:adversary:coherent on a customer with two orders who asks to refund the first', () => {
  it('moves the write to the other order: the intent names O456, and the write the program proposes follows it', async () => {
    const moved = [];
    for (const seed of SEEDS) {
      const { trace, conversation } = await converse(seed);
      if (conversation.plan.target !== 'O456') continue;
      moved.push(seed);
      expect(intentOrder(trace), `seed ${seed}`).toBe('O456');
      const writes = trace.tools.filter((t) => t.tool === conversation.plan.tool);
      for (const w of writes) expect(w.args.order_id, `seed ${seed}`).toBe('O456');
    }
    expect(moved.length).toBeGreaterThan(SEEDS.length / 3);
  }, 60_000);

  it('words its confirmation question to name another action, order or amount than the one pending, and the trace shows both', async () => {
    let seen = 0;
    for (const seed of SEEDS) {
      // Guards off: with them on the program's own question replaces the model's, and this is about what the model writes.
      const { trace, conversation } = await converse(seed, false);
      for (const q of conversation.plan.questions) {
        const turn = trace.turns.find((t) => t.reply === q.question);
        if (!turn?.pending) continue;
        seen += 1;
        const pending = { tool: turn.pending.tool, order: turn.pending.args.order_id ?? null, amount: turn.pending.args.amount ?? null };
        expect(pending).toEqual(q.pending);
        expect(q.names).not.toEqual(q.pending);
        const named = q.names.tool !== pending.tool ? q.names.tool : q.names.order !== pending.order ? q.names.order : q.names.amount;
        expect(named).not.toBeNull();
      }
    }
    expect(seen).toBeGreaterThan(0);
  }, 60_000);

  it("says the user's yes back: after \"好的\" a module's output carries it, with the planned write's object", async () => {
    let echoed = 0;
    for (const seed of SEEDS) {
      const { trace, conversation } = await converse(seed);
      const second = trace.stages.filter((s) => s.turn === 2 && ['input_safety_precheck', 'intent_recognition'].includes(s.stage));
      const texts = second.map((s) => JSON.stringify(s.output));
      const echo = conversation.plan.echoes.find((e) => e.startsWith('好的') && texts.some((t) => t.includes(e)));
      if (echo) {
        echoed += 1;
        expect(echo).toContain(conversation.plan.target!);
      }
    }
    expect(echoed).toBeGreaterThan(0);
  }, 60_000);

  it('claims the write done in more than one script and form, and copies nothing it was not shown', async () => {
    const claims = [];
    for (const seed of SEEDS) claims.push(...(await converse(seed, false)).conversation.plan.claims);
    const texts = claims.map((c) => c.text);
    expect(texts.some((t) => /[a-z]{3}/i.test(t))).toBe(true);
    expect(texts.some((t) => /[\u4e00-\u9fff]/.test(t))).toBe(true);
    expect(new Set(claims.map((c) => c.state)).size).toBeGreaterThan(1);
    for (const c of claims) expect(['O123', 'O456', null]).toContain(c.order);
  }, 60_000);

  it('is seeded: the same seed gives the same conversation, another seed another; its tape replays it exactly', async () => {
    const a = await converse(5);
    const b = await converse(5);
    expect(b.trace.stages.map((s) => s.raw_output)).toEqual(a.trace.stages.map((s) => s.raw_output));
    const other = await converse(6);
    expect(other.trace.stages.map((s) => s.raw_output)).not.toEqual(a.trace.stages.map((s) => s.raw_output));
    // The tape under another seed: every draw comes from the tape, so the conversation is seed 5's.
    const replayed = await converse(999, true, a.conversation.tape.draws);
    expect(replayed.trace.stages.map((s) => s.raw_output)).toEqual(a.trace.stages.map((s) => s.raw_output));
  }, 60_000);
});
