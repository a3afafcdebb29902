/**
 * A customer situation in the words of the policy knowledge base: which
 * policy types apply, the verified facts as conditions, look-alike scenarios
 * to exclude, and the queries and requirements derived from them. Shared by
 * the policy rewrite module; fixed wording, no customer text.
 */
import { FACT_FIELD_NAMES } from '../shared/fact-tables.js';
import { factPhrase, type FactField } from '../shared/fact-wording.js';

export type Facts = Partial<Record<FactField, string>>;

/** Verdicts that never belong in a query or condition (policy_rewrite_v2 rule 5). */
export const CONCLUSIONS = /应该退款|应当退款|应退款|必须退款|商家全责|负全责|全责|应该赔偿?|应当赔偿|应该补偿|可以退款|可退款|同意退款|退款成功|已退款/g;

/** Verified facts as conditions; values outside the vocabulary are still stated as what the tool reported. */
export function factConditions(facts: Facts): string[] {
  const out: string[] = [];
  for (const [field, value] of Object.entries(facts) as [FactField, string | undefined][]) {
    const phrase = value ? factPhrase(field, value) : null;
    if (phrase !== null) out.push(phrase ?? `工具显示${FACT_FIELD_NAMES[field]}为 ${value}`);
  }
  return [...new Set(out)];
}

export interface Scenario {
  policyTypes: string[];
  negativeFilters: string[];
  /** Short scenario words for keywords, variants and must-include conditions. */
  scene: string[];
  responsibility: boolean;
}

const BASE_TYPE: Record<string, string> = {
  refund_request: 'refund_policy',
  compensation_request: 'compensation_policy',
  cancel_order: 'cancellation_policy',
  complaint: 'complaint_policy',
  human_service_request: 'human_handoff_policy',
  modify_order: 'after_sales_policy',
};
const NEEDS_RESPONSIBILITY = new Set(['refund_request', 'compensation_request', 'complaint']);

export function scenarioOf(s: { intent: string; secondary: string[]; facts: Facts; claimText: string; action: string }): Scenario {
  const { facts, claimText } = s;
  const intents = [s.intent, ...s.secondary];
  // A tool fact always wins over the customer's version of the same thing.
  const shipment = facts.shipment_status ?? (facts.logistics_status === 'delivered' ? 'delivered' : undefined);
  const claimedUnshipped = /没发货|未发货|不发货|没发出|还没发/.test(claimText);
  const unshipped = shipment ? shipment === 'not_shipped' : claimedUnshipped;
  const delay = unshipped && (claimedUnshipped || intents.includes('logistics_query'));
  const logisticsProblem =
    ['delayed', 'exception', 'lost'].includes(facts.logistics_status ?? '') ||
    (!unshipped && /没收到|未收到|还没到|物流.*(?:不动|未更新|没有进展)|丢失|签收但/.test(claimText));
  const delivered = shipment === 'delivered';
  const quality = /破损|质量|发错|漏发|与描述不符/.test(claimText);
  const ownChoice = /不想要|拍错|买错|拍多|买多|不需要了/.test(claimText);
  const service = /服务态度|态度差|无人处理/.test(claimText);
  const afterSales = Boolean(facts.after_sales_status && facts.after_sales_status !== 'none');

  const types: string[] = [];
  const add = (...t: string[]) => types.push(...t.filter((x) => !types.includes(x)));
  for (const intent of intents) {
    if (BASE_TYPE[intent]) add(BASE_TYPE[intent]!);
    if (intent === 'logistics_query') {
      // Beside an action, a logistics question needs exception rules only when the tools show (or cannot rule out) trouble in transit.
      const sideQuestion = intent !== s.intent;
      if (delay) add('shipping_delay_policy');
      else if (!sideQuestion || logisticsProblem || !facts.logistics_status) add('logistics_exception_policy');
    }
  }
  if (delay) add('shipping_delay_policy');
  if (logisticsProblem) add('logistics_exception_policy');
  if (delivered && (s.action === 'return_refund' || (intents.includes('refund_request') && !quality))) add('return_policy');
  if (quality || afterSales) add('after_sales_policy');
  if (s.intent === 'cancel_order' && facts.payment_status === 'paid') add('refund_policy');

  const responsibility = intents.some((i) => NEEDS_RESPONSIBILITY.has(i));
  if (responsibility) {
    if (delay || quality) add('merchant_responsibility_policy');
    if (logisticsProblem) add('logistics_responsibility_policy');
    if (ownChoice) add('user_responsibility_policy');
    if (service) add('platform_responsibility_policy');
  }
  if (types.length === 0) add('unknown');

  const negatives: string[] = [];
  const exclude = (...n: string[]) => negatives.push(...n.filter((x) => !negatives.includes(x)));
  if (unshipped) exclude('已签收退货');
  if (delay) exclude('仅物流派送延迟');
  if ((delay || logisticsProblem) && !quality) exclude('商品质量问题');
  if (logisticsProblem || delivered || shipment === 'shipped') exclude('未发货延迟');
  if (quality) exclude('七天无理由退货');
  if (service) exclude('商品质量问题', '物流延误');

  const scene: string[] = [];
  if (facts.payment_status === 'paid' || facts.order_status === 'paid') scene.push('已支付');
  if (unshipped) scene.push(facts.shipment_status ? '未发货' : '用户反馈未发货');
  if (delivered) scene.push('已签收');
  if (logisticsProblem) scene.push('物流异常');
  if (quality) scene.push('商品质量问题');
  if (afterSales) scene.push('已有售后记录');
  if (service) scene.push('服务态度');
  return { policyTypes: types, negativeFilters: negatives, scene, responsibility };
}

const POLICY_NAMES: Record<string, string> = {
  refund_policy: '退款规则',
  return_policy: '退货规则',
  shipping_delay_policy: '延迟发货规则',
  logistics_exception_policy: '物流异常处理规则',
  compensation_policy: '补偿规则',
  cancellation_policy: '取消订单规则',
  complaint_policy: '投诉处理规则',
  merchant_responsibility_policy: '商家责任认定规则',
  platform_responsibility_policy: '平台责任认定规则',
  logistics_responsibility_policy: '物流责任认定规则',
  user_responsibility_policy: '用户责任认定规则',
  after_sales_policy: '售后处理规则',
  human_handoff_policy: '转人工规则',
  unknown: '相关业务规则',
};
const REQUIREMENTS: [string, string][] = [
  ['shipping_delay_policy', '规则需说明未发货或延迟发货场景'],
  ['logistics_exception_policy', '规则需说明物流异常或延误场景'],
  ['return_policy', '规则需说明签收后退货条件'],
  ['refund_policy', '规则需说明用户是否可申请退款'],
  ['compensation_policy', '规则需说明补偿条件与标准'],
  ['cancellation_policy', '规则需说明订单能否取消'],
  ['complaint_policy', '规则需说明投诉受理与处理方式'],
  ['after_sales_policy', '规则需说明售后处理流程'],
  ['human_handoff_policy', '规则需说明转人工的条件'],
  ['_responsibility_policy', '规则需支持责任归因'],
  ['unknown', '规则需与用户咨询的问题相关'],
];
const REQUESTS: Record<string, [string, string]> = {
  refund_request: ['申请退款', '退款申请'],
  return_refund: ['申请退货退款', '退货退款申请'],
  compensation_request: ['申请补偿', '补偿申请'],
  cancel_order: ['申请取消订单', '取消订单'],
  modify_order: ['申请修改订单', '修改订单'],
  complaint: ['提出投诉', '投诉处理'],
  human_service_request: ['要求转人工', '转人工'],
  logistics_query: ['询问物流问题', '物流查询'],
  order_status_query: ['查询订单状态', '订单状态'],
};
const RETRIEVAL_INTENTS: Record<string, string> = {
  refund_request: 'find_refund_eligibility_rules',
  compensation_request: 'find_compensation_eligibility_rules',
  cancel_order: 'find_cancellation_rules',
  modify_order: 'find_order_modification_rules',
  complaint: 'find_complaint_handling_rules',
  human_service_request: 'find_human_handoff_rules',
  logistics_query: 'find_logistics_exception_rules',
  order_status_query: 'find_order_status_rules',
};

export interface BuiltQueries {
  primary: string;
  variants: string[];
  keywords: string[];
  mustInclude: string[];
  requirements: string[];
  retrievalIntent: string;
}

export function buildQueries(b: {
  intent: string;
  secondary?: string[];
  scenario: Scenario;
  policyTypes: string[];
  verified: string[];
  claimConditions: string[];
  action: string;
}): BuiltQueries {
  const { intent, scenario, policyTypes } = b;
  const request = REQUESTS[intent === 'refund_request' && b.action === 'return_refund' ? 'return_refund' : intent] ?? ['咨询售后问题', '售后咨询'];
  const names = policyTypes.map((t) => POLICY_NAMES[t] ?? '相关业务规则');
  const situation = b.verified.length > 0 ? b.verified.join('、') : b.claimConditions.length > 0 ? `${b.claimConditions.join('、')}（未经工具核实）` : '';
  const primary = `${situation ? `${situation}，` : ''}用户${request[0]}，检索${joinNames(names)}`;

  const scene = scenario.scene.filter((w) => !w.startsWith('用户反馈'));
  const variants = [...new Set(names.slice(0, 3).map((n) => `${scene.filter((w) => !n.includes(w)).join('')}${n}`))];
  if (variants.length < 2) variants.push(`${request[1]}处理规则`);
  if (variants.length < 2) variants.push(`${request[1]}相关政策`);

  const responsibility = policyTypes.some((t) => t.endsWith('_responsibility_policy'));
  const keywords = [
    ...new Set([
      ...scenario.scene.map((w) => w.replace(/^用户反馈/, '')),
      ...(policyTypes.includes('shipping_delay_policy') ? ['延迟发货'] : []),
      request[1],
      ...(responsibility ? ['责任认定'] : []),
    ]),
  ];
  for (const extra of ['售后规则', '平台规则', '处理流程']) if (keywords.length < 3) keywords.push(extra);

  // A secondary request that needs a decision of its own (complaint beside compensation) is a condition a usable rule may address too.
  const sideRequests = (b.secondary ?? [])
    .filter((i) => i !== intent && BASE_TYPE[i])
    .map((i) => REQUESTS[i]?.[1])
    .filter((r): r is string => Boolean(r));
  const mustInclude = [
    ...new Set([...scenario.scene.map((w) => (w === '已支付' ? '已支付订单' : w.replace(/^用户反馈(.*)$/, '$1场景'))), request[1], ...sideRequests]),
  ];
  const requirements = REQUIREMENTS.filter(([type]) => policyTypes.some((t) => t === type || (type.startsWith('_') && t.endsWith(type)))).map(
    ([, text]) => text,
  );
  const base = RETRIEVAL_INTENTS[intent] ?? 'find_general_service_rules';
  const retrievalIntent = responsibility && base.endsWith('_eligibility_rules') ? base.replace('_rules', '_and_responsibility_rules') : base;
  return { primary, variants: variants.slice(0, 4), keywords: keywords.slice(0, 8), mustInclude, requirements, retrievalIntent };
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join('、')}和${names[names.length - 1]}`;
}
