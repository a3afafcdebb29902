/**
 * Whether the user named the action in their own words. A yes binds to what
 * was asked, but the question's wording came from a model, and a model may ask
 * about another action than the one the user wanted: a bare "好的" is consent
 * only to an action the user's own request (or the answer itself) named.
 */
import { ACTION_NAMES } from './consent-vocabulary.js';

/** Words for the writes that ACTION_NAMES (the consent reader's) leaves out. */
const MORE_NAMES: Record<string, RegExp> = {
  create_ticket: /投诉|工单|举报|complain|ticket/i,
  modify_order: /修改订单|改订单|换成|改成|modify|change the order/i,
  send_sms: /短信|\bsms\b|text message/i,
  send_email: /邮件|邮箱|e-?mail/i,
  send_enterprise_wechat_message: /企业微信|wechat/i,
};

export function namesAction(text: string, tool: string): boolean {
  const words = ACTION_NAMES[tool] ?? MORE_NAMES[tool];
  return words?.test(text.normalize('NFKC').toLowerCase()) === true;
}
