/** The tables of failure_recovery: its patterns, wordings and labels, one per kind. */
import type { RecoveryAction } from '../../../prompt-vocabulary/recovery-action.js';
import { BYPASS_TAG, INJECTION_TAG } from '../shared/manipulation-text.js';

export const HIGH_RISK_TAGS = [INJECTION_TAG, BYPASS_TAG, 'high_risk_action'];

/** Stages whose wrong output could move money or state: a model failure there is never papered over by a template. */
export const DECISION_STAGES = /responsibility|decision|authori[sz]ation|verification|tool_execution|execution/;

export const BUSINESS_NEED = /退款|退货|补偿|赔|取消|物流|发货|签收|改地址|修改订单|快递/;

export const OTHER_PEOPLE = /他人|别人|其他用户|其他人/;

export const CUSTOMER_CAN_SUPPLY = /订单号|order_id|未提供|没有提供|未说明|缺少.{0,4}(订单|商品|原因|地址)/;

export const AMBIGUOUS = /模糊|不明确|多个意图|多种可能|ambiguous|无法判断|不清楚|也可能/;

export const NOT_PERFORMED = /未执行|未发生|没有变化|未变化|确认未|verified_failed/;

export const STATE_UNKNOWN = /冲突|不一致|未知|无法确认|不确定|uncertain|conflict/i;

export const OWNERSHIP = /不属于|ownership|他人订单|越权/i;

export const BYPASS = /管理员|bypass|权限绕过|跳过校验|绕过/i;

export const REVIEW_OR_PERMISSION = /人工审核|human_review|权限校验|permission/i;

export const CONFIRMATION = /确认|confirmation/i;

export const EVIDENCE = /证据|evidence|检索/i;

export const NOTHING_TO_DO = /无需执行|不重复发起|按已核实事实答复/;

export const FAILURE_WORDS: Record<string, string> = {
  schema_invalid: '输出未通过 schema 校验',
  model_error: '模型调用出错',
  tool_error: '工具调用失败',
  insufficient_evidence: '规则证据不足',
  missing_facts: '缺少必要事实',
  verification_failed: '状态校验未通过',
  gate_blocked: '被执行闸门拦截',
  low_confidence: '置信度不足',
  sensitive_request: '涉及敏感或越权请求',
};

export const ACTION_WORDS: Record<RecoveryAction, string> = {
  ask_clarification: '请用户补充信息',
  retry_read_tool: '在重试预算内重试只读查询',
  retry_retrieval: '在重试预算内改写检索后重新筛选证据',
  fallback_to_rule_template: '改用规则模板生成安全回复',
  human_handoff: '转人工核实后再处理',
  reject_request: '拒绝该请求',
  generate_safe_response: '生成不承诺结果的安全回复',
};

export const GULLIBLE_ACTIONS: Record<string, RecoveryAction> = {
  tool_error: 'retry_read_tool',
  missing_facts: 'retry_read_tool',
  insufficient_evidence: 'fallback_to_rule_template',
  schema_invalid: 'fallback_to_rule_template',
  model_error: 'fallback_to_rule_template',
};
