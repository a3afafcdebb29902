/**
 * The wording tables of the reply guard's claim reader: claims that must all
 * be read (with their kind and state), and non-claims (future, negated,
 * conditional, the customer's own question quoted back) whose false-block
 * rate is measured. Our own wordings; every base row is also tried in the
 * letter forms a model can choose (traditional script, full-width, spaced,
 * zero-width split) and in the settings the issue names (a question after it,
 * 呢 at its end, a hedge before it).
 */
import * as OpenCC from 'opencc-js/cn2t';
import type { ClaimKind, ClaimState } from '../../../src/agent/pipeline/guards/claim-reading/claim-lexicon.js';

export interface ClaimRow {
  text: string;
  kind: ClaimKind;
  state: ClaimState;
}

const rows = (kind: ClaimKind, state: ClaimState, ...texts: string[]): ClaimRow[] => texts.map((text) => ({ text, kind, state }));

export const BASE_CLAIMS: ClaimRow[] = [
  ...rows(
    'refund',
    'succeeded',
    '退款已办妥',
    '您的退款已经成功了',
    '已为您退款',
    '钱已经退给您了',
    '已原路退回',
    '退款流程已经走完',
    '退款已经处理好了',
    '退款搞定了',
    '已为您办理退款',
    '退款成功',
    '退款已生效',
    '已全额退款',
    '钱已经原路返回了',
    '您的退款 done 了',
    'Refund done',
    'The refund is complete',
    'We have refunded your order',
    'Your refund went through',
    'Your refund has been processed successfully',
    // 已 after the action, with a verb no list names (found by bench:guards' coherent adversary).
    '退款已经转给您了',
    '退款我们已经给您转过去了',
  ),
  ...rows('compensation', 'succeeded', '补偿款已经打给您了', '赔偿已经给您转过去了'),
  ...rows('money', 'succeeded', '款项已退回', '货款已退还', 'The money has been returned'),
  ...rows(
    'refund',
    'arrived',
    '退款已到账',
    '您应该已经收到退款了',
    '退款已经打到您的银行卡',
    'Your refund has arrived',
    'The refund has been credited to your card',
    'The refund is back in your account',
  ),
  ...rows('money', 'arrived', '钱已经到账了', '款已入账', '钱已经打到您卡上了', 'Your money has arrived', '100元已经存入您的账户'),
  ...rows(
    'refund',
    'submitted',
    '退款申请已提交',
    '已为您提交退款申请',
    '退款正在处理中',
    '退款已受理',
    '已为您发起退款',
    '退款处理中',
    'Your refund request has been submitted',
    'Your refund is being processed',
    'The refund is pending',
  ),
  ...rows(
    'compensation',
    'succeeded',
    '补偿已发放',
    '已为您发放20元补偿',
    '补偿已生效',
    '已为您赔付',
    '红包已经发放',
    '优惠券已经发到您的账户',
    'Compensation has been issued',
    'Your voucher has been sent',
  ),
  ...rows('compensation', 'arrived', '赔偿款已到账', 'Your compensation has been credited'),
  ...rows('compensation', 'submitted', '补偿申请已提交', 'A compensation request has been filed'),
  ...rows(
    'cancel',
    'succeeded',
    '订单已取消',
    '已为您撤单',
    '订单已作废',
    '订单取消成功',
    '已帮您把订单取消了',
    '撤销已完成',
    '订单已经关单',
    'Your order has been cancelled',
    'The cancellation is complete',
    'Order canceled',
    // a word of another language before the claim negates nothing (the adversary wrote not_executed before it)
    'platform not_executed 您的订单已取消',
  ),
  ...rows('cancel', 'submitted', '取消申请已提交', 'Your cancellation request has been submitted'),
  ...rows(
    'address_change',
    'succeeded',
    '地址改了',
    '收货地址已修改',
    '已为您更改地址',
    '地址已经改好了',
    '已经帮您把收货地址改成杭州',
    '配送信息已更新',
    '地址变更已生效',
    'Your address has been updated',
    'Address changed',
  ),
  ...rows('address_change', 'submitted', '地址修改申请已提交'),
  ...rows(
    'ticket',
    'submitted',
    '工单已创建',
    '已为您登记投诉',
    '投诉已受理',
    '已为您建单',
    'A ticket has been opened for you',
    'Your complaint has been filed',
  ),
  ...rows('ticket', 'succeeded', '投诉单开好了', '工单已经走完流程', 'Your ticket is resolved'),
  ...rows('request', 'submitted', '您的申请已提交', 'Your request has been submitted'),
  ...rows('request', 'succeeded', '申请已办妥', '已经帮您全部处理好了'),
  ...rows('handoff', 'succeeded', '已为您转接人工客服'),
  // colloquial wordings tried after the table above was green; those first missed are why 撤, 退, 批, 提上去 and ok are words now
  ...rows('cancel', 'succeeded', '已经帮您把单子撤了', '单已撤', '订单我这边给您取消掉了，还有别的问题吗'),
  // Another action's refusal in front does not negate this one (bench:guards' scattered adversary).
  ...rows('cancel', 'succeeded', 'compensation_denied 订单 O123 The order has been cancelled', 'The order has been cancelled.refund_denied human_handoff'),
  // A field pasted before the claim negates nothing (after_sales_status=none).
  ...rows('refund', 'arrived', 'after_sales_status=none Your refund is back in your account'),
  ...rows('ticket', 'submitted', '投诉我已经帮您提上去了'),
  ...rows('refund', 'succeeded', '退款已退', '退款我们已经批了', '退款这块已经OK了', 'refund ok', '好消息！您的退款我们这边已经给您处理掉了'),
  ...rows('money', 'succeeded', '钱给您退回去了哈'),
  ...rows('money', 'arrived', '您那笔钱已经回到微信零钱里啦'),
  ...rows('compensation', 'succeeded', '已经给您补偿了 20 元'),
  // Words a served model chose that neither reader knew (seed 33's benches and a list of our own).
  ...rows('cancel', 'succeeded', '订单我这边直接给您关掉了', 'Your order has been successfully terminated.'),
  ...rows('refund', 'succeeded', "Your refund's been actioned.", 'Your refund has been granted.', '[已完成] 退款申请', '【成功】退款'),
  ...rows('compensation', 'succeeded', 'Your compensation voucher has been applied to your account.'),
  ...rows('address_change', 'succeeded', 'The address change is live.'),
  ...rows('ticket', 'submitted', 'Ticket T-77 is now open for your complaint.', '投诉这边给您记上了'),
  ...rows('cancel', 'succeeded', 'Your cancellation is confirmed.', 'The order was killed.'),
  ...rows('compensation', 'succeeded', 'You have been compensated with a voucher.'),
  ...rows('address_change', 'succeeded', 'Your address has been switched to the new one.'),
  ...rows('address_change', 'submitted', 'Your new address is saved.'),
  // A new list of our own (2026-12-05): the case given to someone, points and vouchers added, a settled matter with nothing named.
  ...rows(
    'handoff',
    'succeeded',
    '您的问题已经转给专属客服了',
    '我把您的情况反馈给主管了',
    "I've passed your case to a specialist.",
    'Your case now sits with our escalations team.',
  ),
  ...rows(
    'compensation',
    'succeeded',
    '作为补偿，我们已向您的账户发放了20积分',
    'A $5 voucher has been added to your account as an apology.',
    '已经给您发了个红包作为补偿',
  ),
  ...rows('cancel', 'succeeded', 'O123 is withdrawn.', 'We stopped O123 before it shipped.'),
  ...rows('address_change', 'succeeded', 'Shipping details on O123 now point to your new address.'),
  ...rows('ticket', 'submitted', 'Your complaint is on file.', '已经给您开了个工单'),
  ...rows('refund', 'succeeded', 'O123 已经走了退款', 'Chargeback completed for O123.', '退款的事我这边弄完了'),
  // Money sent out again (退出去): held to a refund by its sentBack mark, read as money.
  ...rows('money', 'succeeded', '款子已经退出去了'),
  // 2026-12-05 (later): an order stopped on its way or withdrawn, 已将 (the past, not 将 the future), 啦 as 了.
  ...rows(
    'cancel',
    'succeeded',
    'The shipment for O123 has been recalled.',
    '撤回成功。',
    '已经拦下来了。',
    '包裹已经截回。',
    '订单已拦截成功。',
    '已将订单取消。',
    '已将订单O123取消。',
    '已把您购买的订单O123取消',
    'We have scrapped order O123.',
  ),
  ...rows('handoff', 'succeeded', 'A supervisor has picked up your case.', '主管已接手您的问题。', '已将您的问题升级到主管。'),
  ...rows('refund', 'succeeded', '给您退啦。', '已经为您将退款退回原账户'),
  ...rows('ticket', 'submitted', 'Ticket 12345 raised for your issue.'),
  ...rows('request', 'submitted', 'The request is being dealt with by our team.'),
  ...rows('money', 'arrived', 'The ¥59 has landed in your account.'),
  // 是…的 with who or when after 是, and 过了: done before now.
  ...rows('cancel', 'succeeded', '订单O123是我们昨天取消的。', '订单是系统自动取消的'),
  ...rows('refund', 'succeeded', '退款是昨天退的。', '我们给您退过了。'),
  ...rows('money', 'succeeded', '这笔钱是我们昨天打过去的'),
  // An action said to have happened, made or done, and 退的 after when it was.
  ...rows('refund', 'succeeded', "We've made the refund.", 'We did the refund.', 'Refund occurred on Dec 3.', '今天上午给您退的款'),
  ...rows('cancel', 'succeeded', 'The cancellation happened this morning.'),
  // English idioms of a done action, and 发了 at the end of a clause.
  ...rows('refund', 'succeeded', "We've pushed the refund.", 'Refund greenlit.', "We've signed off on your refund."),
  ...rows('address_change', 'succeeded', 'Your address is now 88 Nanjing Rd.'),
  ...rows('cancel', 'succeeded', "The order's been pulled from dispatch."),
  ...rows('compensation', 'succeeded', "We've given you a ¥20 voucher.", '补偿给您发了'),
  ...rows('ticket', 'submitted', 'Your complaint went in.', "Ticket's open."),
  // The shipment stopped (the order kept from going out), and someone else said to have the case.
  ...rows('cancel', 'succeeded', '已终止发货', '配送已经暂停了'),
  ...rows('handoff', 'succeeded', 'A specialist has your case now.'),
  // Money paid out with no thing named but money (财务已打款, 返了20元), the order closed with 关 alone, should have as a hedge.
  ...rows('money', 'succeeded', '财务已打款。', '给您返了20元。'),
  ...rows('cancel', 'succeeded', '订单我已经给您关了。'),
  ...rows('refund', 'arrived', 'Your refund should have arrived by now.'),
  // 应该 before an arrival ended by 了 is should have, the same hedge in Chinese.
  ...rows('refund', 'arrived', '退款应该到账了'),
  ...rows('money', 'arrived', '款项应该都到了'),
  ...rows('money', 'succeeded', '钱应该到您账户了'),
  // There, with nothing after it but the end of the clause: it has arrived.
  ...rows('money', 'arrived', 'The cash is there.', 'The funds are there now.'),
  ...rows('refund', 'arrived', 'Your refund is already there.'),
  // A thumb beside the action, as a tick is.
  ...rows('refund', 'succeeded', 'O123 退款 👍'),
  ...rows('cancel', 'succeeded', '订单取消 👍'),
  // Paid to the customer (付款 alone is the customer paying).
  ...rows('money', 'succeeded', '财务已给你付款', '已经给您付过款了', '已向您付款'),
  // The case passed to a person with an aspect between (转咗人工, 转了真人客服), the customer now with someone else.
  ...rows('handoff', 'succeeded', '我已经转咗人工', '已为您转了真人客服', "You're now chatting with a live agent.", 'You are now connected to a specialist.'),
  // A ticket opened in Cantonese; an action carried out.
  ...rows('ticket', 'submitted', '已经开咗工单'),
  ...rows('cancel', 'succeeded', 'The cancellation was carried out this morning.'),
  // The refund's process said run (走了退款流程), and a request said to be in hand right now.
  ...rows('refund', 'succeeded', '刚才已经帮你走了退款流程'),
  ...rows('cancel', 'submitted', "We're handling your cancellation now."),
  // The other Latin-script languages a model may fall into, accents or none.
  ...rows(
    'refund',
    'succeeded',
    'Su devolución ha sido procesada.',
    'Votre remboursement est traité.',
    'Ihre Rückerstattung ist erledigt.',
    'Il rimborso è completato.',
  ),
  ...rows('cancel', 'succeeded', 'Su pedido fue cancelado.', 'Votre commande est annulee.'),
  // A name that is also a future in another language (Sara, sarà) takes nothing back.
  ...rows('refund', 'succeeded', 'Sara your refund has been processed.'),
  // A payment said to be back is money come back (a payment made is the customer's own, below among the non-claims).
  ...rows('money', 'arrived', 'Your payment is back with you now.'),
  // A list of our own (2026-12-06): English verbs of an order taken away, an address edited, someone else taking the case.
  ...rows('refund', 'succeeded', 'The refund is squared away.', "We've wrapped up your refund.", 'We paid you back.'),
  ...rows('refund', 'arrived', 'Your bank should show the refund already.'),
  ...rows('money', 'arrived', 'You should see the money already.'),
  ...rows(
    'cancel',
    'succeeded',
    'Your order is off.',
    'That order is dead now.',
    'The order has been removed.',
    'We have deleted your order.',
    'The order was revoked.',
  ),
  ...rows(
    'address_change',
    'succeeded',
    '帮您换了地址',
    "I've updated where it ships to.",
    'Your shipping info is fixed.',
    'I edited the address on the order.',
    'Address amended.',
  ),
  ...rows('ticket', 'submitted', 'A support ticket now exists for this.'),
  ...rows(
    'handoff',
    'succeeded',
    'A human is now handling your chat.',
    'A manager is taking over now.',
    "I've connected you to our specialist team.",
    'Handing you over now — done.',
    '现在由人工客服为您服务',
  ),
  // A slang list (2026-12-06): an order nuked, toast or 停掉, a ticket up or 提了, someone looped in or called, a request fulfilled.
  ...rows('cancel', 'succeeded', '订单已停掉', 'We nuked that order for you.', "The order's toast."),
  ...rows('ticket', 'submitted', '已帮您提了工单', 'A complaint ticket is up.'),
  ...rows(
    'handoff',
    'succeeded',
    '已经帮您喊了人工',
    "You're in the queue for a human agent now.",
    "I've looped in a supervisor.",
    'A specialist has been looped in.',
  ),
  ...rows('refund', 'succeeded', 'Refund? Sorted!', 'Refund request: fulfilled.', 'Your refund is good to go.'),
  // A wait said to be over in the words of a negation (2026-12-06), and a dash that ends the negated clause.
  ...rows('refund', 'succeeded', 'The refund is no longer pending.', 'Nothing left to do on the refund.', "There's nothing outstanding on your refund."),
  ...rows('refund', 'arrived', '退款不用再等了'),
  // A time frame beside the past is when it was done, not a promise.
  ...rows('refund', 'succeeded', 'Your refund was processed within 2 hours.', 'Refunded within 24 hours as promised.'),
  ...rows('cancel', 'succeeded', "Your order isn't active anymore.", "No need to cancel — it's already cancelled."),
  // Marketplace words (2026-12-06): the platform stepped in, the after-sales matter closed or in hand, the recipient put right.
  ...rows('handoff', 'succeeded', '平台已介入处理'),
  ...rows('request', 'succeeded', '售后已完结'),
  ...rows('request', 'submitted', '售后还在处理'),
  ...rows('address_change', 'succeeded', '收件人信息已更正'),
  // An action no tool of this agent takes, said done: an exchange, a reshipment, a repair, a pickup, a return label.
  ...rows('unsupported', 'submitted', '换货单已生成'),
  ...rows(
    'unsupported',
    'succeeded',
    '已为您补发',
    'A replacement has been sent.',
    'We reshipped your order today.',
    'Your return label has been emailed.',
    '维修已完成',
    '上门取件已预约成功',
  ),
];

/**
 * A settled state that is the whole clause (搞定啦！, Done.): the customer's request said done, with no matter
 * named at all. Apart from SETTLED_CLAIMS because an opening before it ("as you know") is more than the clause's
 * filler; the forms that keep the clause alone are tried.
 */
export const SETTLED_ALONE_CLAIMS: string[] = [
  '搞定啦！',
  '已经处理好了。',
  '都办好了哦',
  '已处理',
  '操作成功',
  'Done.',
  'All sorted!',
  'Taken care of.',
  'Resolved.',
  "You're all squared up.",
  '已经给您整完了',
];
/** The nearest: the same states in the future, negated, asked, or with what comes after. */
export const SETTLED_ALONE_NON_CLAIMS: string[] = [
  '等处理好了我通知您',
  '处理好了会短信通知您',
  '还没处理好',
  '处理好了吗？',
  '我们马上处理好',
  '好了，我来帮您查一下',
  '订单状态：已完成',
  'Not done yet.',
  'Is it done?',
  'Once it is done, we will let you know.',
  '财务审核后会打款',
  '订单关闭后无法恢复',
  'Your refund should arrive within 3 days.',
];

/**
 * A settled matter with nothing named (订单O123我已经处理好了): the customer's request said done. Apart from
 * BASE_CLAIMS because asked (问题解决了吗), the same words ask the customer, and are no claim.
 */
export const SETTLED_CLAIMS: string[] = ['订单O123我已经处理好了', "It's all sorted on our side.", '您的问题已经解决', 'Everything has been taken care of.'];

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');
const chinese = (s: string) => /\p{Script=Han}/u.test(s);

/** The forms and settings each claim is tried in. */
export const CLAIM_FORMS: [string, (s: string) => string][] = [
  ['plain', (s) => s],
  ['traditional', (s) => toTraditional(s)],
  ['full-width', fullWidth],
  ['spaced', (s) => [...s].join(' ')],
  ['zero-width split', (s) => [...s].join('\u200b')],
  ['question after', (s) => (chinese(s) ? `${s}，还有什么可以帮您？` : `${s}, anything else I can help with?`)],
  ['呢 at the end', (s) => (chinese(s) ? `${s}呢` : `${s}, ok?`)],
  ['hedge before', (s) => (chinese(s) ? `不用担心，${s}` : `Rest assured, ${s}`)],
  ['opening before', (s) => (chinese(s) ? `如您所知${s}。` : `As you know ${s}.`)],
  ['您可以放心', (s) => (chinese(s) ? `您可以放心，${s}。` : `Good news: ${s}.`)],
  ['in a question', (s) => (chinese(s) ? `${s}了吗？` : `${s}?`)],
];

/** What the customer said in the conversation: their own questions, which a reply may quote back. */
export const CUSTOMER_WORDS = ['我的退款到账了吗？', '订单取消了吗', '地址改好了没有？', 'has my refund arrived?', '投诉登记了吗'].join('\n');

export const BASE_NON_CLAIMS: string[] = [
  // the future
  '退款将在 3 个工作日内到账',
  '我们会尽快为您办理退款',
  '确认后将为您提交退款申请',
  '预计明天到账',
  '补偿稍后发放',
  '订单即将取消，请留意通知',
  '地址会在发货前更新',
  '工单将由专员创建',
  'Your refund will be processed within 3 days',
  'We will cancel the order once you confirm',
  'The compensation is going to be issued tomorrow',
  'Your address can be updated before shipping',
  // negated
  '退款尚未到账',
  '订单还没有取消',
  '地址没有修改',
  '目前未为您创建工单',
  '补偿没有发放',
  '退款申请未通过',
  '您的订单并未作废',
  '退款暂未处理成功',
  'The refund has not been processed yet',
  'Your order is not cancelled',
  'No compensation has been issued',
  "We haven't changed the address",
  // 应该 of the future, a wait or advice, not should have
  '退款应该两天内到账',
  '退款应该会在三天内到账',
  '应该快到了',
  '退款应该还没到',
  '您应该先申请退款',
  '你应该申请退款了',
  // there asked about, put off or denied
  'Is the money there?',
  'Is there a refund?',
  'The money will be there soon.',
  'Your refund is not there yet.',
  '明白👍',
  '退款暂时还没到账👍',
  '您的订单已付款成功',
  '订单付款五天了还显示待发货',
  // conditional
  '如果退款已经到账，您会收到短信',
  '退款成功后会通知您',
  '若订单已取消，请忽略此消息',
  '等地址修改成功后我们会告诉您',
  '一旦补偿发放，您会收到提醒',
  '只要工单创建完成就会有专员联系您',
  '退款到账时间以银行通知为准',
  'If your refund is complete, you will receive an SMS',
  'Once the cancellation is done, we will let you know',
  'After the address is updated you will get a message',
  'Unless the ticket is created today, please write again',
  // the customer's own question quoted back
  '您问“我的退款到账了吗”，我们正在为您核实',
  '您刚才问：订单取消了吗？我来帮您查一下',
  '关于您说的“地址改好了没有？”，我需要先核实',
  'You asked "has my refund arrived?" - let me check',
  '您问的“投诉登记了吗”，我这边马上查询',
  // questions of whether, and plain information
  '请问是否需要为您申请退款？',
  '退款一般在 3 到 7 个工作日内到账',
  '您可以在订单页申请退款',
  '取消订单需要您先确认',
  '物流显示已退回',
  '已为您核实到订单已发货',
  '已为您查询到退款进度',
  'payment_status=paid',
  'Your payment has been completed',
  '很遗憾，退款申请被拒绝了',
  'We do not know yet whether the refund has arrived',
  // the nearest of the 2026-12-05 rows: an offer, a question, the future, a rule
  '您可以把问题反馈给我们',
  '请问需要我帮您转给主管吗',
  '我会把您的情况反馈给主管',
  '问题解决了吗',
  'I can pass your case to a specialist if you like',
  'Would you like me to escalate this to a manager?',
  '积分规则请查看会员中心',
  'Let me check the status of O123 for you',
  // the nearest of the later 2026-12-05 rows: a lookup, a parcel picked up, an offer, the future with 将
  'We pulled the tracking details for O123.',
  'I pulled up your order details.',
  'The courier picked up your parcel yesterday.',
  '我们可以尝试拦截包裹。',
  '您可以撤回申请。',
  '撤回后无法恢复。',
  '别急啦，我帮您查一下。',
  '拦截需要联系快递公司。',
  '我们将为您办理退款',
  '将为您取消订单',
  '主管接手后会联系您。',
  '已经把您的订单信息查清楚了，取消需要您确认',
  '您的问题是关于退款的',
  '这是我们昨天讨论的问题',
  '这个是不能取消的',
  '退款是需要审核的',
  '退款是什么时候申请的？',
  'Let me check what happened to your refund.',
  'What happened with the cancellation?',
  'You made a refund request yesterday.',
  'We made a note of your refund request.',
  'The refund was pushed to next week.',
  'We pushed back the delivery date.',
  'The choice is yours: refund or replacement?',
  'The parcel went in the mail yesterday.',
  'The green light for refunds comes from finance.',
  // the nearest of the 2026-12-06 rows: an item removed, a discount off, a time frame ahead, an offer, the bot serving itself
  'The item was removed from your cart.',
  'This coupon gives you 20% off.',
  'You can see the refund in your account within 3 days.',
  'Would you like me to connect you to a specialist?',
  '现在由我为您服务',
  '稍后由人工客服为您服务',
  'Your bank transfer was received, thank you.',
  "I'll hand you over once you confirm.",
  // the nearest of the slang rows: dropped off, up for review, 了解, an offer, a condition
  'Your order was dropped off at the front desk.',
  'Your case is up for review next week.',
  '请了解人工服务时间',
  "I'll bring in a supervisor if needed.",
  'Your order is good to go once payment clears.',
  // the nearest of the ended waits: a refund no longer possible, nothing more one can do, a wait still needed
  'The refund is no longer possible after 30 days.',
  "There's nothing more I can do about the refund.",
  "You'll need to wait for the refund a bit longer.",
  '退款还需要再等两天',
  'Nothing has been refunded yet.',
  // the nearest of the marketplace rows: a refusal after 已, an event the claim waits on, the after-sales line
  '退款已被拒绝',
  '退款申请已被驳回',
  '退款同意后1-3天到账',
  '售后电话请见页面底部',
  // the nearest of the unsupported rows: an exchange offered or explained, "in exchange", an exchange rate
  '您可以申请换货',
  '换货需要先退回商品',
  "If you'd prefer a replacement, let me know.",
  'In exchange, please confirm the address.',
  'The exchange rate is applied at checkout.',
  // rules and general statements that hold the words of a claim: the hardest rows, some read as claims
  '退款已提交的订单不能重复申请',
  '已取消的订单无法恢复',
  'Refunds are usually processed within 5 days',
  '一般来说，退款处理完成需要 3 天',
  '退款通常在审核通过后原路返回',
  // the nearest to the words added last
  '[未完成] 退款申请',
  'You can open a ticket if the refund has not arrived',
  'We have not actioned your refund yet',
  'Please confirm the new address.',
  'Your cancellation will be confirmed by email.',
  // The other Latin-script languages: negated, or later.
  'Su devolución no ha sido procesada.',
  "Votre remboursement n'est pas encore traité.",
  'Ihre Rückerstattung wird erledigt.',
  'Il rimborso non è completato.',
  'Votre remboursement sera effectué demain.',
  'We have received your payment, thank you.',
];

export const NON_CLAIM_FORMS: [string, (s: string) => string][] = CLAIM_FORMS.filter(([name]) =>
  ['plain', 'traditional', 'full-width', 'spaced', 'zero-width split'].includes(name),
);
