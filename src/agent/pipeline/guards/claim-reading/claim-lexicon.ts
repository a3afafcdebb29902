/**
 * The pieces a completion claim is built from, not the claims themselves: an
 * action (what was done) and a state (how far it got). The reader puts them
 * together within a clause, so a wording nobody listed is still read: any
 * action word beside any completed-state word is a claim. Each list is a
 * class of words, Chinese (simplified: the reading form has undone
 * traditional script) and English.
 */

/**
 * `unsupported`: an action no tool of this agent takes (an exchange, a reshipment, a repair, a pickup). Said done, it
 * is false whatever the records hold.
 */
export type ClaimKind = 'refund' | 'compensation' | 'money' | 'cancel' | 'address_change' | 'ticket' | 'handoff' | 'request' | 'unsupported';
/** What a claim says exists in the world: a request record, the effect done, the money received. */
export type ClaimState = 'submitted' | 'succeeded' | 'arrived';
/**
 * How a word marks the state: outright, or as `received` (arrived for money, submitted otherwise),
 * `returned` (money sent back: a refund when nothing else names the action), `before`/`after`
 * (已 and 了, which take the state of the action words they stand beside), `weak_*` (处理, 安排:
 * a state only beside 已 or 了).
 */
export type StateMark = ClaimState | 'received' | 'returned' | 'before' | 'after' | 'weak_succeeded' | 'weak_submitted';

export interface LexiconEntry {
  source: string;
  kind?: ClaimKind;
  mark?: StateMark;
  /** English: matched at word edges, except inside a run of letters that lost its spaces. */
  english?: true;
}

const words = (list: string, kind: ClaimKind | undefined, mark?: StateMark): LexiconEntry[] =>
  list.split(' ').map((source) => ({ source, ...(kind ? { kind } : {}), ...(mark ? { mark } : {}) }));

const english = (list: string, kind: ClaimKind | undefined, mark?: StateMark): LexiconEntry[] =>
  topLevelAlternatives(list).map((source) => ({ source, english: true, ...(kind ? { kind } : {}), ...(mark ? { mark } : {}) }));

/** The alternatives of a pattern list, split at the '|' outside any group or class: `pushed(?!\\s+to\\s+(?:next|later))` is one word. */
function topLevelAlternatives(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out;
}

/** What a bracketed status label says when it says done; the clause reader keeps such a label with what follows it. */
export const DONE_LABEL = '(?:已完成|已办结|已处理|已成功|完成|成功)';

export const CHINESE: LexiconEntry[] = [
  ...words('退款 退钱 退费 退货款 退货 返款 返钱 退款款项 退(?!出|步|休|役|学|货)', 'refund'),
  ...words('原路返回 原路退回 原路退还 退了 退给您 退给你', 'refund', 'succeeded'),
  ...words('退款中 退货中', 'refund', 'submitted'),
  ...words(
    '钱款 款项 款子 货款 全款 钱 金额 费用 资金 账户 帐户 户口 银行卡 支付宝 原支付方式 余额 钱包 卡里 卡上 款(?=已|都|均|也|我们|给|打|转|汇|到) \\d+(?:\\.\\d+)?元 [¥￥$]\\s?\\d+(?:\\.\\d+)?',
    'money',
  ),
  ...words('到账 入账 到卡 打到 存入 转入', 'money', 'arrived'),
  // 财务已打款, 给您返了20元: money paid out, whoever paid it.
  ...words('打款 返了(?=\\s?[\\d¥￥$])', 'money', 'succeeded'),
  // 已给您付款 / 已向您付过款: paid to the customer; 付款 alone is the customer paying, which returns nothing.
  ...words('(?<=(?:给|向|为)(?:您|你))付(?:过|了)?款 付(?:过|了)?款给(?:您|你)', 'money', 'succeeded'),
  // 钱到了 / 款到啦: arrived; not 收到了, 遇到了, 提到了, 查到了 (a verb of its own with 到 after it).
  ...words('(?<![收遇等找看想得听见感达读提拿买做接查说谈写轮])到(?:了|啦|咯|喽)', undefined, 'received'),
  // 钱在路上了: sent, not yet arrived.
  ...words('在路上', undefined, 'submitted'),
  // Money sent over: 打过去 / 转给您 is the transfer made, whoever made it.
  ...words('打过去 转过去 汇过去 打给您 打给你 转给您 转给你 汇给您 汇给你', 'money', 'succeeded'),
  ...words('补偿金 赔偿金 补偿款 赔偿款 补偿 赔偿 赔付 补贴 理赔 优惠券 代金券 红包 赔款 赔了 积分 返现 礼品卡 购物金 津贴 无门槛券', 'compensation'),
  // 给您补了50元: made up with money (补了发票, a reissued invoice, is not).
  ...words('补了(?=\\s?[\\d¥￥$]) 补给您 补给你', 'compensation', 'succeeded'),
  // 撤回 is the order or the request withdrawn; an order stopped on its way (拦截, 截回) is one cancelled too.
  ...words('取消 撤销 撤单 撤回 作废 退单 关单 关闭 拦截 拦下 拦住 截回 截住 撤(?!离|退)', 'cancel'),
  // The shipment stopped or held (已终止发货, 暂停配送): the order kept from going out, which only a cancellation does here.
  ...words(
    '终止发货 停止发货 暂停发货 停发 终止配送 停止配送 暂停配送 停止派送 暂停派送 (?<=(?:发货|配送|派送)(?:已经|已|都|也)?)(?:暂停|终止|停止)',
    'cancel',
  ),
  // An order said to be gone is an order cancelled.
  ...words('订单(?:已经|已)?(?:没了|不存在了|消失了|不见了)', 'cancel', 'succeeded'),
  ...words('关掉 撤掉 停掉', 'cancel', 'succeeded'),
  // 订单我已经给您关了: the order closed, said with 关 alone.
  ...words('(?<=(?:订单|这单|单子)[^，,；;。]{0,8})关(?=了|啦|咯)', 'cancel'),
  ...words('地址 收货信息 收件信息 收货人 收件人 配送信息 订单信息 修改 更改 变更 更新 更正 改成 改为 换成 改(?!进|善|变|天|日)', 'address_change'),
  ...words('改好 改掉', 'address_change', 'succeeded'),
  // 帮您换了地址: the address swapped for another (换 alone is goods exchanged: 已为您换货).
  ...words('换(?=(?:了|过|好|成)?(?:新的?|您的|你的)?(?:收货|配送|收件)?地址)', 'address_change'),
  ...words('工单 投诉单 投诉 售后单 服务单 反馈单 异常单', 'ticket'),
  // 换货单已生成, 已为您补发: an exchange, a reshipment, a repair or a pickup, which no tool here makes.
  ...words('换货 补发 重发 重新发货 换新 维修 返修 上门取件 退货标签', 'unsupported'),
  ...words('登记 立案 备案 建单 开单 记上 开了 建了 立了 开咗 建咗 立咗', 'ticket', 'submitted'),
  // 已帮您提了工单: put in, whatever was put in (您提了一个好问题 names no action, so claims nothing).
  ...words('提了 报了', undefined, 'submitted'),
  // 给您发了个红包, 送了张券: something handed over.
  ...words('发了(?=个|张|份|一|\\d|[呢哦哈啊啦吗了]|[。！!，,；;~～]|$) 送了 赠送了', undefined, 'succeeded'),
  ...words('转接 转人工 转交 人工客服 真人客服 人工 真人 专员 专属客服 高级客服 主管 经理 上级 介入', 'handoff'),
  // 已经转咗人工: the case passed to a person, the aspect between the verb and who took it.
  ...words('转(?:了|咗|过)(?=人工|真人|专人|专员|客服|主管|经理|上级)', 'handoff', 'succeeded'),
  // 已经帮您喊了人工: someone called in to take the case.
  ...words('(?:喊|叫|呼叫|请|找)(?:了(?!解)|来了|过来了)(?=[^，,；;。]{0,4}(?:人工|真人|专人|专员|客服|主管|经理|上级))', 'handoff', 'succeeded'),
  // The case given to someone else (转给主管了, 已移交售后); a state beside it makes it done. 转给您 is money sent (above).
  // 现在由人工客服为您服务: the customer served by someone else now, the hand-off done (稍后由… is the future).
  ...words(
    '(?<=由(?:人工|真人|专员|专属|高级|资深|客服|主管|经理|同事|售后)[^，,；;。]{0,6})(?:为您|为你|给您|给你)?(?:服务|接待|处理|跟进|对接)',
    undefined,
    'succeeded',
  ),
  ...words('转给(?!您|你|我) 转到(?!您|你|我|账|卡) 移交 交由 反馈给(?!您|你|我) 上报 升级给 升级到 升级至 接手', 'handoff'),
  ...words('申请 请求 诉求 手续', 'request', 'weak_submitted'),
  // 售后已完结, 售后还在处理: the after-sales matter the customer came with (not its phone line, rules or department).
  ...words('售后(?!单|政策|规则|流程|电话|热线|部门|服务|人员|客服)', 'request'),
  ...words(
    '申请中 处理中 办理中 审核中 跟进中 进行中 在跟进 在处理 在办理 正在处理 正在办理 提交 递交 受理 发起 创建 建立 生成 录入 提上去 报上去 递上去 报上',
    undefined,
    'submitted',
  ),
  ...words(
    '成功 完成 完毕 完结 办妥 办好 办完 办结 弄完 做完 搞完 完事 搞定 搞掂 掂 整好 整完 生效 好了 妥了 批了 批准 批下来 走完 处理完成 办理完成 处理完 处理好 处理成功 操作成功 办理成功 处理完毕 办理完毕 操作完成 操作好 弄好 开好 建好 通过 审批过 审核过 批过 批准 发放 发出 到位 结束 解决 落实',
    undefined,
    'succeeded',
  ),
  // Marks that say done without a word: a tick beside the action, a progress bar at its end.
  ...words('✅ ✔ ☑ ✓ √ 🆗 👌 👍 \\[x\\] 100% 妥妥', undefined, 'succeeded'),
  // A status label in brackets: [已完成] 退款申请.
  ...words(`[[【(（]${DONE_LABEL}[\\]】)）]`, undefined, 'succeeded'),
  ...words('退回 退还 返还 返回 打回 退到 退至 转回 退返 回去 退出去 划回', undefined, 'returned'),
  // 已经走了退款: the refund put through; 走了退款流程, its process run (not 退款流程 as the topic of a noun).
  ...words('走(?:了|完)(?:退款|退货退款)流程', 'refund', 'succeeded'),
  ...words('走(?:了|完)(?:赔付|补偿|理赔)流程', 'compensation', 'succeeded'),
  ...words('走了(?=退|赔|补|理赔)', undefined, 'succeeded'),
  ...words('收到 回到', undefined, 'received'),
  // 退款不用再等了: the wait over, the thing come (the negation is the wait's, said after the action).
  ...words('(?:不用|无需|不必|不需要)再等', undefined, 'received'),
  ...words('已经 已', undefined, 'before'),
  // 咗 is Cantonese 了; 啦 is 了 with a friendly tone (给您退啦); 过了 is done before now (给您退过了).
  ...words('过了 了 咗 啦', undefined, 'after'),
  // 今天上午给您退的款: when, then 退的 with the money after it.
  ...words('(?<=(?:昨天|今天|前天|刚才|刚刚|早上|上午|下午|晚上|之前|上周)[^，,；;。]{0,8})退的(?=款|钱)', 'refund', 'succeeded'),
  // 是…的 ending the clause, with who or when after 是, says the thing was done: 订单是我们昨天取消的 (not 问题是关于退款的).
  ...words(
    '(?<=是(?:我们|我|系统|客服|商家|平台|昨天|今天|前天|刚才|刚刚|早上|上午|下午|晚上|之前|上周|前几天)[^，,；;。！!？?]{0,10})的(?=[呢哦哈啊]?\\s*(?:[。！!，,；;.~～]|$))',
    undefined,
    'after',
  ),
  ...words('处理 办理 操作 执行', undefined, 'weak_succeeded'),
  ...words('安排 记录', undefined, 'weak_submitted'),
];

/** Not in a question about it (what happened to your refund, whether it occurred): one lookbehind per word, as the lists split at '|'. */
const NOT_ASKED_ABOUT = ['what', 'how', 'why', 'whether', 'when'].map((w) => `(?<!${w}(?:\\s+\\S+){0,3}\\s+)`).join('');

export const ENGLISH: LexiconEntry[] = [
  ...english('refunds?|refunding|money back|reimbursements?|repayments?|chargebacks?', 'refund'),
  ...english('refunded|reimbursed|repaid|reversed|charged back', 'refund', 'succeeded'),
  // "We've made the refund", "we did the refund": not "you made a refund request" (the request named after it is the customer's).
  ...english('made the refund|made your refund|did the refund|did your refund', 'refund', 'succeeded'),
  // "Your address is now 88 Nanjing Rd": the address as it stands after a change.
  ...english('address is now|address now is|address now reads', 'address_change', 'succeeded'),
  // "The order's been pulled from dispatch": stopped before it went out.
  ...english('pulled from dispatch|pulled from shipping|pulled from delivery', 'cancel', 'succeeded'),
  // Money moving back: a refund under way, whatever "it" is.
  ...english('on its way back|on their way back|on the way back', 'refund', 'submitted'),
  // Money under way with no "back": sent, not yet arrived (a parcel on its way names no action, so claims nothing).
  ...english('on its way|on their way|on the way', undefined, 'submitted'),
  // Money sent back: a refund when nothing else is named and the clause is not about goods (the parcel was returned).
  // Funds released are money let go back to the customer: a refund's doing, as money sent back is.
  ...english(
    'returned|released|sent back|paid back|given back|put back|put it back|put the money back|put your money back|put the funds back|(?:paid|sent|given|gave|transferred|wired) (?:\\S+ ){1,4}?back',
    undefined,
    'returned',
  ),
  // A payment said to be back, returned or credited is money coming back ("your payment is back in your account").
  ...english('payments?(?=[^.!?。]{0,40}(?<![a-z])(?:back|returned|refunded|reversed|credited|sent back)(?![a-z]))', 'money'),
  // Not "payment": a payment paid or completed is the customer's money going out, not coming back.
  ...english('money|funds|cash|amount|balance|account|card|wallet|[¥￥$]\\s?\\d+(?:\\.\\d+)?', 'money'),
  ...english('compensations?|vouchers?|coupons?|goodwill credit|store credit|gift card|cashback|discount', 'compensation'),
  ...english('compensated', 'compensation', 'succeeded'),
  ...english('cancell?ations?|cancel', 'cancel'),
  ...english(
    'cancell?ed|voided|withdrawn|closed|called off|scrapped|terminated|discontinued|killed|no longer active|no longer exists|is gone|stopped|halted|intercepted|recalled|revoked|annulled|nullified|aborted|rescinded',
    'cancel',
    'succeeded',
  ),
  // An order taken away or said to be off (removed, deleted, dead): only of an order, a removed item is another matter.
  ...english(
    "(?<=(?:order|purchase)(?:\\s+\\S+)?(?:'s|\\s+(?:is|was|has been|have been|got))\\s+(?:now\\s+|already\\s+)?)(?:off|dead|gone|toast|history)|(?:removed|deleted|erased|wiped|nuked|axed|binned|ditched|dropped(?! off))(?=[^.!?;,]{0,24}(?<![a-z])(?:orders?|purchases?)(?![a-z]))|(?<=(?<![a-z])(?:orders?|purchases?)(?![a-z])[^.!?;,]{0,30})(?:removed|deleted|erased|wiped|nuked|axed|binned|ditched|dropped(?! off))",
    'cancel',
    'succeeded',
  ),
  ...english(
    'address(?:es)?|shipping details|delivery details|recipient|shipping info(?:rmation)?|delivery info(?:rmation)?|ship-?to|where (?:\\S+ ){1,3}?(?:ships|is shipping|goes|is going|is delivered|gets delivered)',
    'address_change',
  ),
  // Where the parcel goes now: the address changed ("now points to your new address", "rerouted").
  ...english('now points? to|now goes to|now going to|now set to|redirected|rerouted', 'address_change', 'succeeded'),
  ...english('tickets?|complaints?|cases?', 'ticket'),
  // "A replacement has been sent", "we reshipped it": actions no tool here takes ("in exchange" is no exchange).
  ...english('replacements?|(?<!in\\s)exchanges?(?!\\s+rates?)|re-?ship(?:ment|ping)?|return label|repairs?|pick-?ups?', 'unsupported'),
  ...english('re-?shipped|repaired|exchanged', 'unsupported', 'succeeded'),
  // A ticket said to stand open is one on record.
  ...english(
    "is now open|is open|are now open|are open|(?<=')s open|(?<=')s now open|on file|on record|in our system|(?<=(?:ticket|complaint|case)s?(?:\\s+(?:for|on|about)\\s+\\S+)?\\s+(?:is|are)\\s+(?:now\\s+)?)up(?![a-z])(?!\\s+(?:for|to))",
    'ticket',
    'submitted',
  ),
  ...english(
    'human agent|senior agent|live agent|real person|specialist|(?<!(?:bank|wire|money|funds?|balance)\\s)transfer|escalations?|hand-?off|colleague|supervisor|manager|teammate|team member|humans?|representative|advisor|adviser|operator|agents?(?! of)',
    'handoff',
  ),
  // "You're now connected with a live agent": the customer with someone else, the hand-off done.
  // Only as a state the customer is in ("you're now connected"), not one on offer ("I can get you connected").
  ...english("(?<=(?:'re|are|now|been|were)\\s)(?:connected|chatting|talking|speaking) (?:to|with)", undefined, 'succeeded'),
  // Someone else said to hold the case now: the hand-off done. ("You now have your ¥199 back" is money arrived.)
  ...english(
    'now has your|now handles your|is now handling|picked up|connected you|put you through|patched you through|sits with|now with|in the hands of|(?:has|have) (?:got )?your (?:case|ticket|request|issue|complaint|query|matter)|(?:is|are) (?:now )?on (?:it|your case|this)',
    undefined,
    'succeeded',
  ),
  // Someone said to have taken the case over: the hand-off done, whoever took it ("somebody from our team has taken over").
  ...english('(?:has|have|had|is|are|was) (?:now |just |already )?tak(?:en|ing) over|took over|taking over now', 'handoff', 'succeeded'),
  // Someone brought into the case, or the customer waiting in line for them: the hand-off made.
  ...english('looped in|looping in|roped in|brought in|in the queue for|in line for|queued (?:up )?for', 'handoff', 'succeeded'),
  // The participle is the action done: "you have been transferred", "your issue has been escalated".
  ...english('transferred|escalated|handed over|handed off|passed on|passed|forwarded|referred|routed|assigned', 'handoff', 'succeeded'),
  // The hand-off said as it happens ("handing you over now", "I'm transferring you"): the customer is being passed on.
  ...english(
    'handing (?:you |it |this |your case )?(?:over|off)|transferring you|passing you (?:on|over|along|to)|connecting you (?:to|with)|putting you through',
    'handoff',
    'succeeded',
  ),
  ...english('requests?|application|claim', 'request'),
  ...english(
    "submitted|filed|logged|lodged|created|opened|registered|raised|requested|initiated|went in|pending|in progress|being processed|being handled|being dealt with|processing|under review|recorded|saved|underway|under way|(?:now )?exists|set up|(?<=(?:'re|'m|are|am)\\s(?:(?:now|currently|still)\\s)?)(?:handling|reviewing|actioning)",
    undefined,
    'submitted',
  ),
  ...english(
    'done|complete|completed|processed|actioned|granted|applied|confirmed|switched|swapped|pushed through|pushed to your|pushed(?!\\s+back)(?!\\s+out)(?!\\s+to\\s+(?:next|later|tomorrow))|greenlit|green-lit|got the green light|given the green light|signed off|given you|gave you|live|gone out|went out|successful|successfully|succeeded|success|finished|settled|issued|approved|through|sorted|handled|taken care of|resolved|finali[sz]ed|executed|carried out|effected|effective|in effect|changed|updated|modified|corrected|paid|sent|added|awarded|went through|gone through|all set|fixed|ok|okay|cleared|posted|dusted|e-?mailed|mailed|squared away|squared up|all square|wrapped up|sorted out|edited|amended|revised|altered|adjusted|fulfill?ed|honou?red|good to go',
    undefined,
    'succeeded',
  ),
  // The same classes in the other Latin-script languages a reply could be written in (Spanish, French, German, Italian,
  // Portuguese), accents dropped by the reading form: "Votre remboursement a été effectué".
  ...english('reembolsos?|remboursements?|ruckerstattung(?:en)?|erstattung(?:en)?|rimborsi|rimborso|devolucion(?:es)?|estornos?', 'refund'),
  ...english(
    'reembolsad[oa]s?|rembourse(?:e|s|es)?|erstattet|ruckerstattet|zuruckerstattet|rimborsat[oaie]|estornad[oa]s?|devuelt[oa]s?',
    'refund',
    'succeeded',
  ),
  ...english('cancelacion(?:es)?|annulation|stornierung|annullamento|cancelamento', 'cancel'),
  ...english('cancelad[oa]s?|annule(?:e|s|es)?|storniert|annullat[oaie]', 'cancel', 'succeeded'),
  ...english('compensacion|compensacao|indemnisation|entschadigung|risarcimento|indenizacao', 'compensation'),
  ...english(
    'procesad[oa]s?|completad[oa]s?|realizad[oa]s?|efectuad[oa]s?|effectue(?:e|s|es)?|termine(?:e|s|es)?|traite(?:e|s|es)?|bearbeitet|abgeschlossen|erledigt|durchgefuhrt|ausgefuhrt|completat[oaie]|effettuat[oaie]|eseguit[oaie]|elaborat[oaie]|concluid[oa]s?|processad[oa]s?|aprobad[oa]s?|approuve(?:e|s|es)?|genehmigt|approvat[oaie]|aprovad[oa]s?',
    undefined,
    'succeeded',
  ),
  ...english('acreditad[oa]s?|credite(?:e|s|es)?|gutgeschrieben|accreditat[oaie]|creditad[oa]s?', undefined, 'arrived'),
  // "The cancellation happened this morning", "refund occurred on Dec 3": not "what happened to your refund".
  ...english(['happened', 'occurred', 'took place'].map((verb) => `${NOT_ASKED_ABOUT}${verb}`).join('|'), undefined, 'succeeded'),
  // What a bank or an account shows, and money seen already: arrived ("your statement reflects the refund").
  ...english(
    '(?<=(?:bank|account|card|statement|balance|wallet|app)\\s+(?:should\\s+|must\\s+|now\\s+|already\\s+)?)(?:shows?|showing|reflects?|reflecting|displays?)|(?:see|find|spot|notice)(?=\\s+(?:the|your)\\s+(?:money|funds|refund|amount|credit)[^.!?;,]{0,30}(?<![a-z])(?:already|by now)(?![a-z]))',
    undefined,
    'arrived',
  ),
  // A status line's value: "Refund: yes", "refunded = true" (the action is the field).
  ...english('(?<=[:=：]\\s?)yes|(?<=[:=：]\\s?)true', undefined, 'succeeded'),
  // "Refund's in.", "the money's there": in or there, and nothing after it but the end of the clause (a refund "in review" is not in).
  ...english(
    "arrived|credited|received|got|landed|now have your|have your [^.!?。]{0,16} back|got your [^.!?。]{0,16} back|in your account|back in your|back to your|back on your|back with you|in your wallet|deposited|is back|are back|(?<=')s back|hit your|(?<=')s in(?!\\s*[^\\s.!,;])|is in(?!\\s*[^\\s.!,;])|(?:(?<=')s|is|are) (?:already |now )?there(?: now| already)?(?!\\s*[^\\s.!,;])",
    undefined,
    'arrived',
  ),
];

/**
 * A wait said to be over is the thing done, though its words are negations: "the refund is no longer pending",
 * "your order isn't active anymore", "nothing left to do on the refund". Read as the state they leave.
 */
export const ENDED_WAITS: [RegExp, string][] = [
  [/(?<![a-z])(?:no longer|not any ?more)\s+(?:pending|in progress|processing|being processed|under review|on hold|awaiting \w+)(?![a-z])/gi, 'completed'],
  [
    /(?<![a-z])(is|are|was|were)(?:n't|\s+not)\s+(?:pending|in progress|processing|being processed|under review|on hold)\s+any ?more(?![a-z])/gi,
    '$1 completed',
  ],
  [/(?<=(?<![a-z])(?:order|purchase)\S*(?:\s+\S+)?\s+)(?:is|are)(?:n't|\s+not)\s+(?:active|live|valid)\s+any ?more(?![a-z])/gi, 'is cancelled'],
  [
    /(?<![a-z])nothing (?:left|more|else|further) (?:to do|needed|required|for you to do)(?![a-z])|(?<![a-z])nothing (?:outstanding|pending)(?![a-z])/gi,
    'completed',
  ],
  [/(?<![a-z])(?:you )?(?:don't|do not|no) need to wait(?: for (?:the|your) (\w+))?\s+any ?more(?![a-z])/gi, 'the $1 arrived'],
];

/** Should with already or by now after it in the sentence is should have, a hedge on a claim: "your bank should show it already". */
export const SHOULD_ALREADY = /(?<![a-z])should(?=[^.!?。\n]*(?<![a-z])(?:already|by now)(?![a-z]))/gi;

/** Words in between that break 已 from what follows: 已核实退款 says a check was made, not a refund. */
export const OBSERVATION = /核实|查询|查到|查看|查清|查明|查过|查了|检查|核对|了解|看到|注意到|告知|说明|超过|等待|过了|收悉/;

/** Courtesy that holds a negation or condition character but negates nothing: read as a clause break. */
export const HEDGES = [
  '如您所知',
  '众所周知',
  '不用担心',
  '不必担心',
  '无需担心',
  '请不要担心',
  '不要担心',
  '别担心',
  '别着急',
  '不着急',
  '别急',
  '请您放心',
  '您可以放心',
  '可以放心',
  '请放心',
  '放心',
  '不好意思',
  '非常抱歉',
  '非常感谢',
  '非常',
  '不客气',
  '没关系',
  '没问题',
  '可以确认',
  '可以告诉您',
  '可以肯定',
  '不出意外的话',
  '毫无疑问',
  '说实话',
  '好消息',
  'as you know',
  'as you may know',
  'no worries',
  'no problem',
  "don't worry",
  'do not worry',
  'not to worry',
  'no need to worry',
  'rest assured',
  'good news',
  'i can confirm',
  'we can confirm',
  'i can tell you',
  'we can tell you',
  'happy to confirm',
  'you can relax',
  'you should already have',
  'should already have',
  // Said of the past, should or must have is a hedge on a claim: "your refund should have arrived by now".
  'should have',
  'must have',
];

/** Before the claim, within its words: a negation. */
export const NEGATION_ZH = /未|没|不|无(?!论)|非|别|否|拒绝|驳回|失败|被拒/;
// With the other Latin-script languages' (pas, nicht, kein, non, nao, nunca, jamais).
/** Before the claim, within five words: nothing or no one as its subject ("nothing has been refunded yet"). */
export const NOTHING_BEFORE_EN = /(?<![a-z])(?:nothing|nobody|no one|none)(?![a-z])(?:\s+\S+){0,4}\s*$/;
export const NEGATION_EN =
  /(?<![a-z])(?:not|never|no|cannot|nothing|none|nor|neither|unable|failed|rejected|denied|declined|pas|nicht|kein|keine|keinen|non|nao|nunca|jamais)(?![a-z])|n't(?![a-z])/;
/** Before the claim, within its words: the future, a possibility, a wait, a duty. */
// 将 after 已 is the past (已将订单取消, 已经为您将款项退回), not the future. So is 应该 before 已 or before an
// arrival ended by 了 (钱应该到了, 退款应该退回来了): should have, a hedge on a claim, as in English.
export const FUTURE_ZH =
  /(?<!已(?:经)?(?:为|给|帮|替)?(?:您|你)?)将(?!近)|会(?!员|话)|即将|稍后|预计|马上|随后|待(?!发货|付款|支付|收货)|可以|可(?=申请|办理|退|在|于|随时)|能够|能否|需要|需|应(?!该已|该(?:都|也)?(?:到|收到|退回|退到|返回|返到|回到|入账|打到)[^，。！？；,.!?;会将要快]{0,6}?了)|等待|等(?!级)|留意|关注|注意|打算|计划|准备|争取|尽快|尽量|以后|明天|后天|工作日内|天内|日内|小时内|何时|什么时候|多久|几天|几时/;
// The other Latin-script languages' futures too; sera and sara only after what they are said of (Sara is a name).
export const FUTURE_EN =
  /(?<![a-z])(?:will|would|shall|should|could|can|may|might|must|going to|gonna|expect|expected|soon|about to|hope|hopefully|estimated|need to|needs to|when will|how long|seran|seront|saranno|wird|werden|vai ser|va a ser|(?<=(?:reembols|rembours|erstattung|rimbors|devolucion|estorn|cancelacion|annulation|stornierung|annullamento|cancelamento|pedido|commande|ordine|bestellung)[a-z]*\s(?:[a-z]+\s)?)(?:sera|sara))(?![a-z])|'ll(?![a-z])/;
/** Anywhere before the claim in its clause: a condition, or the habitual aspect of a rule (退款通常在审核通过后原路返回). */
// An event that gates the claim, with 后 after it (退款同意后1-3天到账, 审核通过后原路返回), is a condition too.
export const CONDITION_ZH =
  /(?:同意|审核|通过|批准|确认|收到|签收|寄回|退货|核实)(?:之)?后|如果|若|假如|倘若|一旦|只要|要是|万一|如需|如有|等到|除非|只有|如(?!下|期|实|约)|当(?!前|天|日|时)|通常|一般|往往|每次|凡是/;
export const CONDITION_EN =
  /(?<![a-z])(?:if|once|when|whenever|after|unless|before|until|whether|in case|usually|typically|generally|normally|as a rule)(?![a-z])/;
/** An auxiliary of the past: a time frame beside it is when the thing was done ("was processed within 2 hours"). */
export const PAST_EN = /(?<![a-z])(?:was|were|has|have|had|already|did)(?![a-z])|'s been|'ve/;
/** Anywhere in the clause: a time frame ahead ("you can see the refund in your account within 3 days"), which a thing done has not. */
export const TIME_FRAME_EN =
  /(?<![a-z])(?:within (?:\d|an? |one |two |three |five |seven |a few )|in (?:\d+|a few|few)[\s\d–-]*(?:business |working )?(?:days?|hours?|weeks?)(?![a-z]))/;
/**
 * Right after the claim: it names a moment, a condition or a topic, not a fact (退款成功后, 到账时间,
 * 以银行通知为准, 完成需要 3 天), or it describes orders in general (已取消的订单无法恢复).
 */
export const AFTER_ZH = /^(?:后|之后|以后|的话|时|之前|前|与否|以|需要|需|要|的订单|的商品)/;
/** Right after an action word that ends the claim: it is the topic of a noun (退款流程, 到账时效), not a fact. */
export const TOPIC_ZH = /^(?:进度|情况|状态|结果|流程|规则|条件|政策|标准|期限|时效|周期|时间)/;
export const AFTER_EN = /^\s*(?:after|before|once|if|when|status|policy|rules?|process|timeline|times?)(?![a-z])/;
/** Soon after the claim: what it names was refused or failed. */
export const REFUSED_AFTER_ZH = /^.{0,8}?(?:拒绝|驳回|失败|不成功|未成功|未通过|被拒)/;
export const REFUSED_AFTER_EN = /^.{0,12}?(?<![a-z])(?:rejected|denied|declined|failed|refused)(?![a-z])/;
/**
 * A state that says the whole matter is settled, with no action named (订单 O123 我已经处理好了, it's all
 * sorted): the customer's request said to be done. Not a state that a parcel or a status also takes (发出, 完成).
 */
export const SETTLED =
  /办妥|办好|办完|办结|完结|弄好|弄完|做完|搞完|搞定|搞掂|整好|整完|处理(?!中)|操作成功|办理成功|办理完毕|操作完成|操作好|解决|完事|妥了|done|sorted|handled|taken care of|resolved|all set|actioned|fixed|settled|finali[sz]ed|squared away|squared up|all square|wrapped up|good to go/i;
/**
 * What may stand beside a settled state in a clause that says nothing else (已经处理好了, 搞定啦, Done!, all sorted
 * for you): who did it, 已经, a particle, a greeting. Such a clause is the customer's request said done, as a
 * matter named would make it; anything more (会, 等, 还没, what is done) leaves it to the rest of the reading.
 */
export const SETTLED_FILLER =
  /亲|您好|你好|好的|嗯|我们|我这边|这边|咱们|我|已经|已|都|全都|全部|均|给您|给你|帮您|帮你|为您|为你|了|啦|喽|咯|哦|喔|噢|呢|哈|呀|啊|[\s.!~～。！…,，]|(?<![a-z])(?:ok|okay|yes|yep|yeah|all|now|already|just|it|its|it's|is|has|have|been|we|we've|i|i've|that|that's|this|everything|everything's|you|you're|are|got|on our (?:end|side)|for you|and dusted)(?![a-z])/gi;
/** What such a state is said of: the order, the matter, everything. */
export const MATTER =
  /订单|这单|那单|售后|问题|事情|事儿|的事|这事|一切|全部|都|(?<![a-z])(?:order|issue|problem|matter|request|everything|it|this|that|all)(?![a-z])/i;

/** Nouns of goods: 物流显示已退回 is a parcel sent back, not money. */
export const GOODS = /物流|包裹|快递|商品|货物|发货|运单|parcel|package|shipment|item/;
