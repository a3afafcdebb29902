/**
 * One line of report.md's trace per capability turn (docs/spec/capability-routing.md#what-each-turn-records): what the
 * entry model proposed, what the server bound and why, what the turn did, and
 * the guard that refused a personal read, so that a reviewer sees whether the
 * model or the program decided the turn.
 */
import type { CapabilityTurnTrace } from '../agent-registration.js';

export function capabilityTraceLine(c: CapabilityTurnTrace): string {
  const candidate = c.candidate ? `${c.candidate.capability} ${c.candidate.operation}${c.candidate.refund_id ? ` ${c.candidate.refund_id}` : ''}` : 'none';
  const binding = c.binding
    ? `${c.binding.capability} → ${c.binding.scenario} version ${c.binding.version} (${c.binding.reason})`
    : c.binding_error
      ? `error: ${c.binding_error}`
      : 'none';
  const object = c.refund_id ? `, refund ${c.refund_id}` : '';
  const guard = c.guard ? ` [stopped by the ${c.guard} guard: nothing read or written]` : '';
  return `capability turn ${c.turn} (branch ${c.branch}): candidate ${candidate}; binding ${binding}; action ${c.action}${object}: ${c.reason}${guard}`;
}
