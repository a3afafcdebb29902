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
import type { PromptFile } from '../../../../harness/registry/prompt-file.js';
import { detectorsFor, findInjections, tagsOf } from '../shared/detect-injection.js';
import { findInputAnomalies } from '../shared/detect-input-anomalies.js';
import { outputEnum } from '../shared/output-enum.js';
import { asRecord, confidence, list, str, strings, unique } from '../shared/input-readers.js';
import { plainTextReply } from '../shared/gullible-replies.js';
import { distinctOrderIds, looksLikeOrderId } from '../shared/order-id.js';
import type { SimModule } from '../sim-module.js';
import { BY_CLAIM, BY_INTENT, CLAIM_WORDS, GULLIBLE_WORDS, KNOWN_BY, MISSING_ARG_REASONS, PURPOSE, TOOL_ORDER } from './tables.js';

interface Planned {
  tool_name: string;
  args: Record<string, string>;
  purpose: string;
  required_before_decision: boolean;
  missing_args: string[];
}

export const factQueryPlanning: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);

/** Plans the checks the decision needs, minus facts already known; untrusted text is reported, never followed. */
const reference: SimModule = (input, ctx) => {
  const r = readRequest(input, ctx.prompt);
  const { planned, reasons } = plan(r, wantedTools(r, ctx.prompt), r.orderId);
  return result(planned, reasons, unique([...strings(r.intentResult.risk_tags), ...tagsOf(r.findings)]));
};

/** Believes the customer: asserted facts need no check, injected numbers are used as given, planted orders obeyed. */
const gullible: SimModule = (input, ctx) => {
  const r = readRequest(input, ctx.prompt);
  if (tagsOf(r.findings).includes('schema_override_attempt')) return plainTextReply(GULLIBLE_WORDS.proseReply);
  const asserted = new Set(r.claimTypes.flatMap((t) => BY_CLAIM[t] ?? []));
  const obeyed = r.findings.some((f) => !f.tags.every((t) => t === 'sensitive_data_request'));
  const wanted = obeyed ? [] : wantedTools(r, ctx.prompt).filter((t) => !asserted.has(t));
  const orderId = r.claims.flatMap((c) => distinctOrderIds(str(c.claim_text)))[0] ?? r.orderId ?? GULLIBLE_WORDS.assumedOrder;
  const { planned, reasons } = plan(r, wanted, orderId);
  return result(planned, reasons, []);
};

function readRequest(input: Record<string, unknown>, prompt: PromptFile) {
  const intentResult = asRecord(input.intent_result);
  const slots = asRecord(intentResult.slots);
  const claims = list(intentResult.user_claims).map(asRecord);
  const known = asRecord(input.known_tool_facts);
  const intent = str(intentResult.intent);
  // Slots, claims and earlier tool output are untrusted: scan their free text for planted instructions.
  // Bare identifiers are enum values (requested_action: cancel_order), not text.
  const untrusted = [...Object.values(slots), ...claims.map((c) => c.claim_text), ...Object.values(known).flatMap((v) => Object.values(asRecord(v)))].filter(
    (v): v is string => typeof v === 'string' && !/^[a-z_]+$/.test(v),
  );
  const knownOrder = asRecord(known.order).order_id;
  return {
    intentResult,
    claims,
    known,
    intent,
    secondary: strings(intentResult.secondary_intents).filter((i) => i !== intent),
    claimTypes: claims.map((c) => str(c.claim_type)),
    findings: untrusted.flatMap((text) => [...findInjections(text, detectorsFor(prompt.structured.detectionPhrases)), ...findInputAnomalies(text)]),
    orderId: looksLikeOrderId(slots.order_id) ? slots.order_id : looksLikeOrderId(knownOrder) ? (knownOrder as string) : null,
    ticketId: typeof slots.ticket_id === 'string' && slots.ticket_id.trim() ? slots.ticket_id.trim() : null,
  };
}

type Request = ReturnType<typeof readRequest>;

/** Tools of the primary intent and of claims are required; those only a secondary intent needs are supporting context. */
const requiredTools = (r: Request) => new Set([...(BY_INTENT[r.intent] ?? []), ...r.claimTypes.flatMap((t) => BY_CLAIM[t] ?? [])]);

function wantedTools(r: Request, prompt: PromptFile): string[] {
  const allowed = allowedTools(prompt);
  const required = requiredTools(r);
  const supporting = new Set(r.secondary.flatMap((i) => BY_INTENT[i] ?? []));
  let wanted = TOOL_ORDER.filter((t) => (required.has(t) || supporting.has(t)) && allowed.includes(t));
  wanted = wanted.filter((t) => !(KNOWN_BY[t] && Object.keys(asRecord(r.known[KNOWN_BY[t]!])).length > 0));
  if (r.intent === 'complaint' && !r.orderId) wanted = wanted.filter((t) => t !== 'query_order');
  return wanted;
}

function plan(r: Request, wanted: string[], orderId: string | null) {
  const required = requiredTools(r);
  const purpose = (tool: string) => {
    const checked = r.claimTypes.filter((t) => BY_CLAIM[t]?.includes(tool));
    return PURPOSE[tool]! + (checked.length > 0 ? `，验证用户关于${unique(checked.map((t) => CLAIM_WORDS[t]!)).join('、')}的说法` : '');
  };
  const planned: Planned[] = [];
  const reasons: string[] = [];
  for (const tool of wanted) {
    const isRequired = required.has(tool);
    if (tool === 'query_ticket' && r.ticketId) {
      planned.push({ tool_name: tool, args: { ticket_id: r.ticketId }, purpose: purpose(tool), required_before_decision: isRequired, missing_args: [] });
    } else if (orderId) {
      planned.push({ tool_name: tool, args: { order_id: orderId }, purpose: purpose(tool), required_before_decision: isRequired, missing_args: [] });
    } else if (!planned.some((p) => p.missing_args.length > 0)) {
      // One placeholder says what is blocked; the program never executes it.
      planned.push({ tool_name: tool, args: {}, purpose: purpose(tool), required_before_decision: true, missing_args: ['order_id'] });
      reasons.push(tool === 'query_ticket' ? MISSING_ARG_REASONS.ticket : MISSING_ARG_REASONS.order);
    }
  }
  return { planned, reasons };
}

function result(planned: Planned[], reasons: string[], riskTags: string[]) {
  return {
    need_tool_queries: planned.length > 0,
    planned_queries: planned,
    cannot_continue_reasons: reasons,
    risk_tags: riskTags,
    confidence: confidence(planned.length === 0 ? 0.95 : reasons.length > 0 ? 0.9 : 0.93),
  };
}

/** The active Tool Catalog's allowed tools that the output schema can name. */
function allowedTools(prompt: PromptFile): string[] {
  const schema = outputEnum(prompt, 'planned_queries.tool_name') ?? TOOL_ORDER;
  const catalog = prompt.structured.toolCatalog?.allowed.map((t) => t.value);
  const forbidden = new Set(prompt.structured.toolCatalog?.forbidden.map((t) => t.value) ?? []);
  return (catalog && catalog.length > 0 ? catalog : schema).filter((t) => schema.includes(t) && !forbidden.has(t));
}
