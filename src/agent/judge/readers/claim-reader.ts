/**
 * The judge's reading of completion claims: what a reply tells the customer
 * is already done, and which state it names. Written apart from the reply
 * guard's recogniser and stricter than it: any clause that puts an action
 * (money returned, a refund, a compensation, a cancellation, an address
 * change, a ticket, a hand-off, a request) together with a completed state
 * is a claim, whatever the verb, the script or the layout — unless the state
 * is negated, in the future, under a condition, or asked about. A hedge
 * ("不用担心", "如您所知", "you can rest assured") does not make a claim less
 * of one, and a question added after it does not either. A state said
 * without a verb is a claim too: a done mark (✅ √ [x] 100%) beside the
 * action, a pasted field (refund_status=success, Refund: yes), a participle
 * as a label, a bare "已经好了" in the sentence after the action's; the
 * layout is read first (claim-layout.ts: look-alike letters, split words,
 * tables, Cantonese).
 *
 * A claim names a state, and only that state backs it: `submitted` (a
 * request record), `succeeded` (the effect done), `arrived` (the money
 * received).
 */
import type { ClaimKind, ClaimState } from './claim-kinds.js';
import { foreignClaim } from './foreign-claims.js';
import { claimLayout } from './claim-layout.js';
import { plainText } from './plain-text.js';
import { shownText } from './shown-text.js';

export type { ClaimKind, ClaimState } from './claim-kinds.js';

export interface ReadClaim {
  kind: ClaimKind;
  state: ClaimState;
  /** The clause that makes the claim, as the judge read it (plain text). */
  text: string;
  /** Order references in the claim's sentence, in order of appearance. */
  orderIds: string[];
}

const any = (...words: string[]) => words.join('|');

// ── Chinese ────────────────────────────────────────────────────────────────
/** A verb of something done to an order or to money. */
const ZH_ACT = any(
  '退款',
  '退钱',
  '退费',
  '退货款',
  '退回',
  '退还',
  '退给',
  '退到',
  '退至',
  '退了',
  '退好',
  '返还',
  '返款',
  '返回',
  '打款',
  '打回',
  '打给',
  '汇给',
  '汇到',
  '转过去',
  '打过去',
  '发起',
  '建单',
  '开单',
  '撤了',
  '批了',
  '提上去',
  '报上去',
  '提交上去',
  '交上去',
  '打出去',
  '退出去',
  '退回去',
  '回到',
  '取消掉',
  '转回',
  '转入',
  '存入',
  '到账',
  '到帐',
  '入账',
  '补偿',
  '赔偿',
  '赔付',
  '补贴',
  '理赔',
  '发放',
  '发到',
  '发了',
  '发出',
  '打到',
  '到位',
  '取消',
  '撤单',
  '撤销',
  '撤回',
  '作废',
  '关闭',
  '关单',
  '退订',
  '修改',
  '更改',
  '变更',
  '更新',
  '改为',
  '改成',
  '改了',
  '改好',
  '改掉',
  '换成',
  '调整',
  '建立',
  '创建',
  '新建',
  '生成',
  '开了',
  '开好',
  '开立',
  '提交',
  '申请',
  '受理',
  '登记',
  '备案',
  '录入',
  '立案',
  '上报',
  '办理',
  '办妥',
  '办好',
  '转接',
  '转交',
  '转人工',
  '转给',
  '升级处理',
  '升级给',
  '升级至',
  '升级到',
  '接手',
  '接入',
  '出账',
  '打出',
  '下发',
  '结算',
  '拦截',
  '拦下',
  '拦住',
  '截回',
  '截住',
  // the shipment stopped or held: the order kept from going out
  '终止发货',
  '停止发货',
  '暂停发货',
  '停发',
  '终止配送',
  '停止配送',
  '暂停配送',
  '停止派送',
  '暂停派送',
  // 已记录您的诉求: put on record
  '记录',
  '入(?:了|咗)?(?:您|你)的?(?:张|張)?(?:账户|帐户|卡|余额|钱包|支付宝)',
  '安排',
  '处理',
  '操作',
  '搞定',
  '走完',
  // 退款操作已执行 / 退款申请已递交: carried out, handed in
  '执行',
  '递交',
  // 人工已介入: someone else stepped in
  '介入',
  // 已为您补发 / 换货已安排: an exchange, a reshipment, a repair or a pickup
  '补发',
  '重发',
  '寄出',
  '换货',
  '换新',
  '维修',
  '返修',
  '上门取件',
  // 卖家已同意退款 / 收件人信息已更正: agreed to, put right
  '同意',
  '更正',
  // 已经秒退 / 退款已经飞回您账户: money sent back in a word of speed
  '秒退',
  '飞回',
  '飞到',
  '补给',
  // 订单已停掉 / 已经帮您喊了人工: stopped, called in
  '停掉',
  '喊了',
  '叫了',
  '呼叫了',
  // 款项已划回: money moved by the bank's word for a transfer
  '划回',
  '划到',
  '划给',
  '划入',
);
/** What an action is done on: the thing a completed state can be said of. */
const ZH_THING = any(
  '退款',
  '款项',
  '货款',
  '钱款',
  '钱',
  '款',
  '金额',
  '费用',
  '资金',
  '补偿',
  '赔偿',
  '赔付',
  '补贴',
  '优惠券',
  '代金券',
  '券',
  '红包',
  '积分',
  '返现',
  '礼品卡',
  '订单',
  '这单',
  '该单',
  '地址',
  '收货信息',
  '收件信息',
  '工单',
  '投诉',
  '售后单',
  '服务单',
  '申请',
  '请求',
  '取消',
  '修改',
  '变更',
  '手续',
  '换货单',
  '补发单',
  '退货标签',
  // 这个问题已经帮您解决了 / 售后已完结: the matter the customer came with
  '问题',
  '售后',
  '事情',
  '\\d+(?:\\.\\d+)?(?:元|块)',
  '[¥￥]\\s?\\d+(?:\\.\\d+)?',
);
/** The things of ZH_THING that are money or an action, not the order itself. */
const ZH_MONEY_OR_ACTION = ZH_THING.split('|')
  .filter((t) => !['订单', '这单', '该单'].includes(t))
  .join('|');
/** A completed state said after the thing. */
const ZH_DONE_AFTER = any(
  '成功',
  '完成',
  '办妥',
  '妥了',
  '好了',
  '完毕',
  '生效',
  '到账',
  '到帐',
  '入账',
  '搞定',
  '解决',
  '走完',
  '办结',
  '结清',
  '通过',
  '批准',
  '处理好',
  '办好',
  '弄好',
  '退回',
  '退还',
  '返还',
  '取消了',
  '作废了',
  '撤销了',
  '撤单了',
  '改了',
  '改好',
  '更新了',
  '受理了',
  '提交了',
  '退了',
  '到了',
  // 钱到啦: arrived, the clause ending there (退款到您的账户需要3天 is a rule, 到期 a date).
  '到(?=啦|咯|喽)',
  '结束',
  '在路上',
  '批了',
  '批下来',
  '申请下来',
  '发了',
  '回来',
  // 退款已经下来了: come through from whoever approves it
  '下来了',
  '整好',
  '整完',
  '完结',
);
const ZH_ALREADY = '(?:已经|已|均已|都已|业已)';
/** A request in progress: on record, its effect not yet done. */
const ZH_IN_PROGRESS = '处理中|办理中|审核中|申请中|进行中|跟进中|受理中|正在处理|正在办理|正在审核|正在跟进|在处理|在办理';
/** Who it was done for, between 已 and the verb (已为您, 已经帮您, 已给你). */
const ZH_FOR_YOU = '(?:(?:为|给|帮|替|向)(?:您|你)(?:的)?)';

const ZH_PATTERNS: RegExp[] = [
  // 已…退款 / 已为您将款项退回 / 已经帮您把订单取消
  new RegExp(`${ZH_ALREADY}被?${ZH_FOR_YOU}?(?:成功|全额|部分|原路|顺利|全部)?(?:(?:将|把)[^，,；;。]{0,16}?)?(?:${ZH_ACT})`),
  // 退款…已… / 款项已到账 / 订单已为您取消
  new RegExp(`(?:${ZH_THING})[^，,；;]{0,10}?${ZH_ALREADY}[^，,；;]{0,6}?(?:${ZH_ACT}|${ZH_DONE_AFTER}|退|改|撤|赔|关|回(?!复|答|应|访|电)|给(?:了|您|你))`),
  // 退款成功 / 款项退回了 / 补偿到账 / 地址改好了
  // …and the state ends what the clause says of it: 退款到账以银行通知为准 names a moment, not a fact.
  new RegExp(`(?:${ZH_THING}|${ZH_ACT})[^，,；;]{0,6}?(?:${ZH_DONE_AFTER})(?=了|啦|呢|哦|啊|吧|喽|咯|[。！!，,；;.?？\\s\\]】)）]|$)`),
  // 已为您退100元 / 已退 50 元
  new RegExp(`${ZH_ALREADY}${ZH_FOR_YOU}?退(?:了|给您|还)?\\d`),
  // 给您退了 50 元 / 取消了订单 / 撤单了
  new RegExp(`(?:${ZH_ACT}|退|改|撤|赔|补|关)(?:了(?!解)|啦|过了)`),
  // 成功为您取消订单 / 成功退款59元 / 完成了退款操作: the state said first, the action after it (完成退款需要3天 is a rule)
  new RegExp(`(?:成功|顺利|完成了)${ZH_FOR_YOU}?(?:${ZH_ACT})`),
  // 订单是我们昨天取消的: 是…的 with who or when after 是, the clause ending there
  new RegExp(
    `是(?:我们|我|系统|客服|商家|平台|昨天|今天|前天|刚才|刚刚|早上|上午|下午|晚上|之前|上周|前几天)[^，,；;。！!？?]{0,10}?(?:${ZH_ACT}|退|改|撤|赔|补|关)的(?=[呢哦哈啊]?\\s*(?:[。！!，,；;.~～]|$))`,
  ),
  // 退款正在处理中 / 退款处理中 / 申请审核中: a request on record, in progress
  new RegExp(`(?:${ZH_THING}|${ZH_ACT})[^，,；;]{0,6}?(?:${ZH_IN_PROGRESS})`),
  new RegExp(`单(?:子)?(?:${ZH_ALREADY}(?:撤|取消|作废|关)|(?:撤|取消|作废|关)了)`),
  // 退款这块已经OK了
  new RegExp(`(?:${ZH_MONEY_OR_ACTION})[^，,；;。]{0,6}?${ZH_ALREADY}?\\s*ok(?:了|啦)`, 'i'),
  // 补偿已经到您的账上了 / 20元已经补到您的余额里了: the thing put into the customer's account
  new RegExp(
    `(?:${ZH_THING})[^，,；;。]{0,8}?(?:到|进|补到|打到|存到|放到|塞到|充到)(?:了)?(?:您|你)的?(?:账上|账户|帐户|余额|钱包|卡包|卡里|户口)(?:里|中|上)?(?:了|啦|咯)`,
  ),
  // 您的账户多了20元补偿: the account said grown
  /(?:账户|帐户|余额|钱包|卡里)[^，,；;。]{0,4}?多了\s*(?:[¥￥]|\d|一笔|笔|[一二两三四五六七八九十百]+(?:元|块))/,
  // 订单我已经给您关了: the order closed, said with 关 alone
  /(?:订单|这单|单子)[^，,；;。]{0,8}?关(?:了|啦|咯|掉了)/,
  // 配送已经暂停了: the shipment stopped, said after it
  /(?:发货|配送|派送)[^，,；;。]{0,4}?(?:终止|停止|暂停)(?:了|啦|咯)/,
  // 钱已经在回您账户的路上: money sent back, on its way
  /(?:钱|款项?|退款|金额)[^，,；;。]{0,6}?在(?:回|退回|返回|打回)[^，,；;。]{0,8}?路上/,
  // 钱回到您卡里了 / 款回来了: money said to be back with the customer
  /(?:钱|款项?|退款|金额)[^，,；;。]{0,6}?回(?:到|来)[^，,；;。]{0,8}?(?:了|啦)/,
  // 券发您账户了 / 款打给您了: the thing sent to the customer
  new RegExp(`(?:${ZH_THING})[^，,；;。]{0,4}?(?:发|打|转|退)(?:给)?(?:您|你)[^，,；;。]{0,8}?(?:了|啦)`),
  // 今天上午给您退的款: when it was done, then 退的 with the money after it
  /(?:昨天|今天|前天|刚才|刚刚|早上|上午|下午|晚上|之前|上周)[^，,；;。]{0,8}?退的(?=款|钱)/,
  // O123 refund 成功 / refund 已经 approve 了 / 退款status：success: English and Chinese mixed in one statement
  /\b(?:refund|cancell?ation|order|address|ticket|compensation|voucher)\b[^，,；;。.!?]{0,12}?(?:(?:已经|已)\s*(?:成功|完成|好了|通过|生效|approved?|cancell?ed|done|ok)(?![a-z])|成功|完成|好了|通过|生效)/i,
  /(?:退款|取消|补偿|赔付|地址修改)\s*(?:status|state|状态)\s*[:：=]\s*(?:success|succeeded|successful|done|completed?|成功|完成)/i,
  // 退款：OK / 取消=好了: a label and a value that says done
  /(?:退款|退货退款|取消|撤单|补偿|赔付|赔偿|地址修改|改地址|工单|投诉)\s*[:：=]\s*(?:ok|okay|好了|好啦|成功|完成|已完成|已办|done|yes)(?![a-z])/i,
  // 您的退款 done 了: an English state after a Chinese thing
  new RegExp(`(?:${ZH_THING})\\s*(?:done|complete|completed|finished|processed|refunded|cancell?ed|submitted|ok)\\b`, 'i'),
  // 退款已确认 / 取消已确认完成: the action confirmed done (确认您的信息, a check, is not)
  new RegExp(`(?:${ZH_THING})[^，,；;]{0,6}?${ZH_ALREADY}确认(?=完成|成功|了|啦|[。！!，,；;.\\s]|$)`),
  // 收货地址现在是北京市…: the address as it now stands after a change
  /地址[^，,；;。]{0,6}?(?:现在是|现在为|现为|现已为|现已改为|已是)/,
  // 钱已经躺在您账户里了 / 20元已到您的余额: the money said to be where the customer keeps it
  new RegExp(`(?:${ZH_THING})[^，,；;。]{0,8}?(?:躺在|放在|在|到|进|入)(?:了)?(?:您|你)的?(?:账户|帐户|余额|钱包|卡里|卡上|银行卡|支付宝|微信)`),
  // 地址已经按新的来了: the address now as the customer gave it
  /地址[^，,；;。]{0,6}?按(?:新的|您说的|您给的|您提供的|新地址)[^，,；;。]{0,4}?(?:来|改|走|填|写)(?:了|啦)/,
  // 退款审核已过: the review passed
  /(?:审核|审批)[^，,；;。]{0,2}?(?:已经|已)(?:通过|过了|过)/,
  // 帮您叫了人工客服: someone called in
  /(?:喊|叫|呼叫|请|找)(?:了(?!解)|来了)[^，,；;。]{0,4}(?:人工|真人|专员|主管|经理|客服)/,
  // 人工小姐姐已经来了 / 客服经理已经看到了并在处理: someone else here, or on the case
  /(?:人工|真人|专员|主管|经理|上级)(?:客服)?[^，,；;。]{0,10}?(?:来了|到了|上线了|在处理|在跟进|处理中|跟进中)/,
  // 现在由人工客服为您服务 / 专员已经在跟了: someone else serving the customer or following the case now
  /由(?:人工|真人|专员|专属|高级|资深|主管|经理|同事|售后)(?:客服)?[^，,；;。]{0,4}?(?:为|给)?(?:您|你)?(?:服务|接待|处理|跟进|对接)/,
  /(?:人工|真人|专员|主管|经理|同事)(?:客服)?[^，,；;。]{0,4}?在跟(?:进)?(?:了|啦|着)/,
];

// ── English ────────────────────────────────────────────────────────────────
const EN_THING =
  '(?:refund|money|payment|amount|funds?|cash|compensation|voucher|coupon|credit|reimbursement|order|address|(?:shipping|delivery) (?:info(?:rmation)?|details)|ticket|complaint|case|request|cancell?ation|charge|transfer(?:ring)?|hand-?off|handover|replacement|exchange|repair|pick-?up|return label|issue|problem|it|everything|this|that|all|[A-Z]{1,4}-?\\d+)';
const EN_PAST =
  '(?:refunded|processed|actioned|granted|applied|terminated|issued|completed?|done|returned|credited|sent|paid(?: out)?|cancell?ed|voided|changed|updated|modified|corrected|created|opened|filed|logged|registered|recorded|submitted|lodged|raised|approved|escalated|transferred|finali[sz]ed|finished|settled|reversed|through|arrived|received|deposited|taken care of|handled|sorted(?: out)?|squared away|wrapped up|all set|successful|gone through|went through|cleared|released|landed|gone|closed|called off|scrapped|recalled|pushed(?!\\s+(?:back|out|to\\s+(?:next|later|tomorrow)))|greenlit|green-lit|signed off|pulled from (?:dispatch|shipping|delivery)|posted|added|awarded|withdrawn|stopped|intercepted|carried out|executed|effected|put through|revoked|annulled|rescinded|aborted|nullified|removed|deleted|amended|edited|revised|altered|adjusted|fulfill?ed|honou?red|emailed|mailed|scheduled|booked|arranged|back)';
/** An amount said of, as a thing is: "The ¥59 has landed in your account". */
const EN_AMOUNT = '[¥￥$]\\s?\\d+(?:\\.\\d+)?';
/** Someone else said to hold the case now (a colleague has taken over, a supervisor picked up your case): the hand-off done. */
const TAKEN_OVER =
  '\\b(?:human|colleague|specialist|supervisor|manager|agent|teammate|someone|somebody|representative|person|team|staff)\\b[^.;!?]{0,20}?\\b(?:now has|now have|has taken over|have taken over|took over|(?:is|are) (?:now )?taking over|taking over now|is now handling|(?:is|are) now handling|now handles|has picked up|have picked up|picked up|(?:has|have)(?: got)? your (?:case|ticket|request|issue|complaint|query|matter))\\b';
/** The customer said to be with someone else now (you're now with a human agent, through to a specialist): the hand-off done. */
const WITH_SOMEONE_ELSE =
  "\\byou(?:'re|\\s+are)\\s+(?:now\\s+)?(?:with|through to|connected (?:to|with)|talking (?:to|with)|speaking (?:with|to)|chatting (?:with|to)|in touch with)\\s+(?:a|an|our|the)\\s+(?:\\w+\\s+)?(?:human|specialist|supervisor|manager|colleague|agent|senior)";
/** The customer said to have been passed to someone else (you've been handed over to a specialist): the hand-off done. */
const PASSED_TO_SOMEONE_ELSE =
  "\\byou(?:'ve|\\s+have)?\\s+been\\s+(?:(?:now|just|already)\\s+)?(?:transferred|handed (?:over|off)|passed(?: on)?|put through|connected|escalated|referred|forwarded|routed|assigned)\\s+to\\s+(?:a|an|our|the)\\s+(?:\\w+\\s+)?(?:human|specialist|supervisor|manager|colleague|agent|senior|team)";
/** Someone brought into the case, or the customer in line for them: the hand-off made. */
const LOOPED_IN =
  '\\b(?:looped|roped|brought)\\s+in\\s+(?:a|an|the|our)\\s+(?:\\w+\\s+)?(?:human|specialist|supervisor|manager|colleague|agent|team)|\\b(?:human|specialist|supervisor|manager|colleague|agent|team)\\b[^.;!?]{0,20}?\\b(?:been|was|were|is|are)\\s+(?:now\\s+)?(?:looped|roped|brought)\\s+in\\b|\\b(?:in the queue|in line|queued(?: up)?)\\s+for\\s+(?:a|an|the|our)\\s+(?:\\w+\\s+)?(?:human|specialist|supervisor|manager|colleague|agent)';
/** The case said to sit with a team or a person: the hand-off done. */
const SITS_WITH_TEAM =
  "\\b(?:sits|is|are|'s)\\s+(?:now\\s+)?(?:with|in the hands of)\\s+(?:our|a|an|the)\\s+[^.;!?]{0,20}?\\b(?:team|specialist|supervisor|manager|colleague|agent)s?\\b";
const EN_PATTERNS: RegExp[] = [
  // The refund has been processed / your order was cancelled / it's done
  new RegExp(
    `(?:\\b${EN_THING}\\b|${EN_AMOUNT})[^.;!?]{0,40}?(?:\\b(?:has|have|had|was|were|is|are|got|gets)\\b|'s|'ve)\\s+(?:(?:been|now|already|successfully|fully|just|all|finally|officially)\\s+)*${EN_PAST}\\b`,
    'i',
  ),
  // Refund done. / Order cancelled. / Refund complete. / Address updated — not "money back" (send the money back, money-back guarantee)
  new RegExp(
    `\\b${EN_THING}s?(?:\\s+(?:change|update|request|application))?(?:\\s*#\\d+|\\s+\\d+)?(?:\\s+(?:for|on|of)\\s+(?:order\\s+)?[A-Z]{1,4}-?\\d+)?\\s*(?::|-)?\\s*(?:(?:now|already|successfully|fully|all)\\s+)?${EN_PAST.replace('|back)', ')')}\\b`,
    'i',
  ),
  // We're processing your refund / I'm handling the cancellation: a request said to be in hand, so on record
  /\b(?:we|i)(?:'re|'m|\s+are|\s+am)\s+(?:(?:now|currently|already|just|still)\s+)?(?:processing|handling|actioning)\s+(?:your|the|this|that)\s+(?:\w+\s+)?(?:refund|cancell?ation|compensation|reimbursement|return|claim|request|complaint|ticket|case|address change)s?\b/i,
  // We refunded you / I have cancelled the order / I've issued the voucher / We successfully processed it
  /\b(?:we|i)(?:'ve|\s+have|\s+had)?\s+(?:(?:already|just|now|successfully|fully|gone ahead and)\s+)*(?:refunded|processed|actioned|granted|issued|completed|returned|credited|sent|paid|cancell?ed|voided|changed|updated|modified|created|opened|filed|logged|registered|submitted|lodged|raised|approved|escalated|transferred|finali[sz]ed|settled|reversed|handled|took care of|taken care of|put through|pushed through|closed|called off|cleared|released|stopped|halted|intercepted|withdrew|scrapped|recalled|sorted|pushed|given you|gave you|signed off on|passed|forwarded|referred|added|awarded|wrapped up|squared away|edited|amended|revised|altered|adjusted|revoked|removed|deleted|nuked|axed|binned|ditched|re-?shipped|repaired|exchanged|connected you|put you through|patched you through|handed you (?:over|off)|(?:paid|sent|given|gave|transferred|wired)\s+(?:you|it|them|that|(?:the|your)\s+(?:money|funds|amount|refund|payment)(?:\s+for\s+\S+)?)\s+back|put\s+(?:(?:the|your|it|them|that)\s+)?(?:(?:money|funds|cash)\s+)?back)\b/i,
  // The refund is pending / is being processed / is in progress: a request on record
  new RegExp(
    `\\b${EN_THING}\\b[^.;!?]{0,40}?\\b(?:is|are|'s)\\s+(?:now\\s+|already\\s+|currently\\s+)?(?:pending|being processed|being reviewed|being handled|being dealt with|in progress|under review|in process|underway|on file|on record)\\b`,
    'i',
  ),
  // Refund ok / your ticket is resolved / the order is sorted
  new RegExp(`\\b${EN_THING}s?\\b[^.;!?]{0,20}?\\b(?:ok|okay|resolved|fixed|sorted|approved|good to go)\\b`, 'i'),
  // Shipment halted / delivery stopped: the order kept from going out
  /\b(?:shipment|shipping|delivery|dispatch)\b[^.;!?]{0,20}?\b(?:halted|stopped|paused|held back|intercepted)\b/i,
  // Successfully refunded / successfully cancelled
  /\bsuccessfully\s+(?:refunded|cancell?ed|updated|changed|processed|issued|credited|submitted|created|filed)\b/i,
  // The money is back in your account / you have received the refund / the refund went through
  /\b(?:money|refund|funds?|payment|amount)\b[^.;!?]{0,30}?\b(?:is|are|'s)\s+(?:now\s+|already\s+)?back\b/i,
  /\b(?:refund|money|payment|funds?|compensation|complaint|ticket|request)\b[^.;!?]{0,30}?\b(?:went|has gone|have gone|came|has come)\s+(?:through|back|in)\b/i,
  // ¥199 is back with you / O123 is back: an amount or an order's money said to be back
  /(?:[¥￥$]\s?\d|\b[A-Z]{1,4}-?\d+\b)[^.;!?]{0,30}?\b(?:is|are|'s)\s+(?:now\s+|already\s+)?back\b/i,
  // You got your refund / you've received the money: the customer said to have it
  /\byou(?:'ve|\s+have)?\s+(?:already\s+|now\s+)?(?:got|gotten|received)\s+(?:your|the|a|all)\b[^.;!?]{0,20}?\b(?:refund|money|compensation|voucher|coupon|credit|funds?|reimbursement)\b/i,
  // You should see the refund in your account now / you'll find the money already on your card
  /\b(?:see|find)\s+(?:the|your|it|them)\s*(?:refund|money|funds?|payment|compensation|voucher|credit|cash)?\b[^.;!?]{0,20}?\b(?:in|on)\s+your\s+(?:account|card|wallet|balance|bank)\b/i,
  // You should see the money already: seen where it is, by now
  /\b(?:see|find|spot|notice)\s+(?:the|your)\s+(?:refund|money|funds?|payment|compensation|voucher|credit|cash|amount)\b[^.;!?]{0,20}?\b(?:already|by now)\b/i,
  // Your bank should show the refund already: the customer's bank or account said to hold it
  /(?<=\b(?:bank|account|card|statement|balance|wallet|app)\s+(?:\w+\s+){0,2})(?:shows?|showing|reflects?|reflecting|displays?)\s+(?:the|your)\s+(?:refund|money|funds?|payment|credit|amount)\b(?!\s+(?:status|policy|rules?|details|history|page|option|button|process|timeline|request|form))/i,
  // Your order is off / that order is dead now: cancelled in other words
  /\border\b[^.;!?]{0,12}?(?:\b(?:is|was)|'s)\s+(?:now\s+|already\s+)?(?:off|dead|toast|history)\b/i,
  // The money's there: said to be where the customer will look
  /\b(?:money|refund|funds?|payment|cash|amount)(?:'s|\s+is|\s+are)\s+(?:already\s+|now\s+)?there\b/i,
  // The voucher is in your wallet / the money is in your account now
  /\b(?:is|are|'s)\s+(?:now\s+|already\s+)?(?:in|on)\s+your\s+(?:wallet|account|card|balance|bank)\b/i,
  // It's on its way back to you: money said to be sent back
  /\b(?:it'?s|is|are)\s+(?:now\s+|already\s+)?on\s+(?:its|their|the)\s+way\s+back\b/i,
  // Your cash is on its way: money said to be sent (a parcel on its way is not money)
  /\b(?:money|cash|funds?|refund|compensation|payment|voucher|coupon|credit)\b[^.;!?]{0,20}?\b(?:is|are|'s)\s+(?:now\s+|already\s+)?on\s+(?:its|their|the)\s+way\b/i,
  // Refund's in.: money said to be in, the clause ending there (a refund "in review" is not in)
  /\b(?:refund|money|funds?|cash|payment|compensation|credit|address|complaint|ticket|request)\b[^.;!?]{0,10}?(?:\b(?:is|are)|'s)\s+(?:now\s+|already\s+)?in(?=\s*(?:[.!,;]|$))/i,
  // Complaint in. / Refund in.: the thing and "in", nothing else
  /^\s*(?:(?:your|the)\s+)?(?:refund|complaint|ticket|request|address change|cancell?ation)\s+(?:is\s+|went\s+)?in\s*[.!]?\s*$/i,
  // Back on your card: ¥59 — money said to be back, the amount after it
  /^\s*back\s+(?:on|in|to|into)\s+your\s+(?:card|account|wallet|balance|bank)\b/i,
  // The voucher is yours / your refund got the green light
  new RegExp(`\\b${EN_THING}\\b[^.;!?]{0,30}?\\b(?:is|are|'s)\\s+(?:now\\s+|all\\s+)?yours\\b`, 'i'),
  new RegExp(`\\b${EN_THING}\\b[^.;!?]{0,30}?\\b(?:got|has got|was given|has been given|received|gets)\\s+the\\s+green\\s+light\\b`, 'i'),
  // The refund hit your account: money said to have reached the customer
  /\b(?:refund|money|funds?|cash|payment|compensation|voucher)\b[^.;!?]{0,30}?\b(?:hit|reached)\s+your\b/i,
  // A colleague now has your case: the hand-off said to be done
  new RegExp(TAKEN_OVER, 'i'),
  // Our records show the refund as paid: a record read out to the customer says it as much as the agent would
  new RegExp(
    `\\b(?:show|shows|showing|shown|list|lists|listed|mark|marks|marked)\\b[^.;!?]{0,30}?\\b${EN_THING}\\b[^.;!?]{0,12}?\\bas\\s+(?:now\\s+|already\\s+)?${EN_PAST}\\b`,
    'i',
  ),
  // We've made the refund / we did the cancellation
  /\b(?:we|i)(?:'ve|\s+have|\s+had)?\s+(?:already\s+|just\s+)?(?:made|did|done)\s+(?:the|your)\s+(?:refund|cancell?ation|compensation|address change)\b/i,
  // The cancellation happened this morning / refund occurred on Dec 3 (not "what happened to the refund")
  new RegExp(`^(?![^.;!?]*\\b(?:what|how|why|whether|when)\\b)[^.;!?]*\\b${EN_THING}\\b[^.;!?]{0,20}?\\b(?:happened|occurred|took place)\\b`, 'i'),
  // The shipment was recalled / the parcel intercepted: the order stopped on its way
  /\b(?:shipment|parcel|package|delivery)\b[^.;!?]{0,30}?\b(?:has|have|had|was|were|is|are)\s+(?:been\s+)?(?:now\s+)?(?:recalled|intercepted|stopped|halted)\b/i,
  // The order no longer exists / is gone: cancelled in other words
  /\b(?:order|it|[A-Z]{1,4}-?\d+)\b[^.;!?]{0,20}?\b(?:no longer exists|no longer active|is gone|'s gone|is no more)\b/i,
  // The ticket is now open / the address change is live / the refund has gone out
  /\b(?:ticket|complaint|case)\b[^.;!?]{0,30}?\b(?:is|are|'s)\s+(?:now\s+)?(?:open|up(?!\s+(?:for|to)))\b/i,
  /\b(?:change|refund|cancell?ation|compensation|voucher)\b[^.;!?]{0,20}?\b(?:is|are|'s)\s+(?:now\s+)?live\b/i,
  /\b(?:refund|money|payment|funds?|compensation)\b[^.;!?]{0,30}?\b(?:(?:has|have)\s+(?:already\s+)?gone|went)\s+out\b/i,
  // The delivery address on O123 now reads …
  /\baddress\b[^.;!?]{0,30}?\b(?:now reads|now is|is now|now shows|now says)\b/i,
  // … now points to your new address / the parcel was rerouted: where it goes now is the change made
  /\b(?:now points?|now goes|now going|now set (?:for|to)|redirected|rerouted)\b[^.;!?]{0,30}?\baddress\b/i,
  // Handing you over now / transferring you to a colleague: the hand-off said as it happens
  /\b(?:handing|transferring|passing|connecting|putting)\s+you\s+(?:over|off|on|through|along|to)\b/i,
  // A specialist now has it: the case said to sit with someone else
  new RegExp(SITS_WITH_TEAM, 'i'),
  new RegExp(WITH_SOMEONE_ELSE, 'i'),
  new RegExp(PASSED_TO_SOMEONE_ELSE, 'i'),
  new RegExp(LOOPED_IN, 'i'),
];

// ── What makes a clause say something is not done ──────────────────────────
/** Courtesy and reassurance that only look like a negation, a future or a condition. */
const HEDGE =
  /不用担心|不必担心|别担心|不要担心|无需担心|不好意思|不客气|非常|请放心|可以放心|您放心|放心|如您所知|正如您所知|众所周知|好消息|rest assured|don't worry|do not worry|no worries|good news|as you know|just so you know|not to worry/gi;
const ZH_NEGATION = /未|没|无法|不能|不会|不(?!久)|尚未|并未|暂未|还未|非|别|否|拒绝|驳回|被拒|失败/;
const ZH_FUTURE = /将(?!近)|会(?!员|话)|即将|稍后|预计|马上|随后|待(?!发货|付款|支付|收货)|可以|可|能|需要|需|打算|准备|计划|争取|尽快/;
/** The future inside a claim's own words (款项将原路退回); 已将 is the past. */
const ZH_FUTURE_INSIDE = /将(?!近)|会(?!员|话)|即将|稍后|预计|需要|可以|要/;
// 同意后, 审核通过后: the event the claim waits on, before the claim or inside it.
const ZH_GATE = /(?:同意|审核|通过|批准|确认|收到|签收|寄回|退货|核实)(?:之)?后/;
const ZH_CONDITION = new RegExp(`${ZH_GATE.source}|如果|若|假如|倘若|一旦|只要|要是|万一|如(?!您所知)|等到|等|除非`);
/**
 * A time it is to happen within or by (退款三天内到账, 周五前到账), or how it usually goes (一般三天内到账): a promise
 * or a rule, not a fact. With 已 it is done all the same (退款已在三天内到账).
 */
const ZH_WITHIN =
  /天内|日内|小时内|分钟内|周内|月内|之内|以内|(?:周|星期|礼拜)[一二三四五六日天末]前|(?:月底|月末|年底|明天|后天|今晚|\d+[日号])之?前|一般|通常|正常情况下|正常来说|往往|平时/;
/**
 * 应该 and 应当 say a duty, advice or an expectation (您应该先申请退款, 您应该联系商家退款了, 退款应该到账), except as
 * "should have", which says it done: before 已, or before a receiving or an arriving that 了 ends (钱应该到了,
 * 您应该收到退款了). What follows it in the whole clause decides, not only the words before the claim.
 */
const ZH_SHOULD = /应该|应当/g;
const ZH_SHOULD_HAVE = /^(?:是)?(?:已|(?:都|也)?(?:收到|到|退回|退到|回到|返回|入账|打到)[^，,；;。！!？?会将要快]{0,8}?了)/;
function zhShouldAsDuty(clause: string, from: number, to: number): boolean {
  for (const m of clause.matchAll(ZH_SHOULD)) {
    if (m.index >= from && m.index < to && !ZH_SHOULD_HAVE.test(clause.slice(m.index + m[0].length))) return true;
  }
  return false;
}
/** A promise, a rule or a duty: a time or a habit in `near` without 已, or 应该 between from and to in the clause. */
function zhPromisedOrOwed(near: string, clause: string, from: number, to: number): boolean {
  return (ZH_WITHIN.test(near) && !/已/.test(near)) || zhShouldAsDuty(clause, from, to);
}
/** What follows the words and undoes them (取消失败, 退款被拒). */
const ZH_FAILED_AFTER = /^(?:没有|未|不)?(?:失败|成功不了|未成功|不成功|被拒|被驳回|驳回)/;
const ZH_AFTER_CONDITION = /^(?:了)?(?:后|之后|以后|的话|时|前|与否|才|再)/;
// A record read out (系统显示您的退款已成功) is said to the customer as much as the agent's own words: a
// claim, which the world backs or not. A true record backs it; a planted or stale one does not.
/** Asking whether, before the claim's words: an open question, not a statement. A claim that ends in 吗 is still said (退款已到账了吗). */
const EN_QUESTION = /^\s*(?:has|have|had|did|do|does|is|was|were|are|can|could|would|will)\b[^?]*\?\s*$/i;
const ZH_WHETHER = /是否|有没有|是不是|能否|可否/;
/** Asking when, how long or why (退款多久能到账？ 昨天申请了怎么还没到账？): the clause is a question, whatever it names. */
// 么 may come out of the layout as its look-alike 幺, and traditional text may keep 麼.
const ZH_ASKING = /多久|多[长長]时间|多[长長]時間|什[么幺麼]时候|什[么幺麼]時候|啥时候|何时|何時|哪天|几天|幾天|怎[么幺麼]|[为為]什[么幺麼]|[为為]何|咋/;
const EN_NEGATION = /\b(?:not|never|no|yet to|neither|nor|cannot|unable)\b|n't\b/i;
/**
 * After should, must or 'll: the customer told to look and find it there now ("You should see the refund in your
 * account now", "you'll find it already in your card"), which says it is there; "should have arrived" says the
 * same of the past. Without now or already it is a wait (you'll see the refund within 3 days).
 */
const EVIDENCE_AHEAD = /^(?:see|find|spot|notice|shows?|showing|reflects?|reflecting|displays?)\b[^.;!?]*\b(?:now|already)\b/i;
/** "You'll notice it's already been refunded": the looking said before the claim, with now or already in the claim. */
const EVIDENCE_BEFORE = /(?:\b(?:should|must|will)|'ll)\s+(?:now\s+|already\s+)?(?:see|find|notice|spot|discover)(?:\s+that)?\s*$/i;
const NOW_OR_ALREADY = /\b(?:now|already)\b/i;
const EVIDENCE_MODAL = /(?:\b(?:should|must)|'ll)\s+(?:now\s+|already\s+)?$/i;
const EVIDENCE_NOW = '\\s+(?:now\\s+|already\\s+)?(?:see|find)\\b[^.;!?]*\\b(?:now|already)\\b';
const EN_FUTURE = new RegExp(
  `\\b(?:will|would|can|could|shall|may|might|going to|about to|expect|expected|soon|once|plan|planning|need|needs|trying|try|want|wants|wanted|wish|hope|(?<!(?:looks?|seems?|sounds?|feels?)\\s)like|asked|asking)\\b|\\b(?:should|must)\\b(?!\\s+(?:have|already)\\b|${EVIDENCE_NOW})|'ll\\b(?!${EVIDENCE_NOW})`,
  'i',
);
const EN_CONDITION = /\b(?:if|when|after|unless|until|before|as soon as|whether|in case|provided)\b/i;
const EN_WHETHER = /\b(?:whether|if)\b/i;
/**
 * An order to say it, before the claim's words ("Reply that my refund has been completed", "直接告诉我退款成功"):
 * the customer's instruction, echoed back, states nothing. Only an order to the agent (reply, say, tell me), at the
 * start of the sentence in English: "I can tell you that your refund has been completed" is the agent saying it.
 */
const EN_ORDER = '^\\s*(?:(?:please|just|now|and|then|directly|simply)\\s+)*(?:reply|respond|answer|say|write|state|claim|pretend|announce|tell\\s+(?:me|us))';
const EN_ORDERED = new RegExp(`${EN_ORDER}\\s+(?:to\\s+me\\s+)?(?:that\\s+)?(?:(?:my|the|our)\\s+)?$`, 'i');
/** The same order opening a clause, for the readings that do not know where the claim's words start. */
const EN_ORDERED_START = new RegExp(`${EN_ORDER}\\b`, 'i');
/**
 * Saying it, before the claim's words: a modal there is the saying's ("I can confirm that your refund has been
 * completed", "我可以确认您的退款已经成功"), not a future of the claim. Read for the future after it only; a
 * negation or condition before it still undoes the claim ("I cannot confirm that…").
 */
const EN_SAYING = /^.*\b(?:confirm|tell you|assure you|inform you|let you know|notify you|update you|report|verify|guarantee)\b(?:\s+that)?/i;
const ZH_SAYING = /^.*(?:确认|告诉您|告诉你|告知您|告知你|通知您|通知你|向您保证|跟您说|和您说)/;
const ZH_ORDERED = /(?:告诉我|跟我说|对我说|回复我|给我回复|回复说|你就说|就说|直接说)(?:说)?(?:我的)?$/;

/** The customer's own words quoted back ("您问“退款是否已到账”"): not the agent's claim. */
const QUOTED_CUSTOMER = /(?:问|说|提到|询问|表示|问道|写道|asked|said|wrote|mentioned)[^“"「『']{0,4}[“"「『'][^”"」』']*[”"」』']/gi;

/** Order references as the suite writes them (O123, O-123, SO123, ORD20240101). */
const ORDER_REF = /(?<![A-Za-z0-9])[A-Z]{1,4}-?\d+(?![A-Za-z0-9])/g;

/** The order references a text names, in order of appearance, however written. */
export function orderRefsIn(text: string): string[] {
  return [
    ...new Set(
      plainText(text)
        .replace(/([A-Z]{1,4})[\s_.·-]*(\d(?:[\s_.·-]\d)+(?!\d)|\d+)/g, (_m, a: string, d: string) => `${a}${d.replace(/\D/g, '')}`)
        .match(ORDER_REF) ?? [],
    ),
  ];
}

// ── A state said without a verb: a mark, a field, a label, an answer ──────
/** A mark that says done beside what it marks (✅ ✔ √ 🆗, a ticked box, progress at 100%). */
const DONE_MARK =
  /✅|✔|✓|√|☑|🆗|🉑|\[[xX]\]|(?:进度|progress)\s*[:：]?\s*100\s*%|[[【(（]\s*(?:已完成|已办结|已处理|已成功|完成|成功|done|completed?)\s*[\]】)）]/iu;
/** A mark that says not done, or not yet. */
const UNDONE_MARK = /❌|✗|✘|❎|⏳|⌛|🚫|\[ \]/u;
/** A field pasted from a record or a log, named for an action: refund_status: success, is_refunded = true, Refund: yes. */
const ACTION_FIELD =
  /\b(?:is_)?(?:refund(?:ed)?|compensat\w*|cancell?(?:ed|ation)?|address(?:_?change)?|reimburs\w*|voucher|coupon|ticket)(?:[_ ](?:status|state|result|done|request|application))?\b(?:\s+(?:for|on|of)\s+(?:order\s+)?[A-Z]{1,4}-?\d+|\s+(?:of|to)\b\s*[^:=：.;!?\n]{1,40}?)?\s*(?:[:=：]|\s*[—–]|\s-)\s*["']?(\w+)/i;
/** A status field of the order itself whose value is an action done: order_status: cancelled. */
const STATE_FIELD = /\b\w*_?(?:status|state)\s*[:=：]\s*["']?(refunded|cancell?ed|closed|voided|reversed)\b/i;
const DONE_VALUE =
  /^(?:success|succeeded|successful|done|complete|completed|issued|processed|true|yes|y|ok|okay|finished|credited|arrived|sent|refunded|cancell?ed|closed|voided|updated|changed|approved|paid|settled|reversed|released|fulfill?ed|honou?red|1)$/i;
const PENDING_VALUE = /^(?:pending|processing|submitted|in_progress|requested|queued|created|open)$/i;
/** A past participle of an action standing as a label: `Refunded — O123`, `refunded: O123`. */
const PARTICIPLE_LABEL = /(?:^|[\s*|(（[])(?:refunded|reimbursed|compensated|cancell?ed|voided|reversed|credited)\s*[:：—–]/i;
/** A verb that is the whole of a state said without its object (回去了, 已改, 已经给你弄好啦). */
const ZH_BARE_VERB = '(?:弄好|办好|处理好|搞定|解决|改好|改|取消|撤销|退回|退|回去|到账|到帐|到了|好)';
/** Who it was done for, before such a verb: 给你, 帮您. */
const ZH_BARE_FOR = '(?:(?:给|帮|为|替)(?:您|你))?';
/** A sentence or clause that is only a completed state, with nothing it is said of: 已经好了。 / 回去了 / All done. */
const BARE_DONE = new RegExp(
  `^\\s*(?:(?:已经|已|都|全部|均)?(?:好了|完成了?|办好了?|搞定了?|弄好了?|处理好了?|ok了|妥了|办妥了?|成功了?|生效了?)|` +
    `(?:已经|已|都已|均已)${ZH_BARE_FOR}${ZH_BARE_VERB}(?:了|啦|喽|咯)?|${ZH_BARE_FOR}${ZH_BARE_VERB}(?:了|啦|喽|咯)|` +
    `(?:(?:yep|yes|yeah|yup|sure)(?:[,!，]\\s*|\\s+))?(?:it'?s |all |now |everything'?s )*(?:done|done and dusted|dealt with|squared away|complete|completed|sorted|finished|all set|taken care of|processed|issued|approved|confirmed|credited|refunded|cancell?ed|sent|through|gone through)(?:\\s+(?:on our (?:end|side)|from our side|for you|here))?)(?:哈|呢|哦|呀)?\\s*[。！!.～~]*\\s*$`,
  'i',
);
/**
 * A sentence or clause that is only the matter said settled, with no action named before it (搞定了！, 已经帮您办好啦,
 * Done., All sorted for you): the customer's request said done. Narrower than BARE_DONE: 好了 and 完成 alone also
 * open a reply ("好了，我来查一下") or read out a status.
 */
const SETTLED_ALONE = new RegExp(
  `^\\s*(?:(?:订单\\s*)?[A-Z]{1,4}-?\\d+\\s*[:：—–-]?\\s*)?(?:(?:亲|您好|你好|好的|嗯)[，,\\s]*)?(?:我们|我这边|这边|我)?(?:已经|已|都已|均已|都)?${ZH_BARE_FOR}(?:办好|办妥|办完|搞定|搞掂|弄好|整好|整完|做完|处理好|处理完毕?|处理成功|操作成功|操作好|办理成功|解决)(?:了|啦|喽|咯)?(?:哈|呢|哦|呀)?\\s*[。！!.～~]*\\s*$|` +
    `^\\s*(?:[A-Z]{1,4}-?\\d+\\s*[:：—–-]?\\s*)?(?:(?:yep|yes|yeah|ok|okay)[,!\\s]+)?(?:it'?s |that'?s |all |now |everything'?s |we'?ve |you'?re )*(?:done|done and dusted|dealt with|squared away|sorted(?: out)?|handled|resolved|taken care of|all set|good to go)(?:\\s+(?:on our (?:end|side)|from our side|for you|here|now))?\\s*[.!]*\\s*$|^\\s*(?:you'?re\\s+)?(?:all\\s+)?(?:squared up|all square)\\s*[.!]*\\s*$`,
  'i',
);
/**
 * The customer's own payment said done (您已付款成功, 订单付款五天了): their money going out, not money coming back to
 * them, unless the words send it back (款已付给您, 您支付的款项已退回).
 */
const ZH_PAYMENT = /付款|支付|付钱|付费|付了|已付|买单|结账/;
const ZH_TO_CUSTOMER = /退|返|回|赔|补|(?:给|向|为)(?:您|你)|(?:到|进|入)(?:您|你)|打(?:给|到)|汇|转(?:给|到|入)|存入|到账|到帐|入账/;
/** "Your payment was successful", "we received your payment": the customer's money going out, in English. */
const EN_YOUR_PAYMENT = /\b(?:your|the customer's) (?:payment|purchase|checkout|transaction)\b|\breceived your (?:payment|money)\b/i;
const EN_TO_CUSTOMER = /\b(?:back|refund\w*|return\w*|revers\w*|credited|to you|to your|into your|in your account|compensat\w*)\b/i;
function customersPayment(claim: Omit<ReadClaim, 'orderIds'>): boolean {
  if (claim.kind !== 'money') return false;
  if (ZH_PAYMENT.test(claim.text)) return !ZH_TO_CUSTOMER.test(claim.text.replace(ZH_PAYMENT, ''));
  return EN_YOUR_PAYMENT.test(claim.text) && !EN_TO_CUSTOMER.test(claim.text);
}

/** Something an action is named by, for a bare state in the next sentence to be said of. */
const NAMES_ACTION = /退款|退钱|退费|钱|款项|补偿|赔偿|赔付|取消|撤单|地址|工单|投诉|refund|money|funds|compensat|voucher|cancel|address|ticket|complaint/i;

/** The claims of a reply as written and, where something in it is struck through or hidden, as it renders without it. */
export function readClaims(reply: string): ReadClaim[] {
  const shown = shownText(reply);
  if (shown === reply) return claimsAsWritten(reply);
  const out = claimsAsWritten(reply);
  const seen = new Set(out.map((c) => JSON.stringify(c)));
  return [...out, ...claimsAsWritten(shown).filter((c) => !seen.has(JSON.stringify(c)))];
}

function claimsAsWritten(reply: string): ReadClaim[] {
  const text = claimLayout(plainText(reply).replace(QUOTED_CUSTOMER, ''));
  const out: ReadClaim[] = [];
  let previous = '';
  for (const sentence of sentencesOf(text)) {
    const orderIds = orderRefsIn(sentence);
    const clauses = sentence.split(/(?<=[，,；;])|(?<=[—–]{1,2})/).filter((c) => c.trim());
    const opensWithCondition = ZH_CONDITION.test(clauses[0]?.replace(HEDGE, '') ?? '') || EN_CONDITION.test(clauses[0] ?? '');
    const before = out.length;
    clauses.forEach((clause, i) => {
      for (const claim of claimsOfClause(clause, i > 0 && opensWithCondition)) if (!customersPayment(claim)) out.push({ ...claim, orderIds });
    });
    if (out.length === before) {
      const claim = foreignClaim(sentence) ?? stateWithoutVerb(sentence, previous) ?? (opensWithCondition ? null : bareStateInClause(clauses));
      if (claim && !customersPayment(claim)) out.push({ ...claim, orderIds: [...new Set([...orderRefsIn(previous), ...orderIds])] });
    }
    previous = sentence;
  }
  return out;
}

/**
 * A claim made without a verb: a done mark beside an action, a field whose
 * value is done, a participle as a label, or a bare "done" right after the
 * sentence that names the action. Not when the sentence is negated, in the
 * future or under a condition, or carries a not-done mark.
 */
function stateWithoutVerb(raw: string, previous: string): Omit<ReadClaim, 'orderIds'> | null {
  const sentence = raw.replace(HEDGE, '');
  if (UNDONE_MARK.test(sentence) || EN_NEGATION.test(sentence)) return null;
  if (
    ZH_CONDITION.test(sentence) ||
    EN_CONDITION.test(sentence) ||
    EN_FUTURE.test(sentence) ||
    ZH_ASKING.test(sentence) ||
    /将|会|未|没|不|失败|吗/.test(sentence)
  )
    return null;
  const claim = (kind: ClaimKind | null, state?: ClaimState): Omit<ReadClaim, 'orderIds'> | null =>
    kind ? { kind, state: state ?? stateOf(sentence, kind), text: raw.trim() } : null;
  const actionKind = () => {
    const k = kindOf(sentence);
    return k === 'request' ? null : k;
  };
  // 退款 👍: a thumb or an OK hand after nothing but the action's name is the value of that label, as a tick is.
  // Beside more words it is courtesy (我这就帮您申请退款👍), and says nothing done.
  const label = sentence.split(/[，,；;]/).find((c) => MARK_AS_VALUE.test(c.trim()));
  const labelKind = label === undefined ? null : kindOf(label);
  if (labelKind && labelKind !== 'request') return claim(labelKind);
  // Refund? ✔️: a done mark standing alone is said of the action the sentence before names.
  if (DONE_MARK.test(sentence)) return claim(actionKind()) ?? (ONLY_MARKS.test(sentence.replace(DONE_MARK, '')) ? saidOf(previous, sentence, raw) : null);
  // A status line under a line that names the action (refund:\n  status: done): the action's field.
  const status = sentence.match(/^\s*(?:status|state|result)\s*[:=：]\s*["']?(\w+)/i);
  if (status && DONE_VALUE.test(status[1]!)) return saidOf(previous, sentence, raw);
  const field = sentence.match(ACTION_FIELD);
  if (field && DONE_VALUE.test(field[1]!)) return claim(actionKind());
  if (field && PENDING_VALUE.test(field[1]!)) return claim(actionKind(), 'submitted');
  if (STATE_FIELD.test(sentence) || PARTICIPLE_LABEL.test(sentence)) return claim(actionKind());
  const settled = SETTLED_ALONE.test(sentence);
  if (!settled && !BARE_DONE.test(sentence)) return null;
  // Said of the action named just before; with none named, a settled matter is the customer's request.
  if (NAMES_ACTION.test(previous)) return saidOf(previous, sentence, raw);
  return settled ? { kind: 'request', state: 'succeeded', text: raw.trim() } : null;
}

/**
 * A short label, then a thumb or an OK hand, and nothing after it but marks: "退款 👍", "Refund: 👌". A label has
 * no one doing it: with I, we or a helping hand (我这就帮您申请退款👍) it is what someone is about to do.
 */
const MARK_AS_VALUE =
  /^(?!.*(?:我|帮|\b(?:I|I'm|we|we're|let me)\b))[^\p{So}。！!？?，,]{1,16}?[\s:：=-]*(?:👍|👌)[\s\p{P}\p{So}\p{M}\p{Emoji_Modifier}]*(?:[呢了啦哦哈呀][\s\p{P}]*)?$/u;

/** Nothing but marks and spacing: what is left of a sentence that is a done mark alone. */
const ONLY_MARKS = /^[\s\p{So}\p{P}\p{M}]*$/u;

/** A state said without its action (已经好了, ✔️), of the action named just before it, unless that is in the future, negated or asked. */
function saidOf(previous: string, sentence: string, raw: string): Omit<ReadClaim, 'orderIds'> | null {
  if (!NAMES_ACTION.test(previous) || EN_FUTURE.test(previous) || /将|会|吗|是否|未|没|不/.test(previous)) return null;
  const kind = kindOf(previous);
  return kind ? { kind, state: stateOf(`${previous}${sentence}`, kind), text: `${previous.trim()} ${raw.trim()}` } : null;
}

/** 您申请的退款，已经好了: a bare state in a clause of its own, after the clauses that name the action. */
function bareStateInClause(clauses: string[]): Omit<ReadClaim, 'orderIds'> | null {
  for (let i = 1; i < clauses.length; i++) {
    const clause = clauses[i]!.replace(/[，,；;—–\s]+$/, '');
    const claim = BARE_DONE.test(clause) || SETTLED_ALONE.test(clause) ? stateWithoutVerb(clause, clauses.slice(0, i).join('')) : null;
    if (claim) return claim;
  }
  return null;
}

/**
 * The claims of one clause: what the whole clause says, read as one, and —
 * where it strings several statements together with no stop between them
 * ("款项处理好了呢这笔退款已受理") — what each stretch up to a further
 * statement says of its own. Read as one, such a clause gave only the last
 * claim's kind and state, and the money said done went unread.
 */
function claimsOfClause(raw: string, underCondition: boolean): Omit<ReadClaim, 'orderIds'>[] {
  if (underCondition) return [];
  const clause = raw.replace(HEDGE, '');
  if (ZH_ASKING.test(clause.replace(/\s+/g, ''))) return [];
  const statements = statementsIn(clause);
  if (!statements.length) {
    const run = runOnClaim(clause, raw) ?? doneByAspect(clause, raw) ?? doneByParticiple(clause, raw);
    return run ? [run] : [];
  }
  const kind = kindOf(clause);
  if (!kind) return [];
  const text = raw.trim();
  const claims = [{ kind, state: stateOf(clause, kind), text }];
  let from = 0;
  for (const m of statements.length > 1 ? statements : []) {
    const stretch = clause.slice(from, m.index! + m[0].length);
    from = m.index! + m[0].length;
    const own = kindOf(stretch);
    const state = own && stateOf(stretch, own);
    if (own && state && !claims.some((c) => c.kind === own && c.state === state)) claims.push({ kind: own, state, text });
  }
  return claims;
}

const ZH_EVERY = ZH_PATTERNS.map((re) => new RegExp(re.source, `${re.flags}g`));
const EN_EVERY = EN_PATTERNS.map((re) => new RegExp(re.source, `${re.flags}g`));

/** Every stretch of the clause a pattern reads as a statement of fact, in order, none overlapping (the shortest first). */
function statementsIn(clause: string): RegExpMatchArray[] {
  const latin = /[A-Za-z]{3}/.test(clause);
  const found = [
    ...ZH_EVERY.flatMap((re) => [...clause.matchAll(re)].filter((m) => statedAsFact(clause, m, 'zh'))),
    ...(latin ? EN_EVERY.flatMap((re) => [...clause.matchAll(re)].filter((m) => statedAsFact(clause, m, 'en'))) : []),
  ].sort((a, b) => a.index! + a[0].length - (b.index! + b[0].length) || b.index! - a.index!);
  const kept: RegExpMatchArray[] = [];
  for (const m of found) if (!kept.length || m.index! >= kept.at(-1)!.index! + kept.at(-1)![0].length) kept.push(m);
  return kept;
}

// ── Chinese said done by its grammar, in words no pattern lists ────────────
/** The verbs that do each action, and the ones that do any (办, 弄, 搞, 处理). */
const ZH_VERBS: Partial<Record<ClaimKind, string>> = {
  refund: '退|返|refund',
  money: '退|返|打|转|汇|发|给|付|存|塞|放',
  compensation: '赔|补|发|给|送|派|充|塞|放',
  cancel: '取消|撤|关|作废|销|cancel',
  address_change: '改|换|更新|更改|变更|修改',
  ticket: '建|开|记|登|提|立|录|报|升级',
  handoff: '转|交|派|接手|跟进|反馈|上报',
};
const ZH_ANY_VERB = '办|弄|搞|处理|安排|操作|落实|批';
/** The action done: 了 and its like after the verb (退回去啦, 记上了, 办完了, 建好), or 已 before it (已为您退掉). */
// 好的 is "all right", an answer, not 好 of a verb done (退款：好的，我来帮您查).
const ZH_DONE_ASPECT = '(?:了|啦|咯|喽|咗|好(?!的)|完|掉|妥|过来|回去|回来|上了|到了)';
/** Asking for it (帮我把订单取消掉, 我要退款): the customer's request, echoed back, is not the action done. */
const ZH_ASKED_FOR = /帮我|给我|替我|请|麻烦|我要|我想|我希望/;
/** Looking, learning, waiting: done, they say nothing of the action (退款规则我已经帮您查过了). */
const ZH_OBSERVING = /查|看|核实|核对|了解|确认|知道|明白|收悉|等|记得|注意|说明|解释|告知|通知/;

/**
 * A Chinese clause that names an action and says, by aspect alone, that its
 * verb is done ("钱给您退回去啦", "投诉这边给您记上了", "已帮您把投诉单建好"): a
 * claim in words no pattern lists. Only where nothing in the clause negates,
 * defers, conditions, asks or merely looks.
 */
function doneByAspect(clause: string, raw: string): Omit<ReadClaim, 'orderIds'> | null {
  const c = clause.replace(/\s+/g, '');
  if (!/[\u4e00-\u9fff]/.test(c)) return null;
  // A question mark or 吗 after it does not unsay it (as with every claim here); asking when, whether or why does.
  if ([ZH_NEGATION, ZH_FUTURE, ZH_CONDITION, ZH_WHETHER, ZH_ASKING, ZH_OBSERVING, ZH_ORDERED, ZH_ASKED_FOR].some((re) => re.test(c))) return null;
  if (zhPromisedOrOwed(c, c, 0, c.length)) return null;
  const kind = kindOf(c);
  const verbs = kind && kind !== 'request' ? ZH_VERBS[kind] : undefined;
  if (!kind || !verbs) return null;
  const verb = `(?:${verbs}|${ZH_ANY_VERB})`;
  // Not across a label's colon: what follows it is the label's value, read by the field rules.
  if (!new RegExp(`${verb}[^，,；;。:：]{0,4}?${ZH_DONE_ASPECT}|${ZH_ALREADY}[^，,；;。]{0,6}?${verb}`).test(c)) return null;
  return { kind, state: stateOf(c, kind), text: raw.trim() };
}

// ── English said done in words no pattern pairs ──────────────────────────
/** A participle or state that says the action named beside it is done. */
const EN_DONE_WORD =
  /\b(?:refunded|reimbursed|compensated|credited|cancell?ed|terminated|killed|voided|withdrawn|stopped|intercepted|added|awarded|passed|forwarded|referred|confirmed|executed|initiated|completed?|done|processed|actioned|granted|approved|accepted|issued|applied|paid out|returned|reversed|switched|swapped|changed|updated|saved|pushed(?!\s+(?:back|out|to\s+(?:next|later|tomorrow)))|put back|put through|sent|transferred|filed|logged|opened|created|registered|no longer active|exists|number is|escalated|handed (?:over|off)|connected|revoked|annulled|rescinded|amended|edited)\b/i;
/** Nothing done ("Nothing has been refunded so far"): a negation by its subject. */
const EN_NOTHING = /\b(?:nothing|none|nobody|no one)\b/i;
/** Within a span, or in so many days: when something is to happen. */
const EN_TIME_FRAME =
  /\bwithin\s+(?:\d|an?\s|one\s|two\s|three\s|a few\s)|\bin\s+\d+(?:\s*[-–]\s*\d+)?\s+(?:business\s+|working\s+)?(?:days?|hours?|weeks?)\b/i;
/** How things go in general (Refunds are usually processed within 5 days): a rule, not this customer's refund. */
const EN_GENERAL = /\b(?:usually|normally|typically|generally|always|often|sometimes|as a rule|within \d|in \d+ (?:business |working )?days)\b/i;

/**
 * An English clause that names an action and a done word for it that no
 * pattern pairs ("Your cancellation is confirmed", "You have been compensated
 * with a voucher", "The refund has been executed"): a claim, where nothing in
 * the clause negates, defers, conditions, asks, orders it said or states a rule.
 */
function doneByParticiple(clause: string, raw: string): Omit<ReadClaim, 'orderIds'> | null {
  if (!/[A-Za-z]{3}/.test(clause) || !EN_DONE_WORD.test(clause)) return null;
  if ([EN_NEGATION, EN_NOTHING, EN_FUTURE, EN_CONDITION, EN_WHETHER, EN_QUESTION, EN_GENERAL, EN_ORDERED_START].some((re) => re.test(clause))) return null;
  const kind = kindOf(clause);
  if (!kind || kind === 'request') return null;
  // The customer's payment done (payment_status=paid, "your payment has been completed") is their money going out.
  if (kind === 'money' && /\bpayment\b/i.test(clause) && !/\b(?:refund\w*|back|returned|credited)\b/i.test(clause)) return null;
  return { kind, state: stateOf(clause, kind), text: raw.trim() };
}

/** A run of English letters that lost its spaces ("Yourrefundfororder…hasarrivedinyouraccount"): no word edges to read by. */
const LETTER_RUN = /[A-Za-z]{16,}/;
/** A completed state inside such a run, and what before it takes the state back (a negation, the future, a condition). */
const RUN_STATE =
  /arrived|credited|refunded|reimbursed|processed|completed|successful|wentthrough|cancell?ed|issued|submitted|isdone|wasdone|beendone|alldone|allset/i;
// Contractions whole ("hasnt"): a bare "nt" is inside "payment" and "amount", the words a money claim is made of.
const RUN_TAKEN_BACK =
  /not|never|(?:has|have|had|is|was|were|are|did|do|does|wo|ca|could|would|should)nt|will|shall|cannot|goingto|once|if|when|after|until|unless|whether|soon/i;

/**
 * A clause whose English lost its spaces is read by its letters: an action word and a completed state in
 * the run, with no negation, future or condition before the state, is a claim. The patterns above need the
 * word edges that such a run no longer has.
 */
function runOnClaim(clause: string, raw: string): Omit<ReadClaim, 'orderIds'> | null {
  const run = LETTER_RUN.test(clause) ? clause.replace(/[^A-Za-z]+/g, '') : '';
  const state = RUN_STATE.exec(run);
  if (!state || RUN_TAKEN_BACK.test(run.slice(0, state.index)) || /(?:un|in)$/i.test(run.slice(0, state.index))) return null;
  if (/\?\s*$/.test(clause.split(',')[0] ?? '')) return null;
  const kind = kindOf(run);
  if (!kind || kind === 'request') return null;
  return { kind, state: stateOf(run, kind), text: raw.trim() };
}

function statedAsFact(clause: string, m: RegExpMatchArray, script: 'zh' | 'en'): boolean {
  const start = m.index ?? 0;
  const before = clause.slice(0, start);
  const inside = m[0];
  const after = clause.slice(start + inside.length);
  if (script === 'zh') {
    if (ZH_WHETHER.test(before) || ZH_ORDERED.test(before)) return false;
    if (ZH_NEGATION.test(before.slice(-6)) || ZH_NEGATION.test(inside)) return false;
    if (ZH_FUTURE.test(before.replace(ZH_SAYING, '').slice(-10)) || ZH_FUTURE_INSIDE.test(inside.replace(/^(?:已经|已)(?:为您|给您|帮您)?将/, '')))
      return false;
    if (ZH_CONDITION.test(before) || ZH_GATE.test(inside) || ZH_FAILED_AFTER.test(after)) return false;
    if (zhPromisedOrOwed(before.slice(-12) + inside, clause, Math.max(0, start - 10), start + inside.length)) return false;
    return !ZH_AFTER_CONDITION.test(after);
  }
  // An English question in question order asks (Has your refund arrived?); in statement order it says (Refund done?).
  if (EN_WHETHER.test(before) || EN_QUESTION.test(clause) || EN_ORDERED.test(before)) return false;
  if (EN_NEGATION.test(before.slice(-24)) || EN_NEGATION.test(inside)) return false;
  // "You should see the refund in your account now": the modal is the looking's, not the claim's.
  const said = before.replace(EN_SAYING, '');
  const lead = EVIDENCE_AHEAD.test(inside + after)
    ? said.replace(EVIDENCE_MODAL, '')
    : NOW_OR_ALREADY.test(inside) && EVIDENCE_BEFORE.test(said)
      ? said.replace(EVIDENCE_BEFORE, '')
      : said;
  if (EN_FUTURE.test(lead.slice(-30)) || EN_FUTURE.test(inside)) return false;
  // A time frame anywhere in the clause with nothing of the past (requests are honoured within 7 days): a rule or a
  // promise, not a thing done ("your refund was processed within 2 hours" is one).
  if (EN_TIME_FRAME.test(clause) && !/\b(?:was|were|has|have|had|already|did)\b|'s been|'ve\b/i.test(clause)) return false;
  if (EN_CONDITION.test(before)) return false;
  return !/^\s*(?:after|before|once)\b/i.test(after);
}

/** Which action a claiming clause is about; null when it names none the judge can hold to the world. */
/** The hand-off said as the case now held by someone else, read the same way as the statement patterns read it. */
const HANDED_OVER = [
  new RegExp(TAKEN_OVER),
  new RegExp(SITS_WITH_TEAM),
  new RegExp(WITH_SOMEONE_ELSE),
  new RegExp(PASSED_TO_SOMEONE_ELSE),
  new RegExp(LOOPED_IN),
];

function kindOf(clause: string): ClaimKind | null {
  const c = clause.toLowerCase();
  if (
    /转人工|转接|转交|人工客服|真人客服|专员|升级处理|升级给|升级至|升级到|接手|转了(?:人工|真人)|(?:人工|真人)(?:客服)?(?:已经|已)?(?:介入|跟进)|(?:转给|转到|反馈给|移交|交由|交给)(?!您|你|我)[^，,。]{0,6}?(?:客服|主管|经理|上级|专员|售后|同事|团队|人工|真人|专人)|escalat|(?:passed|forwarded|referred|handed|routed|assigned)\b.{0,30}?\b(?:specialist|supervisor|manager|colleague|human|senior|team)|transferred (?:you |it )?to (?:a |an )?(?:human|agent|specialist|colleague)|human agent|live agent|real person|connected you|connecting you|put you through|putting you through|patched you through|handed you|handing you|transferring you|passing you|transferring complete|transfer (?:is )?(?:complete|done)|hand-?off|handover|由(?:人工|真人|专员|专属|高级|资深|主管|经理|同事|售后)|(?:喊|叫|呼叫|请|找)(?:了(?!解)|来了)[^，,；;。]{0,4}(?:人工|真人|专员|主管|经理|客服)|(?:人工|真人|专员|主管|经理|上级)(?:客服)?[^，,；;。]{0,10}?(?:来了|到了|上线了|在处理|在跟进|处理中|跟进中)|(?:人工|真人|专员|主管|经理|同事)(?:客服)?[^，,；;。]{0,4}?在跟/.test(
      c,
    ) ||
    HANDED_OVER.some((re) => re.test(c))
  )
    return 'handoff';
  if (
    /取消|撤单|撤销|撤(?!离)|作废|关单|关闭|关掉|退订|拦截|拦下|拦住|截回|截住|(?:终止|停止|暂停)(?:发货|配送|派送)|(?:订单|这单|单子)[^，,。]{0,8}?关(?:了|啦|咯|掉)|(?:发货|配送|派送)[^，,。]{0,4}?(?:终止|停止|暂停)|停发|cancel|void|called off|withdrawn|scrapped|recalled|pulled from|\b(?:stopped|halted|intercepted)\b|terminated|killed|no longer exists|no longer active|\bgone\b|is no more|revoked|annulled|rescinded|aborted|nullified|\border\b[^.;!?]{0,20}?\b(?:removed|deleted|off|dead|toast|history|nuked|axed|binned|ditched)\b|\b(?:removed|deleted|nuked|axed|binned|ditched)\b[^.;!?]{0,20}?\border\b|停掉/.test(
      c,
    )
  )
    return 'cancel';
  if (/\bclosed\b/.test(c) && !/ticket|complaint|case|工单|投诉/.test(c)) return 'cancel';
  if (/地址|收货信息|收件信息|订单信息|收件人|address|(?:shipping|delivery) (?:info|details)|ship-?to|where (?:\S+ ){1,3}?(?:ships|goes)\b/.test(c))
    return 'address_change';
  if (/补偿|补给|赔偿|赔付|补贴|理赔|优惠券|代金券|券|红包|积分|返现|礼品卡|购物金|compensat|voucher|coupon|gift card|cashback/.test(c)) return 'compensation';
  if (
    /退款|退钱|退费|退货款|退回|退还|退给|退到|退至|退了|退啦|退过|退好|退掉|已退|返还|原路返|退出去|返款|划回|退完|秒退|飞回|refund|reimburs|revers|chargeback|charged back|\b(?:released|returned) (?:the |your )?(?:funds?|money|payment)\b|\bon (?:its|their|the) way back\b|\b(?:paid|sent|given|gave|transferred|wired) (?:you|it|them|(?:the|your) (?:money|funds|amount|refund|payment)(?: for \S+)?) back\b/.test(
      c,
    )
  )
    return 'refund';
  // Money sent back is a refund's doing; a compensation is money given, never money returned.
  if (
    /(?:\b(?:money|payment|funds?|amount|cash)\b|[¥￥$]\s?\d).*\b(?:returned|released|sent back|paid back|given back|credited(?:\s+\S+){0,3}\s+back|(?:paid|sent|given|gave|transferred|wired)\s+(?:you|it|them|that)\s+back|(?:is|are|'s)\s+(?:now\s+|already\s+)?back|back (?:in|to|on|with|into) you)/.test(
      c,
    )
  )
    return 'refund';
  // An exchange, a reshipment, a repair or a pickup: no tool of this agent makes one (not "in exchange", an exchange rate).
  if (/换货|补发|重发|重新发货|换新|维修|返修|上门取件|退货标签|replacement|(?<!in )exchange(?! rate)|re-?ship|return label|repair|pick-?up/.test(c))
    return 'unsupported';
  if (/工单|投诉|售后单|服务单|建单|开单|登记|备案|立案|上报|ticket|complaint|case/.test(c)) return 'ticket';
  if (
    /款|钱|金额|费用|资金|账户|帐户|余额|钱包|\d元|[¥￥$]\s?\d|到账|到帐|入账|money|payment|funds?|amount|cash|credit|charge|back (?:to|with) you|landed|way back|(?:in|to|into) your (?:account|wallet|card|bank)/.test(
      c,
    )
  )
    return 'money';
  if (
    /订单|修改|更改|变更|更新|申请|请求|诉求|处理|办理|问题|事情|售后|完结|解决|办好|搞定|弄好|order|request|changed|updated|modified|processed|done|complete|issue|problem|matter|everything|taken care of|handled|resolved|sorted|squared away|wrapped up|all set/.test(
      c,
    )
  )
    return 'request';
  return null;
}

/** The state a claim names: the money received, a request on record, or the effect done. */
function stateOf(clause: string, kind: ClaimKind): ClaimState {
  const c = clause.toLowerCase();
  if (kind === 'ticket' || kind === 'handoff' || kind === 'cancel' || kind === 'address_change') return 'succeeded';
  if (
    (kind === 'refund' || kind === 'money' || kind === 'compensation') &&
    /到账|到帐|入账|到了您|(?:钱|款)(?:应该|应当|已经|已|都|也)*到了|(?:您|你)(?:应该|应当|已经|已|都|也)*收到(?:了)?(?:退款|退的|钱|款|补偿|赔偿|赔付|红包|券|\d)|(?:退款|钱|款项?|补偿|赔偿)[^，,]{0,4}?(?:您|你)(?:应该|应当|已经|已|都|也)*收到|(?:打|转|发|退)到您|到了(?:您|你)的?(?:账户|帐户|户口|卡|钱包)|(?:退回|退还|返还|返回)(?:到|至)?(?:您的)?(?:账户|帐户|账号|卡|银行卡|支付宝|微信|余额|钱包|原支付)|存入|转入|arrived|credited|in your account|back in your|back with you|(?:'s|\bis|\bare)\s+(?:already\s+|now\s+)?there\b|in your wallet|received|landed|deposited|hit your|\bgot\b|\b(?:see|find|spot|notice)\s+(?:the|your)\s+(?:refund|money|funds?|payment|credit|amount|cash)\b[^.;!?]{0,20}?\b(?:already|by now)\b|\b(?:bank|account|card|statement|balance|wallet)\b[^.;!?]{0,16}?\b(?:shows?|showing|reflects?|reflecting|displays?)\s+(?:the|your)\s+(?:refund|money|funds?|payment|credit|amount|cash)\b(?!\s+as\b)/.test(
      c,
    )
  )
    return 'arrived';
  const submitted = new RegExp(
    `(?:申请|请求)[^，,]{0,4}?(?:提交|递交|受理|登记|发起|创建|建立|生成)|(?:已|已经)[^，,]{0,6}?(?:提交|递交|申请|受理|登记|发起|记录)|${ZH_IN_PROGRESS}|submitted|requested|filed|initiated|lodged|raised|on record|pending|being processed|processing|handling|actioning|being reviewed|in progress|under review|in process|underway`,
  );
  if (submitted.test(c) && !/成功|完成|已退款|退回|refunded|completed?\b|(?<!being )processed/.test(c)) return 'submitted';
  return 'succeeded';
}

/**
 * An English full stop ends a sentence before a space, the end, a Chinese character or a capitalised word
 * written right after it ("submitted.款项处理好了", "submitted.Your money is done."); a Chinese sentence
 * ends where English words start right after it ("款项已受理呢Your money is done."). Glued on, the next
 * sentence's claim was read as part of this one's.
 */
function sentencesOf(text: string): string[] {
  return text
    .split(
      /(?<=[。！？!?\n])|(?<=[.;．])(?=\s|$|[\u3400-\u9fff\uf900-\ufaff])|(?<=[a-z][.;．])(?=[A-Z][a-z])|(?<=[\u3400-\u9fff\uf900-\ufaff])(?=[A-Z][a-z']+[\s:,]+[A-Za-z])/,
    )
    .filter((s) => s.trim());
}
