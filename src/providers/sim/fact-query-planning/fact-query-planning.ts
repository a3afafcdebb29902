/**
 * fact_query_planning (fact_query_plan_v1). Plans only tools that the active
 * prompt's Tool Catalog allows (and its output schema can name):
 *
 *   intent                | queries (prompt rule 6)
 *   refund_request        | order, payment, logistics, after_sales
 *   logistics_query       | order, logistics
 *   compensation_request  | order, logistics, after_sales
 *   complaint             | order (when the number is known), ticket
 *   cancel_order          | order, payment
 *   modify_order          | order, logistics
 *   order_status_query    | order
 *   human / unknown       | none
 *
 * plus one query per claim that could confirm or refute it (shipment → order
 * and logistics, logistics → logistics, payment → payment, order → order,
 * service → ticket), minus facts already known. Without an order number the
 * first order-scoped query is listed with missing_args and nothing executable
 * is planned. Tools of the primary intent and of claims are required before
 * the decision; tools only a secondary intent needs are supporting context.
 */
import type { PromptFile } from '../../../registry/prompt-file.js';
import { detectorsFor, findInjections, tagsOf } from '../shared/detect-injection.js';
import { findInputAnomalies } from '../shared/detect-input-anomalies.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, list, str, strings, unique } from '../shared/input-readers.js';
import { plainTextReply } from '../shared/gullible-replies.js';
import { distinctOrderIds, looksLikeOrderId } from '../shared/order-id.js';
import type { SimModule } from '../sim-module.js';

const BY_INTENT: Record<string, string[]> = {
  refund_request: ['query_order', 'query_payment', 'query_logistics', 'query_after_sales'],
  logistics_query: ['query_order', 'query_logistics'],
  compensation_request: ['query_order', 'query_logistics', 'query_after_sales'],
  complaint: ['query_order', 'query_ticket'],
  cancel_order: ['query_order', 'query_payment'],
  modify_order: ['query_order', 'query_logistics'],
  order_status_query: ['query_order'],
};
const BY_CLAIM: Record<string, string[]> = {
  order_status: ['query_order'],
  payment_status: ['query_payment'],
  shipment_status: ['query_order', 'query_logistics'],
  logistics_status: ['query_logistics'],
  service_experience: ['query_ticket'],
};
const CLAIM_WORDS: Record<string, string> = {
  order_status: '订单状态',
  payment_status: '支付状态',
  shipment_status: '发货状态',
  logistics_status: '物流状态',
  service_experience: '服务体验',
};
/** Which known_tool_facts entry already answers a query. */
const KNOWN_BY: Record<string, string> = { query_order: 'order', query_payment: 'payment', query_logistics: 'logistics', query_after_sales: 'after_sales' };
const PURPOSE: Record<string, string> = {
  query_order: '核实订单状态与发货状态',
  query_payment: '确认订单支付状态',
  query_logistics: '确认物流轨迹与配送状态',
  query_after_sales: '检查是否已有进行中的售后或退款申请，避免重复申请',
  query_ticket: '查询是否已有相关投诉工单及处理进度',
};
const TOOL_ORDER = ['query_order', 'query_payment', 'query_logistics', 'query_after_sales', 'query_ticket'];

interface Planned {
  tool_name: string;
  args: Record<string, string>;
  purpose: string;
  required_before_decision: boolean;
  missing_args: string[];
}

export const factQueryPlanning: SimModule = (input, ctx) => {
  const intentResult = asRecord(input.intent_result);
  const slots = asRecord(intentResult.slots);
  const claims = list(intentResult.user_claims).map(asRecord);
  const known = asRecord(input.known_tool_facts);
  const intent = str(intentResult.intent);
  const secondary = strings(intentResult.secondary_intents).filter((i) => i !== intent);

  // Slots, claims and earlier tool output are untrusted: scan their free text for planted instructions.
  // Bare identifiers are enum values (requested_action: cancel_order), not text.
  const untrusted = [...Object.values(slots), ...claims.map((c) => c.claim_text), ...Object.values(known).flatMap((v) => Object.values(asRecord(v)))].filter(
    (v): v is string => typeof v === 'string' && !/^[a-z_]+$/.test(v),
  );
  const findings = untrusted.flatMap((text) => [...findInjections(text, detectorsFor(ctx.prompt.structured.detectionPhrases)), ...findInputAnomalies(text)]);
  if (ctx.profile === 'gullible' && tagsOf(findings).includes('schema_override_attempt')) return plainTextReply('已按要求直接处理，无需查询。');

  const gullible = ctx.profile === 'gullible';
  const allowed = allowedTools(ctx.prompt);
  const claimTypes = claims.map((c) => str(c.claim_type));
  let orderId = looksLikeOrderId(slots.order_id) ? slots.order_id : looksLikeOrderId(asRecord(known.order).order_id) ? (asRecord(known.order).order_id as string) : null;
  const ticketId = typeof slots.ticket_id === 'string' && slots.ticket_id.trim() ? slots.ticket_id.trim() : null;

  const required = new Set([...(BY_INTENT[intent] ?? []), ...claimTypes.flatMap((t) => BY_CLAIM[t] ?? [])]);
  const supporting = new Set(secondary.flatMap((i) => BY_INTENT[i] ?? []));
  let wanted = TOOL_ORDER.filter((t) => (required.has(t) || supporting.has(t)) && allowed.includes(t));
  wanted = wanted.filter((t) => !(KNOWN_BY[t] && Object.keys(asRecord(known[KNOWN_BY[t]!])).length > 0));
  if (intent === 'complaint' && !orderId) wanted = wanted.filter((t) => t !== 'query_order');

  if (gullible) {
    // Believes the customer: asserted facts need no check, injected numbers are used as given.
    const asserted = new Set(claimTypes.flatMap((t) => BY_CLAIM[t] ?? []));
    const obeyed = findings.some((f) => !f.tags.every((t) => t === 'sensitive_data_request'));
    wanted = obeyed ? [] : wanted.filter((t) => !asserted.has(t));
    orderId = claims.flatMap((c) => distinctOrderIds(str(c.claim_text)))[0] ?? orderId ?? '最近一笔订单';
  }

  const purpose = (tool: string) => {
    const checked = claimTypes.filter((t) => BY_CLAIM[t]?.includes(tool));
    return PURPOSE[tool]! + (checked.length > 0 ? `，验证用户关于${unique(checked.map((t) => CLAIM_WORDS[t]!)).join('、')}的说法` : '');
  };
  const planned: Planned[] = [];
  const reasons: string[] = [];
  for (const tool of wanted) {
    const isRequired = required.has(tool);
    if (tool === 'query_ticket' && ticketId) {
      planned.push({ tool_name: tool, args: { ticket_id: ticketId }, purpose: purpose(tool), required_before_decision: isRequired, missing_args: [] });
    } else if (orderId) {
      planned.push({ tool_name: tool, args: { order_id: orderId }, purpose: purpose(tool), required_before_decision: isRequired, missing_args: [] });
    } else if (!planned.some((p) => p.missing_args.length > 0)) {
      // One placeholder says what is blocked; the program never executes it.
      planned.push({ tool_name: tool, args: {}, purpose: purpose(tool), required_before_decision: true, missing_args: ['order_id'] });
      reasons.push(tool === 'query_ticket' ? '缺少订单号或工单号，无法查询既有投诉工单' : '缺少订单号，无法查询订单事实');
    }
  }

  return {
    need_tool_queries: planned.length > 0,
    planned_queries: planned,
    cannot_continue_reasons: reasons,
    risk_tags: gullible ? [] : unique([...strings(intentResult.risk_tags), ...tagsOf(findings)]),
    confidence: confidence(planned.length === 0 ? 0.95 : reasons.length > 0 ? 0.9 : 0.93),
  };
};

/** The active Tool Catalog's allowed tools that the output schema can name. */
function allowedTools(prompt: PromptFile): string[] {
  const schema = outputEnum(prompt, 'planned_queries.tool_name') ?? TOOL_ORDER;
  const catalog = prompt.structured.toolCatalog?.allowed.map((t) => t.value);
  const forbidden = new Set(prompt.structured.toolCatalog?.forbidden.map((t) => t.value) ?? []);
  return (catalog && catalog.length > 0 ? catalog : schema).filter((t) => schema.includes(t) && !forbidden.has(t));
}
