/**
 * Policy text reduced to the business concepts it talks about, so that a
 * condition ("已签收退货"), a requirement ("规则需支持责任归因") and a document
 * ("买家签收商品后七天内可申请无理由退货退款") can be compared by meaning
 * rather than by exact words. Also what a rule lets a decision be.
 */

const CONCEPTS: Record<string, RegExp> = {
  paid: /付款|支付|货款/,
  unshipped: /未发货|没发货|不发货|仍未发货|发货前|未在.{0,8}发货|超过.{0,10}发货时间|延迟发货|延迟发出/,
  delay: /延迟|超时|超过.{0,8}时间|逾期/,
  shipped: /已发货|已经发货|一经发货|发货后|发货之后|已发出|运输中|在途/,
  signed: /签收/,
  return: /退货/,
  refund: /退款|原路退/,
  compensation: /补偿|赔付|赔偿|无门槛券|优惠券/,
  cancel: /取消/,
  quality: /质量|瑕疵|破损|损坏/,
  delivery_delay: /派送延迟|配送延迟|派送延误|配送延误|物流延迟|物流派送/,
  logistics_exception: /物流异常|丢件|丢失|延误|物流停滞/,
  responsibility: /责任|承担/,
  complaint: /投诉/,
  human: /人工/,
  after_sales: /售后/,
  virtual: /虚拟商品|充值卡|会员卡?|点卡/,
  no_reason_return: /无理由/,
};

/** Listed once: the evidence filter asks for the concepts of every document and condition of every call. */
const CONCEPT_LIST = Object.entries(CONCEPTS);

export function conceptsOf(text: string): string[] {
  const found: string[] = [];
  for (const [name, re] of CONCEPT_LIST) if (re.test(text)) found.push(name);
  return found;
}

/**
 * Whether `document` addresses `condition`: every concept of the condition
 * appears in it (any one, for "A或B" requirements). A condition with no known
 * concept falls back to a literal match.
 */
export function addresses(document: string, condition: string): boolean {
  const wanted = conceptsOf(condition);
  if (wanted.length === 0) return document.replace(/\s/g, '').includes(condition.replace(/\s/g, ''));
  const have = new Set(conceptsOf(document));
  return /或/.test(condition) ? wanted.some((c) => have.has(c)) : wanted.every((c) => have.has(c));
}

/** A rule states a consequence (may, may not, is borne by…); a pointer to customer service does not. */
const CONSEQUENCE =
  /可(?:以)?申请|可退|可取消|不支持|不予|不可|不能|应当?|须|由.{0,8}承担|承担|有权|予以|原路退回|一律|可获得|可要求|发放|给予|赔付|退还|全额退款/;

export function statesARule(content: string): boolean {
  return content.replace(/\s/g, '').length >= 12 && CONSEQUENCE.test(content);
}

const DECISION_CUES: [string, RegExp][] = [
  ['refund_denied', /不支持退款|不予退款|不可退款|不能退款|不退款|不支持.{0,4}退/],
  ['refund_allowed', /(?:可|可以|有权)(?:申请)?(?:全额|部分)?(?:退款|退货退款|无理由退货)|原路退回|予以退款|支持退款/],
  ['compensation_denied', /不予补偿|不补偿|不支持(?:补偿|赔付)|不予赔付|不予赔偿/],
  ['compensation_allowed', /(?:可|可以|有权)(?:申请|获得|要求)?(?:补偿|赔付|赔偿)|予以补偿|补偿.{0,6}元|赔付/],
  ['cancellation_allowed', /(?:可|可以)(?:申请)?取消/],
  ['human_handoff', /转人工|人工审核|人工核实|人工处理/],
  ['need_more_info', /需提供|需核实|需补充|凭证|举证|核实后/],
];

/** What a rule could support when its own words say nothing decisive. */
const BY_POLICY_TYPE: Record<string, string[]> = {
  refund_policy: ['refund_allowed'],
  return_policy: ['refund_allowed'],
  shipping_delay_policy: ['refund_allowed'],
  compensation_policy: ['compensation_allowed'],
  cancellation_policy: ['cancellation_allowed'],
  logistics_exception_policy: ['need_more_info'],
  merchant_responsibility_policy: ['refund_allowed', 'compensation_allowed'],
  platform_responsibility_policy: ['compensation_allowed'],
  logistics_responsibility_policy: ['compensation_allowed'],
  user_responsibility_policy: ['refund_denied', 'compensation_denied'],
  after_sales_policy: ['need_more_info'],
  complaint_policy: ['human_handoff'],
  human_handoff_policy: ['human_handoff'],
};

/** Decision types the rule could support: from its own wording first, else from its policy type. */
export function supportedDecisions(content: string, policyType: string): string[] {
  const found = new Set(DECISION_CUES.filter(([, re]) => re.test(content)).map(([type]) => type));
  // "不支持退款" also contains "支持退款"
  if (found.has('refund_denied') && !/可(?:以)?申请退款|原路退回/.test(content)) found.delete('refund_allowed');
  if (found.has('compensation_denied')) found.delete('compensation_allowed');
  return found.size > 0 ? [...found] : (BY_POLICY_TYPE[policyType] ?? ['need_more_info']);
}
