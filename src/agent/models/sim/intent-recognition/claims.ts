/**
 * What the customer says happened: the issue behind the request and the
 * factual statements about the order, each turned into a claim with a fixed,
 * neutral wording. Wording comes from templates, never from the customer's
 * text, so that an instruction hidden in the message cannot ride along into a
 * claim or an issue description.
 */

type ClaimType = 'order_status' | 'payment_status' | 'shipment_status' | 'logistics_status' | 'product_quality' | 'service_experience' | 'other';

export interface Issue {
  id: string;
  /** Issue description for slots.issue_reason; `{time}`, `{subject}`, `{product}` and `{match}` (the cue as written, for harmless fixed phrases) are filled in. */
  reason: string;
  claim?: { type: ClaimType; text: string };
  /** Delivery status as the customer describes it. */
  delivery?: string;
  /** What the issue is about, for policy types and responsibility. */
  kind: 'shipping_delay' | 'logistics' | 'quality' | 'payment' | 'service' | 'user_choice' | 'address' | 'price' | 'after_sales' | 'other';
}

interface IssueRule extends Issue {
  cue: RegExp;
}

const ISSUE_RULES: IssueRule[] = [
  {
    id: 'delivered_not_received',
    cue: /(?:显示|已经?|物流说)已?签收.{0,10}(?:没|没有|未)(?:收到|拿到)/,
    reason: '物流显示签收但未收到货',
    kind: 'logistics',
    delivery: '显示已签收',
    claim: { type: 'logistics_status', text: '用户称物流显示已签收但本人未收到货' },
  },
  {
    id: 'not_shipped',
    cue: /(?:没|没有|未|不|还没|迟迟不|一直没|一直不|都不|根本没|还不)有?发货|还没发|没发出|未发出/,
    reason: '{time}没发货',
    kind: 'shipping_delay',
    delivery: '未发货',
    claim: { type: 'shipment_status', text: '用户称订单{time}没发货' },
  },
  {
    id: 'lost',
    cue: /丢件|快递丢了|包裹丢了|丢失/,
    reason: '快递丢失',
    kind: 'logistics',
    delivery: '疑似丢件',
    claim: { type: 'logistics_status', text: '用户称快递丢失' },
  },
  {
    id: 'stuck',
    cue: /还在路上|物流.{0,6}?(?:不动|没更新|没有更新|停了|卡住|没动静|没变化)|停滞|卡在/,
    reason: '物流{time}未更新',
    kind: 'logistics',
    delivery: '运输中',
    claim: { type: 'logistics_status', text: '用户称物流{time}没有进展' },
  },
  {
    id: 'not_received',
    cue: /(?:没|没有|未|还没|一直没|根本没)(?:收到|到货|送到|拿到)|还没到|都没到|没到|迟迟不到|一直不到/,
    reason: '{time}未收到货',
    kind: 'logistics',
    delivery: '未收到',
    claim: { type: 'logistics_status', text: '用户称{time}未收到货' },
  },
  {
    id: 'damaged',
    cue: /破损|坏了|碎了|压坏|摔坏|裂了|损坏/,
    reason: '商品破损',
    kind: 'quality',
    claim: { type: 'product_quality', text: '用户称收到的{product}破损' },
  },
  {
    id: 'quality',
    cue: /质量(?:问题|差|太差|不好)|瑕疵|掉色|开线|不能用|用不了|故障|发霉|过期|变质|异味/,
    reason: '商品质量问题',
    kind: 'quality',
    claim: { type: 'product_quality', text: '用户称{product}存在质量问题' },
  },
  {
    id: 'wrong_item',
    cue: /发错|错发|不是我买的|少发|漏发|缺件/,
    reason: '发错或漏发商品',
    kind: 'quality',
    claim: { type: 'product_quality', text: '用户称收到的商品发错或漏发' },
  },
  {
    id: 'not_as_described',
    cue: /与描述不符|和描述不一样|货不对板|假货|和图片不一样/,
    reason: '商品与描述不符',
    kind: 'quality',
    claim: { type: 'product_quality', text: '用户称商品与描述不符' },
  },
  {
    id: 'double_charge',
    cue: /重复扣款|扣(?:了|款)两次|扣了两遍|扣款两次|多扣/,
    reason: '重复扣款',
    kind: 'payment',
    claim: { type: 'payment_status', text: '用户称被重复扣款' },
  },
  {
    id: 'refund_not_arrived',
    cue: /退款.{0,4}(?:还没到|没到账|一直没到|没收到)/,
    reason: '退款未到账',
    kind: 'after_sales',
    claim: { type: 'other', text: '用户称退款尚未到账' },
  },
  { id: 'price_drop', cue: /降价|差价|便宜了|价保/, reason: '商品降价', kind: 'price', claim: { type: 'other', text: '用户称购买后商品降价' } },
  {
    id: 'service',
    cue: /态度(?:差|恶劣|不好|很差|太差)|不理人|不回复|没人理|没人处理|敷衍|骂人|辱骂|爆粗口|(?:乱扔|扔在|丢在|扔到)(?:楼下|门口|地上|路边)/,
    reason: '{subject}服务态度差',
    kind: 'service',
    claim: { type: 'service_experience', text: '用户称{subject}服务态度差' },
  },
  {
    id: 'not_delivered_to_door',
    cue: /不(?:给我)?送(?:货|上门|到家)?(?![到达])|不给(?:我)?(?:送|放)|非(?:要|得|给)?(?:让我)?(?:自提|自取|放)|让我自提|要我自提|自己去取/,
    reason: '快递未按约定送货上门',
    kind: 'logistics',
    claim: { type: 'logistics_status', text: '用户称快递未按约定送货上门' },
  },
  {
    id: 'deceived',
    cue: /骗人|欺骗|虚假宣传|忽悠/,
    reason: '认为商品或服务与宣传不符',
    kind: 'service',
    claim: { type: 'service_experience', text: '用户称商品或服务与宣传不符' },
  },
  {
    id: 'escalation',
    cue: /申诉|(?:平台|淘宝|天猫|京东|官方)(?:来)?介入|消协|工商局/,
    reason: '对商家的处理不满，要求平台介入',
    kind: 'service',
    claim: { type: 'service_experience', text: '用户称对商家的处理不满' },
  },
  { id: 'changed_mind', cue: /不想要了|不要了|买错了|拍错了|拍多了|不需要了|买多了/, reason: '{match}', kind: 'user_choice' },
  { id: 'address', cue: /地址(?:写|填)错|地址错了|换(?:个)?地址|改(?:一下)?(?:收货)?地址/, reason: '收货地址需要修改', kind: 'address' },
];

/** Statements that are claims without being the issue itself. */
const CLAIM_RULES: { cue: RegExp; type: ClaimType; text: string }[] = [
  { cue: /(?:已经|已)付(?:过)?款|付过款|已经付了|付了钱|钱都付了|已经付款|扣款了|扣了钱/, type: 'payment_status', text: '用户称订单已付款' },
  { cue: /(?:已经|已|显示)发货/, type: 'shipment_status', text: '用户称订单显示已发货' },
  { cue: /订单(?:被|已|已经)取消/, type: 'order_status', text: '用户称订单已被取消' },
  { cue: /(?:商家|客服|卖家)(?:也|已经|已)?(?:答应|同意|承诺|说好)(?:给我)?(?:退款|退钱|补偿|赔偿|退货)/, type: 'other', text: '用户称商家答应过处理其诉求' },
  { cue: /说好.{0,4}(?:到|发货|送达)/, type: 'logistics_status', text: '用户称商品未按承诺时间送达' },
];

const TIME = /(?:\d+\s*|[一二两三四五六七八九十半几]+)个?(?:天|日|周|星期|礼拜|小时|月)|昨天|前天|上周|上个月|半个月/;
const PRODUCTS =
  /扫地机器人|空气炸锅|电饭煲|咖啡机|吹风机|洗衣机|冰箱|电视|保温杯|水杯|杯子|手机壳|充电宝|充电器|数据线|耳机|手机|平板|笔记本|电脑|键盘|鼠标|显示器|手表|手环|音箱|相机|羽绒服|外套|衬衫|T恤|连衣裙|裙子|裤子|鞋子|运动鞋|袜子|帽子|背包|书包|口红|面膜|护肤品|洗面奶|香水|奶粉|纸尿裤|玩具|零食|水果|大米|茶叶|床垫|被子|枕头|台灯|眼镜|项链|戒指|衣服/;
const SUBJECTS = /快递员|骑手|客服|商家|卖家|店家/;

export function timeCondition(text: string): string | null {
  return TIME.exec(text)?.[0].replace(/\s+/g, '') ?? null;
}

export function productName(text: string): string | null {
  return PRODUCTS.exec(text)?.[0] ?? null;
}

export interface FoundIssue extends Issue {
  index: number;
  match: string;
}

/** Issues mentioned in the text, in order of appearance, one per kind of rule. */
export function findIssues(text: string): FoundIssue[] {
  const found: FoundIssue[] = [];
  for (const { cue, ...issue } of ISSUE_RULES) {
    const m = cue.exec(text);
    // "显示签收但没收到" is one issue, not also "没收到"
    if (m && !(issue.id === 'not_received' && found.some((f) => f.id === 'delivered_not_received'))) found.push({ ...issue, index: m.index, match: m[0] });
  }
  return found.sort((a, b) => a.index - b.index);
}

export interface Claim {
  claim_type: ClaimType;
  claim_text: string;
  verified: boolean;
}

/** Every factual statement as an unverified claim, worded by template. */
export function claimsIn(text: string, issues: Issue[]): Claim[] {
  const fill = fillerFor(text);
  const claims: Claim[] = [];
  for (const issue of issues) if (issue.claim) claims.push({ claim_type: issue.claim.type, claim_text: fill(issue.claim.text), verified: false });
  for (const rule of CLAIM_RULES) {
    if (rule.cue.test(text) && !claims.some((c) => c.claim_type === rule.type && rule.type !== 'other')) {
      claims.push({ claim_type: rule.type, claim_text: rule.text, verified: false });
    }
  }
  return claims;
}

/** Issue description for slots.issue_reason. */
export function issueReason(text: string, issues: FoundIssue[]): string | null {
  const first = issues[0];
  return first ? fillerFor(text)(first.reason).replace('{match}', first.match) : null;
}

function fillerFor(text: string): (template: string) => string {
  const time = timeCondition(text) ?? '';
  const product = productName(text) ?? '商品';
  const subject = SUBJECTS.exec(text)?.[0] ?? '';
  return (template) => template.replace('{time}', time).replace('{product}', product).replace('{subject}', subject);
}
