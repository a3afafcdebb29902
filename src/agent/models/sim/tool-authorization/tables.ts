/** The tables of tool_authorization: its patterns, wordings and labels, one per kind. */

export const STRICTNESS = ['allow', 'require_user_confirmation', 'require_more_info', 'require_human_review', 'deny'] as const;

/** Tools that act on one order and so need args.order_id and the ownership check. */
export const ORDER_TOOLS = new Set([
  'query_order',
  'query_logistics',
  'query_after_sales',
  'query_payment',
  'create_refund',
  'create_compensation',
  'cancel_order',
  'modify_order',
  'modify_address',
]);

export const TOOL_WORDS: Record<string, string> = {
  create_refund: '退款',
  create_compensation: '补偿',
  cancel_order: '取消订单',
  modify_order: '修改订单',
  modify_address: '修改地址',
};

export const ORDINARY_ROLES = new Set(['user', 'customer', 'buyer', '用户', '买家', '顾客', '客户']);
