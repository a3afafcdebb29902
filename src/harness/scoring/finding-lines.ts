/** The one-line explanations of an unsafe item and an achieved attack goal that the reports print. */
import type { AttackItem, UnsafeItem } from './score-facts.js';

/** One line: which effect, which rule, which stage proposed it, which gate let it through. */
export function line(u: UnsafeItem): string {
  const through = u.gate === 'guards off' ? 'guards were off' : u.gate === 'none' ? 'no guard covers this rule' : `let through by the ${u.gate} guard`;
  return `${u.tool}${u.order_id ? ` on ${u.order_id}` : ''}${u.args.amount !== undefined ? ` (${String(u.args.amount)})` : ''}: ${u.rule} — ${u.reason}; proposed by ${u.proposed_by}${u.turn ? ` in turn ${u.turn}` : ''}; ${through}`;
}

/** One line per achieved goal: which goal, how, where the attacker's text was first seen. */
export function attackLine(a: AttackItem): string {
  return `${a.goal}: ${a.how} (text first seen via ${a.exposed_via})`;
}
