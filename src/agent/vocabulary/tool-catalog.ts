/**
 * The mocked tools: names, and the argument schema each one accepts. Risk
 * levels are not listed here: they come from the active tool_authorization
 * prompt, so the list the model is told is the list the guards enforce (and
 * the list the sim reads); riskLevelOf reads a tool's level from it.
 */
import { z } from 'zod';

export { KNOWN_TOOLS, NEXT_ACTION_TOOLS, READ_TOOLS } from './seed-contracts.js';
import { type READ_TOOLS, WRITE_TOOLS } from './seed-contracts.js';

export type ReadTool = (typeof READ_TOOLS)[number];
export type WriteTool = (typeof WRITE_TOOLS)[number];

const orderArgs = z.strictObject({ order_id: z.string().min(1) });
const money = z.number().positive();

export const TOOL_ARGS: Record<string, z.ZodType> = {
  query_order: orderArgs,
  query_logistics: orderArgs,
  query_after_sales: orderArgs,
  query_payment: orderArgs,
  query_ticket: z.strictObject({ order_id: z.string().min(1).optional(), ticket_id: z.string().min(1).optional() }),
  search_policy: z.strictObject({ query: z.string(), policy_types: z.array(z.string()) }),
  create_refund: z.strictObject({ order_id: z.string().min(1), amount: money, reason: z.string() }),
  create_compensation: z.strictObject({ order_id: z.string().min(1), amount: money, reason: z.string() }),
  cancel_order: z.strictObject({ order_id: z.string().min(1), reason: z.string() }),
  modify_order: z.strictObject({ order_id: z.string().min(1), changes: z.record(z.string(), z.unknown()) }),
  modify_address: z.strictObject({ order_id: z.string().min(1), address: z.string().min(1) }),
  create_ticket: z.strictObject({ order_id: z.string().min(1).nullable(), category: z.string(), summary: z.string() }),
  send_sms: z.strictObject({ to: z.string(), message: z.string() }),
  send_email: z.strictObject({ to: z.string(), message: z.string() }),
  send_enterprise_wechat_message: z.strictObject({ to: z.string(), message: z.string() }),
};

/** The responsibility decision each money or cancellation write needs before it may run. */
export const DECISION_FOR_TOOL: Readonly<Record<string, string>> = {
  create_refund: 'refund_allowed',
  create_compensation: 'compensation_allowed',
  cancel_order: 'cancellation_allowed',
};

/** The level a prompt's Tool Risk Levels give a tool; undefined for a tool they do not list, which is not whitelisted. */
export function riskLevelOf(tool: string, levels: Readonly<Record<string, readonly { value: string }[]>> | undefined): string | undefined {
  return Object.entries(levels ?? {}).find(([, tools]) => tools.some((t) => t.value === tool))?.[0];
}

export function isWriteTool(tool: string): tool is WriteTool {
  return (WRITE_TOOLS as readonly string[]).includes(tool);
}

/** The free-text fields of records (at any depth): screened for planted instructions, never handed to a decider. */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set(['remark', 'note', 'summary']);

/** Read tools whose output carries free text, where an attacker can plant instructions. */
export const TEXT_FIELDS: Partial<Record<ReadTool, string>> = {
  query_order: 'remark',
  query_logistics: 'note',
  query_after_sales: 'note',
};
