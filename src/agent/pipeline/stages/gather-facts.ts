/**
 * Fact-query plan → read-only tools. Each planned read passes the read guards
 * (whitelist, ownership) before it runs; tool output is untrusted text and is
 * scanned for planted instructions.
 */
import { checkGuards, type ProposedCall } from '../guards/guard-chain.js';
import { guardContext } from '../guards/guard-context.js';
import type { Output, PipelineContext } from '../pipeline-context.js';
import { FREE_TEXT_FIELDS, READ_TOOLS, type ReadTool } from '../../vocabulary/tool-catalog.js';
import { recordFreeText } from '../guards/record-projection.js';
import { toolConflicts, verifiedFacts, type ReadResults } from '../verified-facts.js';
import { recover } from './recover.js';
import { CONTINUE, endTurn, type Stage } from './stage.js';
import { screenUntrusted } from '../guards/untrusted-quarantine.js';
import { intentResult, stringList } from './understand.js';

const RESULT_KEY: Partial<Record<ReadTool, keyof ReadResults>> = {
  query_order: 'order',
  query_logistics: 'logistics',
  query_after_sales: 'after_sales',
  query_payment: 'payment',
  query_ticket: 'ticket',
};

/** Facts for the whole turn: a hand-off or an ownership refusal ends the turn. */
export const gatherFactsStage: Stage = {
  name: 'gather facts: fact-query plan → read tools',
  run: async ({ ctx }) => {
    const gathered = await gatherFacts(ctx);
    if (gathered === 'handoff') return endTurn('human_handoff');
    if (gathered === 'rejected') return endTurn('decision_only');
    return CONTINUE;
  },
};

export async function gatherFacts(ctx: PipelineContext): Promise<'ok' | 'handoff' | 'rejected'> {
  const intent = ctx.intent!;
  const plan = await ctx.caller.call('fact_query_planning', {
    intent_result: intentResult(intent),
    known_tool_facts: { order: {}, logistics: {}, after_sales: {}, payment: {} },
  });
  if (!plan.ok) {
    const action = await recover(ctx, { stage: 'fact_query_planning', type: plan.failure, detail: plan.reason });
    if (action === 'human_handoff') return 'handoff';
  } else {
    const refused = await runPlannedReads(ctx, plan.output);
    if (refused) {
      // Someone else's order: failure recovery decides between refusing and a human; nothing else runs.
      const action = await recover(ctx, { stage: 'fact_query_planning', type: 'gate_blocked', detail: `ownership: ${refused}`, confidence: 1 });
      if (action === 'human_handoff') return 'handoff';
      ctx.rejectedForOwnership = true;
      return 'rejected';
    }
  }
  ctx.facts = verifiedFacts(ctx.reads);
  ctx.conflicts = toolConflicts(ctx.reads);
  return 'ok';
}

/** Runs the planned reads; returns the ownership refusal, if any read was refused for it. */
async function runPlannedReads(ctx: PipelineContext, plan: Output): Promise<string | undefined> {
  let refused: string | undefined;
  const queries = Array.isArray(plan.planned_queries) ? (plan.planned_queries as Output[]) : [];
  for (const query of queries) {
    const tool = String(query.tool_name);
    const args = (query.args ?? {}) as Record<string, unknown>;
    // An entry that still misses arguments is the plan saying "cannot run yet", not a call.
    if (stringList(query.missing_args).length > 0 || Object.keys(args).length === 0) continue;
    const call: ProposedCall = { tool, args, idempotency_key: null };
    if (ctx.options.guards) {
      const block = checkGuards(call, guardContext(ctx, call, undefined));
      if (block) {
        ctx.recordRead({ tool, args, proposed_by: 'fact_query_planning', status: 'blocked', block });
        ctx.note(`read ${tool} stopped by the ${block.gate} guard: ${block.message}`);
        if (block.gate === 'ownership') refused ??= block.message;
        continue;
      }
    }
    if (!(READ_TOOLS as readonly string[]).includes(tool) || tool === 'search_policy') {
      ctx.recordRead({ tool, args, proposed_by: 'fact_query_planning', status: 'not_authorized' });
      continue;
    }
    let outcome = ctx.world.read(tool as ReadTool, args);
    if (!outcome.success) {
      ctx.note(`read ${tool} failed: ${outcome.error}; retrying once`);
      outcome = ctx.world.read(tool as ReadTool, args);
    }
    ctx.recordRead({ tool, args, proposed_by: 'fact_query_planning', status: outcome.success ? 'executed' : 'failed', result: outcome });
    const key = RESULT_KEY[tool as ReadTool];
    if (outcome.success && key) {
      ctx.saw(`tool:${tool}`, outcome.data);
      ctx.reads[key] = outcome.data;
      ctx.noteInjection(ctx.scanner.scan(JSON.stringify(outcome.data)));
      await keepUntrustedText(ctx, tool as ReadTool, outcome.data);
    }
  }
  return refused;
}

/**
 * The free text of a read — a remark, a carrier note, the note of an earlier
 * after-sales record, a ticket's summary, at any depth — is kept as untrusted
 * text and screened once, a detection signal. No decider receives it with the
 * guards on: they get the record's structured fields only (record-projection.ts)
 * and a placeholder for each text; with them off it goes to the deciders
 * fenced, as the prompts alone would have it.
 */
async function keepUntrustedText(ctx: PipelineContext, tool: ReadTool, data: Record<string, unknown>): Promise<void> {
  for (const { path, text } of recordFreeText(data)) {
    if (
      !FREE_TEXT_FIELDS.has(
        path
          .replace(/\[\d+\]/g, '')
          .split('.')
          .at(-1)!,
      )
    )
      continue;
    const source = `${tool}.${path}`;
    if (ctx.untrustedText.some((u) => u.source === source && u.text === text)) continue;
    ctx.untrustedText.push({ source, text });
    await screenUntrusted(ctx, source, text);
  }
}
