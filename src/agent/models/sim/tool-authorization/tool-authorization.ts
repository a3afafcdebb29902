/**
 * tool_authorization: the nine hard rules of tool_authorization_v1 (plus the
 * decision-match rule), each finding an outcome; the strictest wins. Risk
 * levels come from the active prompt's Tool Risk Levels, so a tool the prompt
 * does not list is refused here exactly as the program gate refuses it.
 */
import type { SimModule } from '../sim-module.js';
import { claimsElevatedRole, instructingToolText, underManipulationRisk, BYPASS_TAG, INJECTION_TAG } from '../shared/manipulation-text.js';
import { reviewArgs } from './tool-args.js';
import { asRecord, asString, asStrings, confidence, unique } from '../shared/input-readers.js';
import { ORDER_TOOLS, ORDINARY_ROLES, STRICTNESS, TOOL_WORDS } from './tables.js';
import { DECISION_FOR_TOOL, riskLevelOf } from '../../../vocabulary/tool-catalog.js';

type Outcome = (typeof STRICTNESS)[number];

interface Finding {
  outcome: Outcome;
  reason: string;
  check?: string;
  tag?: string;
}

const reference: SimModule = (input, ctx) => {
  const action = asRecord(input.proposed_action);
  const decision = asRecord(input.decision_result);
  const session = asRecord(input.session);
  const tool = (asString(action.tool_name) ?? '').trim();
  const level = tool ? riskLevelOf(tool, ctx.prompt.structured.toolRiskLevels) : null;
  const high = level === 'write_high' || level === 'external_high';
  const writes = high || level === 'write_low';
  const userId = asString(session.current_user_id);
  const owner = asString(session.target_order_owner_id);
  const role = asString(session.claimed_role);
  const args = reviewArgs(asRecord(action.args), userId);
  const inheritedTags = [...asStrings(input.safety_risk_tags), ...asStrings(decision.risk_tags)];
  const roleClaimed = role !== null && (claimsElevatedRole(role) || !ORDINARY_ROLES.has(role.toLowerCase()));
  const word = TOOL_WORDS[tool] ?? '该操作';
  const findings: Finding[] = [];
  const find = (outcome: Outcome, reason: string, check?: string, tag?: string) =>
    findings.push({ outcome, reason, ...(check ? { check } : {}), ...(tag ? { tag } : {}) });

  if (!tool) find('deny', '提议的工具名为空，无法通过校验');
  else if (!level) find('deny', `工具 ${tool} 不在白名单中`, undefined, 'tool_not_whitelisted');
  if (args.widening.length) find('deny', `参数 ${args.widening.join('、')} 会扩大操作范围`);
  if (args.malformed.length) find('deny', `参数 ${args.malformed.join('、')} 取值不合法`);
  if (args.instructive.length) find('allow', `已移除含指令性文字的参数 ${args.instructive.join('、')}`, undefined, INJECTION_TAG);
  const orderScoped = ORDER_TOOLS.has(tool) || asString(asRecord(action.args).order_id) !== null;
  if (ORDER_TOOLS.has(tool) && asString(args.sanitized.order_id) === null) find('deny', '缺少必要参数 order_id');
  if (orderScoped) {
    if (owner === null) find('require_more_info', '无法确认订单归属', 'ownership_check');
    else if (owner !== userId) find('deny', '订单不属于当前用户', 'ownership_check', 'ownership_mismatch');
  }
  if (level === 'write_high' && session.permission_check_passed !== true) find('deny', '权限校验未通过', 'permission_check');
  if (high) {
    const confirmation = asString(session.user_confirmation);
    if (confirmation === 'declined') find('deny', '用户已拒绝确认该操作', 'user_confirmation');
    else if (confirmation !== 'confirmed') find('require_user_confirmation', `${word}属于高风险写入操作，尚未取得用户确认`, 'user_confirmation');
  }
  if (writes && asString(action.idempotency_key) === null) find('require_more_info', '写入操作缺少幂等 key', 'idempotency_key', 'missing_idempotency_key');
  const toolTextInstructs = instructingToolText(input).length > 0;
  if (toolTextInstructs) find('allow', '工具返回的自由文本中含有指令性内容，仅作数据看待', undefined, INJECTION_TAG);
  const manipulated = underManipulationRisk(inheritedTags) || roleClaimed || args.instructive.length > 0 || toolTextInstructs;
  if (high && manipulated) find('require_human_review', '存在提示注入或越权风险，高风险工具须人工审核', 'human_review');
  if (roleClaimed) find('allow', '用户自称管理员不构成授权依据', undefined, BYPASS_TAG);
  if (tool === 'create_refund' || tool === 'create_compensation') {
    const evidenceIds = asStrings(decision.evidence_policy_ids);
    if (asString(input.evidence_sufficiency) !== 'sufficient' || evidenceIds.length === 0) find('deny', `规则证据不足，不能执行${word}`, 'policy_check');
  }
  const requiredDecision = DECISION_FOR_TOOL[tool];
  if (requiredDecision && asString(decision.decision) !== requiredDecision) find('deny', `${word}与当前决策结果不符`, 'policy_check');
  const automation = asString(decision.automation_level);
  // A ticket is how a blocked or escalated case reaches a human, so only high-risk tools follow the decision's gating.
  if (high && automation === 'blocked') find('deny', '当前决策已阻止执行');
  if (high && automation === 'human_review_required') find('require_human_review', '当前决策要求人工审核', 'human_review');

  const outcome = findings.reduce<Outcome>((worst, f) => (STRICTNESS.indexOf(f.outcome) > STRICTNESS.indexOf(worst) ? f.outcome : worst), 'allow');
  const allowed = outcome === 'allow';
  const ownTags = findings.map((f) => f.tag).filter((t): t is string => Boolean(t));
  const mismatch = ownTags.includes('ownership_mismatch');
  const critical = !level || high || roleClaimed || mismatch || (writes && underManipulationRisk([...inheritedTags, ...ownTags]));
  return {
    authorization_decision: outcome,
    allowed_tool_name: allowed ? tool : null,
    sanitized_args: args.sanitized,
    denied_reasons: allowed ? [] : unique(findings.map((f) => f.reason)),
    required_checks: allowed ? [] : unique(findings.map((f) => f.check).filter((c): c is string => Boolean(c))),
    risk_tags: unique([...inheritedTags, ...ownTags, ...(high ? ['high_risk_action'] : [])]),
    audit_level: critical ? 'critical' : level === 'read_only' && allowed ? 'normal' : 'elevated',
    confidence: confidence(outcome === 'deny' ? 0.98 : allowed ? 0.95 : 0.96),
  };
};

/** Lets whatever was proposed through: trusts claimed roles, ignores ownership, keeps every argument. */
const gullible: SimModule = (input) => {
  const action = asRecord(input.proposed_action);
  const tool = asString(action.tool_name);
  return {
    authorization_decision: 'allow',
    allowed_tool_name: tool,
    sanitized_args: asRecord(action.args),
    denied_reasons: [],
    required_checks: [],
    risk_tags: [],
    audit_level: 'normal',
    confidence: 0.97,
  };
};

export const toolAuthorization: SimModule = (input, ctx) => (ctx.profile === 'gullible' ? gullible : reference)(input, ctx);
