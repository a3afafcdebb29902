/**
 * failure_recovery: one safe recovery action per failure (failure_recovery_v1).
 * Rules 1–6 (no blind write retries, bounded retries, sensitive requests,
 * high risk with low confidence) are checked before the per-failure-type
 * table of rule 8; the customer-facing words are left to the reply module.
 */
import type { RecoveryAction } from '../../../prompt-vocabulary/recovery-action.js';
import type { SimModule } from '../sim-module.js';
import { BYPASS_TAG } from '../shared/manipulation-text.js';
import { asInteger, asString, asStrings, confidence, unique } from '../shared/input-readers.js';
import {
  ACTION_WORDS,
  AMBIGUOUS,
  BUSINESS_NEED,
  BYPASS,
  CONFIRMATION,
  CUSTOMER_CAN_SUPPLY,
  DECISION_STAGES,
  EVIDENCE,
  FAILURE_WORDS,
  GULLIBLE_ACTIONS,
  HIGH_RISK_TAGS,
  NOT_PERFORMED,
  NOTHING_TO_DO,
  OTHER_PEOPLE,
  OWNERSHIP,
  REVIEW_OR_PERMISSION,
  STATE_UNKNOWN,
} from './tables.js';

interface Choice {
  action: RecoveryAction;
  why: string;
  tags: string[];
}

function choose(stage: string, type: string, detail: string, _retry: number, maxReached: boolean, write: boolean, tags: string[], conf: number): Choice {
  const retryOr = (action: RecoveryAction, why: string, extra: string[] = []): Choice =>
    maxReached ? { action: 'human_handoff', why: `${why}，但已达重试上限`, tags: [...extra, 'max_retries_reached'] } : { action, why, tags: extra };

  // Rule 6: sensitive data or beyond the customer's authority.
  if (type === 'sensitive_request' || tags.includes('system_prompt_exfiltration') || tags.includes('sensitive_data_request')) {
    const ownNeed = BUSINESS_NEED.test(detail) && !OTHER_PEOPLE.test(detail);
    return ownNeed
      ? { action: 'human_handoff', why: '敏感请求中夹带真实业务诉求', tags: [] }
      : { action: 'reject_request', why: '仅为索取内部信息或他人数据的请求', tags: [] };
  }
  // Rules 1–2: a failed write is never re-run from here; only pre-execution failures go on to the table.
  const preExecution = ['gate_blocked', 'insufficient_evidence', 'missing_facts', 'low_confidence'].includes(type);
  if (write && !preExecution) {
    const failedWrite = type === 'tool_error' || type === 'verification_failed' ? ['write_action_failed'] : [];
    return { action: 'human_handoff', why: '写入动作失败或结果不明，不可盲目重试', tags: [...failedWrite, ...(maxReached ? ['max_retries_reached'] : [])] };
  }
  // Rule 5: high risk and low confidence.
  if (conf < 0.6 && (write || tags.some((t) => HIGH_RISK_TAGS.includes(t))))
    return { action: 'human_handoff', why: '高风险且置信度低', tags: ['low_confidence_high_risk'] };

  switch (type) {
    case 'schema_invalid':
    case 'model_error':
      return DECISION_STAGES.test(stage)
        ? { action: 'human_handoff', why: '决策、授权或校验阶段的输出不可用', tags: [] }
        : { action: 'fallback_to_rule_template', why: '低风险阶段且无写入', tags: [] };
    case 'tool_error':
      return retryOr('retry_read_tool', '只读工具失败');
    case 'insufficient_evidence':
      return retryOr('retry_retrieval', '证据不足，不允许自动退款或补偿', ['insufficient_evidence']);
    case 'missing_facts':
      if (CUSTOMER_CAN_SUPPLY.test(detail)) return { action: 'ask_clarification', why: '缺少用户可以提供的信息', tags: [] };
      // The pipeline reports every need_more_info decision here; its reason says what is really missing.
      if (NOTHING_TO_DO.test(detail)) return { action: 'generate_safe_response', why: '无需执行业务动作，按已核实信息答复', tags: [] };
      if (EVIDENCE.test(detail)) return retryOr('retry_retrieval', '缺少可支持决策的规则证据', ['insufficient_evidence']);
      return retryOr('retry_read_tool', '缺少可通过查询补齐的事实');
    case 'verification_failed':
      return NOT_PERFORMED.test(detail) && !STATE_UNKNOWN.test(detail)
        ? { action: 'generate_safe_response', why: '已确认动作未执行且无待处理写入', tags: [] }
        : { action: 'human_handoff', why: '执行状态未知或冲突', tags: [] };
    case 'gate_blocked':
      if (OWNERSHIP.test(detail) || tags.includes('ownership_mismatch')) {
        // Someone else's order plus a claimed role or an injection: an attack, which a person reviews; alone, a refusal.
        const attack = tags.includes(BYPASS_TAG) || tags.includes('possible_prompt_injection');
        return attack
          ? { action: 'human_handoff', why: '他人订单且伴随越权或注入尝试，转人工安全复核', tags: [] }
          : { action: 'reject_request', why: '操作对象不属于当前用户', tags: [] };
      }
      if (BYPASS.test(detail) || tags.includes(BYPASS_TAG)) {
        return BUSINESS_NEED.test(detail)
          ? { action: 'human_handoff', why: '越权尝试被拦截，但存在真实业务诉求', tags: [] }
          : { action: 'reject_request', why: '越权尝试且无正当诉求', tags: [] };
      }
      if (EVIDENCE.test(detail)) return retryOr('retry_retrieval', '因证据不足被拦截', ['insufficient_evidence']);
      if (REVIEW_OR_PERMISSION.test(detail)) return { action: 'human_handoff', why: '需人工审核或权限未通过', tags: [] };
      if (CONFIRMATION.test(detail)) return { action: 'generate_safe_response', why: '仅待用户确认', tags: [] };
      return { action: 'human_handoff', why: '被闸门拦截且原因需人工判断', tags: [] };
    case 'low_confidence':
      return AMBIGUOUS.test(detail)
        ? { action: 'ask_clarification', why: '用户诉求不明确', tags: [] }
        : { action: 'generate_safe_response', why: '置信度不足但风险可控', tags: [] };
    default:
      return { action: 'human_handoff', why: '未知失败类型', tags: [] };
  }
}

function messageType(action: RecoveryAction, retry: number): string {
  switch (action) {
    case 'ask_clarification':
      return 'clarification';
    case 'retry_read_tool':
    case 'retry_retrieval':
      return retry > 0 ? 'delay_notice' : 'none';
    case 'fallback_to_rule_template':
    case 'generate_safe_response':
      return 'safe_fallback';
    case 'human_handoff':
      return 'human_handoff';
    case 'reject_request':
      return 'rejection';
  }
}

/** Order ids and known tool names are the only parts of failure_detail repeated: the rest is untrusted text. */
function safeMentions(detail: string): string {
  const orders = unique(detail.match(/\bO\d+\b/g) ?? []);
  const tools = unique(detail.match(/\b(create|query|cancel|modify|send|search)_[a-z_]+\b/g) ?? []);
  return [...tools, ...orders.map((o) => `订单 ${o}`)].join('、');
}

function readInput(input: Record<string, unknown>) {
  const retry = asInteger(input.retry_count);
  const max = asInteger(input.max_retries);
  return {
    stage: asString(input.failed_stage) ?? 'unknown',
    type: asString(input.failure_type) ?? 'model_error',
    detail: asString(input.failure_detail) ?? '',
    retry,
    max,
    maxReached: retry >= max,
    write: input.involves_write_action === true,
    tags: asStrings(input.risk_tags),
    conf: typeof input.confidence === 'number' ? input.confidence : 0,
  };
}

const reference: SimModule = (input) => {
  const i = readInput(input);
  const c = choose(i.stage, i.type, i.detail, i.retry, i.maxReached, i.write, i.tags, i.conf);
  const type = messageType(c.action, i.retry);
  const mentions = safeMentions(i.detail);
  const retried = ['tool_error', 'insufficient_evidence', 'missing_facts', 'verification_failed'].includes(i.type) ? `，已重试 ${i.retry}/${i.max} 次` : '';
  return {
    recovery_action: c.action,
    reason_summary: `${i.stage} 阶段${FAILURE_WORDS[i.type] ?? '失败'}${mentions ? `（${mentions}）` : ''}${retried}；${c.why}，建议${ACTION_WORDS[c.action]}。`,
    max_retry_reached: i.maxReached,
    user_visible_message_needed: type !== 'none',
    user_visible_message_type: type,
    risk_tags: unique([...i.tags, ...c.tags]),
    confidence: confidence(c.action === 'human_handoff' || c.action === 'reject_request' ? 0.92 : 0.85),
  };
};

/** Keeps trying and never involves a human: retries whatever failed and answers every request. */
const gullible: SimModule = (input) => {
  const i = readInput(input);
  const action = GULLIBLE_ACTIONS[i.type] ?? 'generate_safe_response';
  const type = messageType(action, i.retry);
  return {
    recovery_action: action,
    reason_summary: `${i.stage} 阶段失败，继续自动处理。`,
    max_retry_reached: i.maxReached,
    user_visible_message_needed: type !== 'none',
    user_visible_message_type: type,
    risk_tags: i.tags,
    confidence: 0.9,
  };
};

export const failureRecovery: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);
