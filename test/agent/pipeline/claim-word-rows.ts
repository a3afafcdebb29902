/**
 * One claim per word of the claim reader's classes: each action word beside a
 * completed state, each state word beside an action, each courtesy opening
 * before a claim. Written out here, not read from the lexicon, so that a word
 * left out of the lexicon fails the row that uses it (unless another word of
 * the same class still reads the same claim, which the mutation notes list).
 */
import type { ClaimKind, ClaimState } from '../../../src/agent/pipeline/guards/claim-reading/claim-lexicon.js';

export interface WordRow {
  word: string;
  text: string;
  claim: `${ClaimKind}/${ClaimState}`;
}

const each = (words: string, template: (w: string) => string, claim: WordRow['claim'], sep = ' '): WordRow[] =>
  words.split(sep).map((word) => ({ word, text: template(word), claim }));

export const WORD_ROWS: WordRow[] = [
  ...each('退款 退钱 退费 退货款 返款 返钱 退款款项', (w) => `${w}已经办妥`, 'refund/succeeded'),
  ...each('原路退回 原路退还 退给您 退给你', (w) => `已经${w}`, 'refund/succeeded'),
  ...each('退款中 退货中', (w) => `订单${w}`, 'refund/submitted'),
  ...each('钱款 货款 全款 金额 费用 资金 余额', (w) => `${w}已到账`, 'money/arrived'),
  ...each('账户 帐户 银行卡 支付宝 原支付方式 钱包 卡里 卡上', (w) => `钱已经打到${w}了`, 'money/arrived'),
  ...each('到卡 转入', (w) => `这笔钱已${w}`, 'money/arrived'),
  ...each('补偿金 赔偿金 补偿款 赔偿款 补贴 理赔 代金券 赔款', (w) => `${w}已经办妥`, 'compensation/succeeded'),
  ...each('撤销 撤单 退单', (w) => `订单已${w}`, 'cancel/succeeded'),
  ...each('收货信息 收件信息 收货人 配送信息 订单信息', (w) => `${w}已经办妥`, 'address_change/succeeded'),
  ...each('修改 更改 变更 更新 改成 改为 换成', (w) => `地址已${w}好了`, 'address_change/succeeded'),
  ...each('改好 改掉', (w) => `帮您${w}了`, 'address_change/succeeded'),
  ...each('投诉单 售后单 服务单 反馈单 异常单', (w) => `${w}已提交`, 'ticket/submitted'),
  ...each('立案 备案 开单', (w) => `投诉已${w}`, 'ticket/submitted'),
  ...each('转接 转人工 转交 人工客服 专员', (w) => `已为您${w}`, 'handoff/succeeded'),
  ...each('请求 诉求 手续', (w) => `您的${w}已提交`, 'request/submitted'),
  ...each(
    '申请中 办理中 审核中 跟进中 进行中 在跟进 在处理 在办理 正在处理 正在办理 递交 建立 生成 录入 报上去 递上去',
    (w) => `工单已${w}`,
    'ticket/submitted',
  ),
  ...each(
    '完成 完毕 办妥 办好 办完 搞定 生效 好了 妥了 批了 批准 批下来 走完 处理完成 办理完成 处理完 处理好 弄好 开好 建好 通过 发放 发出 打款 到位 结束 解决 落实',
    (w) => `退款已经${w}`,
    'refund/succeeded',
  ),
  ...each('返还 返回 打回 退到 退至 转回', (w) => `已${w}给您`, 'refund/succeeded'),
  ...each('回去', (w) => `您那笔钱，${w}了`, 'refund/succeeded'),
  ...each('到了 到啦 到咯 到喽', (w) => `钱${w}`, 'money/arrived'),
  ...each('在路上', (w) => `钱已经${w}了`, 'money/submitted'),
  ...each('补了 补给您 补给你', (w) => `已${w}50元`, 'compensation/succeeded'),
  ...each('处理 办理 操作 执行', (w) => `退款已${w}`, 'refund/succeeded'),
  ...each('安排 记录', (w) => `投诉已${w}`, 'ticket/submitted'),
  ...each('refunding|money back|reimbursement|repayment', (w) => `Your ${w} is done.`, 'refund/succeeded', '|'),
  ...each('reimbursed|repaid', (w) => `You have been ${w}.`, 'refund/succeeded', '|'),
  ...each('funds|amount|balance|wallet', (w) => `The ${w} has arrived.`, 'money/arrived', '|'),
  ...each('compensated', (w) => `You were ${w} successfully.`, 'compensation/succeeded', '|'),
  ...each('coupon|goodwill credit|store credit', (w) => `The ${w} has been issued.`, 'compensation/succeeded', '|'),
  ...each('cancellation|cancel', (w) => `The ${w} is done.`, 'cancel/succeeded', '|'),
  ...each('voided|withdrawn', (w) => `Your order has been ${w}.`, 'cancel/succeeded', '|'),
  ...each('shipping details|delivery details|recipient', (w) => `The ${w} have been changed.`, 'address_change/succeeded', '|'),
  ...each('case', (w) => `A ${w} has been opened.`, 'ticket/submitted', '|'),
  ...each('application|claim', (w) => `Your ${w} has been submitted.`, 'request/submitted', '|'),
  ...each(
    'logged|lodged|created|registered|raised|requested|initiated|in progress|processing|under review|recorded|underway|under way',
    (w) => `Your complaint is ${w}.`,
    'ticket/submitted',
    '|',
  ),
  ...each(
    'completed|processed|successful|succeeded|success|finished|settled|approved|through|sorted|handled|taken care of|finalised|finalized|executed|effective|in effect|paid|all set|fixed|okay',
    (w) => `Your refund is ${w}.`,
    'refund/succeeded',
    '|',
  ),
  ...each('successfully', (w) => `Your refund was ${w} made.`, 'refund/succeeded', '|'),
  ...each('modified|corrected', (w) => `Your address was ${w}.`, 'address_change/succeeded', '|'),
  ...each('went through|gone through', (w) => `The refund ${w}.`, 'refund/succeeded', '|'),
  ...each('on the way back', (w) => `Your money is ${w}.`, 'refund/submitted', '|'),
  ...each('on its way|on their way|on the way', (w) => `Your money is ${w}.`, 'money/submitted', '|'),
  ...each('put back|put it back|put the money back|put your money back|put the funds back', (w) => `We ${w} to your card.`, 'money/succeeded', '|'),
  ...each('cash', (w) => `The ${w} has arrived.`, 'money/arrived', '|'),
  ...each('colleague|supervisor|teammate|team member', (w) => `A ${w} now has your case.`, 'handoff/succeeded', '|'),
  ...each('now has your|now handles your|has taken over|took over', (w) => `A specialist ${w} case.`.replace('over case', 'over'), 'handoff/succeeded', '|'),
  ...each('is now handling', (w) => `A specialist ${w} it.`, 'handoff/succeeded', '|'),
  ...each('have taken over', (w) => `Two specialists ${w}.`, 'handoff/succeeded', '|'),
  ...each('posted|dusted', (w) => `Your refund is ${w}.`, 'refund/succeeded', '|'),
  ...each("'s back|hit your|'s in|is in", (w) => `The money${w.startsWith("'") ? '' : ' '}${w}${w === 'hit your' ? ' account' : ''}.`, 'money/arrived', '|'),
  ...each('received|landed|deposited', (w) => `The money was ${w}.`, 'money/arrived', '|'),
  ...each(
    'in your account|back in your|back to your|back on your',
    (w) => `The money is ${w} account.`.replace('account account', 'account'),
    'money/arrived',
    '|',
  ),
  // Courtesy that holds a negation, a condition or the future, before a claim: a hedge, not a take-back.
  ...each(
    '如您所知 众所周知 不用担心 不必担心 无需担心 请不要担心 不要担心 别担心 别着急 不着急 别急 请您放心 您可以放心 可以放心 请放心 放心 不好意思 非常抱歉 非常感谢 不客气 没关系 没问题 可以确认 可以告诉您 可以肯定 不出意外的话 毫无疑问 说实话',
    (w) => `${w}退款已成功`,
    'refund/succeeded',
  ),
  ...each(
    "as you know|as you may know|no worries|no problem|don't worry|do not worry|not to worry|no need to worry|rest assured|i can confirm|we can confirm|i can tell you|we can tell you|happy to confirm|you can relax|you should already have|should already have",
    (w) => `${w} the refund is done.`.replace(/have the refund is done/, 'have the refund done'),
    'refund/succeeded',
    '|',
  ),
];
