/**
 * What each capability may touch (docs/spec/capability-routing.md#what-each-capability-may-touch): a policy consultation searches
 * the capability's knowledge and nothing else - no personal record read, no
 * write; a refund follow-up reads the customer's refund and tickets and may
 * open one exception ticket. A call outside that is a violation to report.
 */
import { READ_TOOLS } from '../../vocabulary/seed-contracts.js';
import type { CapabilityId } from './capability-catalog.js';

const ALLOWED: Record<CapabilityId, readonly string[]> = {
  'policy.consult': ['search_policy'],
  'refund.followup': ['query_after_sales', 'query_payment', 'query_ticket', 'create_ticket'],
};

export interface CapabilityViolation {
  tool: string;
  kind: 'personal_read' | 'write' | 'outside_capability';
  line: string;
}

export function capabilityViolations(capability: CapabilityId, tools: readonly string[]): CapabilityViolation[] {
  return tools
    .filter((t) => !ALLOWED[capability].includes(t))
    .map((tool) => {
      const kind = (READ_TOOLS as readonly string[]).includes(tool) ? (capability === 'policy.consult' ? 'personal_read' : 'outside_capability') : 'write';
      return {
        tool,
        kind,
        line: `${capability} called ${tool} (${kind === 'personal_read' ? 'a personal record read on a policy question' : kind === 'write' ? 'a write this capability may not make' : 'a tool outside this capability'})`,
      };
    });
}
