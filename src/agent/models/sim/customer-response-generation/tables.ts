/** The tables of customer_response_generation: its patterns, wordings and labels, one per kind. */

/** Internal vocabulary a customer must never read: rule ids, snake_case codes, tool talk. */
export const INTERNAL_TEXT = /\b[RE]\d{2,}\b|[a-z]+_[a-z_]+|工具|系统提示|风控|风险标签|置信度/;

export const TOOL_PREFIX = /^(工具|系统|查询)(显示|返回)[：:]?/;

export const FACT_CODE = /^\s*([a-z_]+)\s*=\s*([a-z_]+)\s*$/;

export const PROMISES: Record<string, string> = { 退款: '退款已成功', 补偿: '补偿已到账', 取消订单: '订单已取消' };
