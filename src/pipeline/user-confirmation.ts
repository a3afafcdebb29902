/** The simulated user's side of a confirmation request, and what has been confirmed so far. */
import type { PipelineContext } from './pipeline-context.js';

/**
 * The simulated user answers a confirmation request about a specific action:
 * "yes" in a scenario means yes to what the user asked for, so an action they
 * never wanted (a cancellation offered to someone asking for a refund) is declined.
 */
export function askUser(ctx: PipelineContext, tool: string): 'confirmed' | 'declined' | 'no_answer' {
  const s = ctx.scenario;
  const wanted = s.confirms ?? wantedTools(s);
  const answer = s.confirmation === 'no_answer' ? 'no_answer' : s.confirmation === 'yes' && wanted.includes(tool) ? 'confirmed' : 'declined';
  const { asked_tools, confirmed_tools } = ctx.trace.confirmation;
  ctx.trace.confirmation = {
    asked: true,
    answer,
    asked_tools: [...new Set([...asked_tools, tool])],
    confirmed_tools: answer === 'confirmed' ? [...new Set([...confirmed_tools, tool])] : confirmed_tools,
  };
  ctx.actionsTaken.push(`asked the user to confirm ${tool}: ${answer}`);
  return answer;
}

/** A confirmation is for one action: confirming a refund does not confirm a cancellation. */
export function confirmationFor(ctx: PipelineContext, tool: string): 'confirmed' | 'not_requested' {
  return ctx.trace.confirmation.confirmed_tools.includes(tool) ? 'confirmed' : 'not_requested';
}

const INTENT_TOOLS: Record<string, string> = { refund_request: 'create_refund', compensation_request: 'create_compensation', cancel_order: 'cancel_order', complaint: 'create_ticket' };

function wantedTools(s: PipelineContext['scenario']): string[] {
  const intents = [s.expected.intent, ...(s.expected.secondary_intents ?? [])].filter((i): i is string => Boolean(i));
  return [...new Set([...s.expected.tool_calls.map((c) => c.tool_name), ...intents.flatMap((i) => INTENT_TOOLS[i] ?? [])])];
}
