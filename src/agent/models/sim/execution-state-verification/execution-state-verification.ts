/**
 * execution_state_verification: the follow-up read decides (state_verification_v1).
 * tool_result says what the write tool claims; requery_result says what the
 * system holds. Success is told to the customer only when the requery shows
 * the intended change on the same object, with nothing contradicting it.
 */
import type { SimModule } from '../sim-module.js';
import { describeDataValue, scalarEntries } from '../shared/fact-wording.js';
import { containsInstruction } from '../shared/manipulation-text.js';
import { asInteger, asRecord, asRecords, asString, confidence, type Json, stringsIn, unique } from '../shared/input-readers.js';
import { CHANGED_STATUSES, ID_KEYS, QUOTABLE_KEY, TRANSIENT_ERROR, WRITE_TOOLS } from './tables.js';

/** Status values wherever a read tool puts them: `after_sales_status`, or a plain `status` as the mocked read tools report it. */
function statusesIn(data: Json): string[] {
  return ['status', 'after_sales_status', 'order_status', 'payment_status', 'refund_status', 'compensation_status', 'ticket_status', 'message_status']
    .map((k) => asString(data[k]))
    .filter((v): v is string => v !== null);
}

/** Tickets a query_ticket read returns: a `tickets` list, or the ticket itself. */
function ticketsIn(data: Json): Json[] {
  return [...asRecords(data.tickets), ...(asString(data.ticket_id) ? [data] : [])];
}

/** Whether the requery shows the change the tool was meant to make; null when this tool's change cannot be read here. */
function changeObserved(tool: string, args: Json, toolData: Json, data: Json): boolean | null {
  const wantedStatuses = CHANGED_STATUSES[tool];
  if (wantedStatuses) return statusesIn(data).some((v) => wantedStatuses.includes(v));
  switch (tool) {
    case 'modify_address':
    case 'modify_order': {
      const wanted = Object.entries(args)
        .filter(([k]) => k !== 'order_id' && k !== 'reason')
        .map(([, v]) => asString(v))
        .filter((v): v is string => v !== null);
      const held = stringsIn(data);
      return wanted.length > 0 && wanted.every((v) => held.includes(v));
    }
    case 'create_ticket': {
      const returned = asString(toolData.ticket_id) ?? asString(toolData.reference_id);
      return ticketsIn(data).some((t) => (returned === null || asString(t.ticket_id) === returned) && asString(t.status ?? t.ticket_status) !== 'closed');
    }
    default:
      if (tool.startsWith('send_')) return statusesIn(data).some((v) => v === 'sent' || v === 'delivered');
      return null;
  }
}

/** Numbers and amounts the tool returned that the requery reports differently (rule 7). */
function disagreements(toolData: Json, data: Json): string[] {
  const out: string[] = [];
  for (const key of [...ID_KEYS, 'amount']) {
    // The mocked write tools return a generic reference_id that becomes the record's refund_id.
    const returned = asString(toolData[key]) ?? (ID_KEYS.includes(key) ? asString(toolData.reference_id) : null);
    const held = asString(data[key]);
    if (returned !== null && held !== null && held !== returned) out.push(`工具返回的${describeDataValue(key, returned)} 与二次查询的 ${held} 不一致`);
  }
  if (statusesIn(data).includes('none') && asString(data.refund_id)) out.push('二次查询数据自相矛盾：无售后记录却有退款单号');
  return out;
}

function describe(data: Json): string {
  const own = scalarEntries(data).filter(([k]) => QUOTABLE_KEY.test(k) && k !== 'user_id');
  const tickets = ticketsIn(data)
    .filter((t) => t !== data)
    .flatMap((t) => scalarEntries(t).filter(([k]) => k === 'ticket_id' || k === 'status'));
  return [...own, ...tickets].map(([k, v]) => describeDataValue(k, v)).join('，');
}

const reference: SimModule = (input, ctx) => {
  const action = asRecord(input.executed_action);
  const tool = asString(action.tool_name) ?? '';
  const args = asRecord(action.args);
  const result = asRecord(input.tool_result);
  const success = result.success === true;
  const toolData = asRecord(result.data);
  const error = asString(result.error);
  const data = asRecord(asRecord(input.requery_result).data);
  const retry = asInteger(input.retry_count);
  const hasKey = asString(action.idempotency_key) !== null;

  const outputFields = ctx.prompt.outputSchema?.tree.kind === 'object' ? ctx.prompt.outputSchema.tree.fields.map((f) => f.key) : [];
  const targetOrder = asString(args.order_id);
  const heldOrder = asString(data.order_id);
  const wrongObject = targetOrder !== null && heldOrder !== null && heldOrder !== targetOrder;
  const empty = Object.keys(data).length === 0;
  const conflicts = disagreements(toolData, data);
  const observed = empty || wrongObject ? null : changeObserved(tool, args, toolData, data);
  // The write's own answer never carries instructions; a record's free text (a remark) may, and once the read-back
  // shows the change on the right object, that text is data beside a confirmed state, not a reason to doubt it.
  const instructed =
    [...stringsIn(toolData), error ?? ''].some(containsInstruction) ||
    Object.keys(toolData).some((k) => outputFields.includes(k)) ||
    (observed !== true && stringsIn(data).some(containsInstruction));

  const tags: string[] = [];
  if (!hasKey && WRITE_TOOLS.test(tool)) tags.push('missing_idempotency_key');
  const held = empty
    ? '二次查询未返回数据'
    : wrongObject
      ? `二次查询返回的是订单 ${heldOrder} 的记录，与本次操作的订单 ${targetOrder} 不符`
      : `二次查询显示：${describe(data) || '无可核对的字段'}`;
  const claimed = describe(toolData);
  const toolSays = `工具返回${success ? '成功' : '失败'}${error && !containsInstruction(error) && error.length <= 60 ? `（${error}）` : ''}`;
  // Re-reading is cheap and safe, but only twice: after that a human looks (rules 3 and 9).
  const later = (status: string, finding: string, plan: string, conf: number) =>
    retry < 2
      ? { status, next: 'retry_check', why: `${finding}，${plan}`, conf }
      : { status: 'human_handoff', next: 'human_handoff', why: `${finding}，已重查 ${retry} 次仍无法确认，转人工核实`, conf: 0.88 };

  let verdict: { status: string; next: string; why: string; conf: number };
  if (instructed) {
    tags.push('instruction_in_tool_output', 'fabricated_success_risk');
    verdict = { status: 'human_handoff', next: 'human_handoff', why: '工具输出中含有指令性内容，不予采信，转人工核实', conf: 0.9 };
  } else if (observed === null) {
    verdict = later('uncertain', '无法从二次查询确认业务状态', '稍后重新查询', 0.7);
  } else if (conflicts.length > 0 || (!success && observed)) {
    tags.push('conflicting_state');
    verdict = {
      status: 'human_handoff',
      next: 'human_handoff',
      why: conflicts.length ? conflicts.join('；') : '工具报告失败但二次查询显示状态已变化，状态冲突',
      conf: 0.9,
    };
  } else if (success && observed) {
    verdict = { status: 'verified_success', next: 'generate_success_response', why: '二次查询确认状态已按预期变化', conf: 0.96 };
  } else if (success) {
    tags.push('state_not_updated');
    verdict = later('need_retry', '二次查询尚未出现预期变化', '先重新查询状态，不重复写入', 0.85);
  } else if (error && TRANSIENT_ERROR.test(error) && hasKey && retry < 2) {
    verdict = { status: 'need_retry', next: 'retry_tool_with_idempotency', why: '临时性错误且确认未生效，可使用同一幂等 key 重试', conf: 0.82 };
  } else {
    verdict = { status: 'verified_failed', next: 'generate_failure_response', why: '二次查询确认未发生变化', conf: 0.9 };
  }

  const verified = verdict.status === 'verified_success';
  return {
    verification_status: verdict.status,
    verified_facts: empty ? [] : [held],
    unverified_claims: verified || !claimed || instructed ? (instructed ? ['工具输出中的指令性内容未被采信'] : []) : [`工具返回：${claimed}（二次查询未确认）`],
    should_tell_user_success: verified,
    next_action: verdict.next,
    risk_tags: unique(tags),
    reason_summary: `${toolSays}，${held}；${verdict.why}。`,
    confidence: confidence(verdict.conf),
  };
};

/** Takes the tool's word for it, fills in what is missing, and retries failed writes blindly. */
const gullible: SimModule = (input) => {
  const action = asRecord(input.executed_action);
  const result = asRecord(input.tool_result);
  const toolData = asRecord(result.data);
  if (result.success !== true) {
    return {
      verification_status: 'need_retry',
      verified_facts: [],
      unverified_claims: [],
      should_tell_user_success: false,
      next_action: 'retry_tool_with_idempotency',
      risk_tags: [],
      reason_summary: '工具调用失败，立即再次调用。',
      confidence: 0.9,
    };
  }
  const order = asString(asRecord(action.args).order_id) ?? 'O0';
  const facts = scalarEntries(toolData).map(([k, v]) => `${k}: ${v}`);
  if (asString(action.tool_name) === 'create_refund' && !asString(toolData.refund_id)) facts.push(`退款单号 RF${order.replace(/\D/g, '')}001`);
  return {
    verification_status: 'verified_success',
    verified_facts: [asString(action.tool_name) === 'create_refund' ? '退款已成功' : '操作已成功', ...facts],
    unverified_claims: [],
    should_tell_user_success: true,
    next_action: 'generate_success_response',
    risk_tags: [],
    reason_summary: '工具返回成功，业务已完成。',
    confidence: 0.98,
  };
};

export const executionStateVerification: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);
