/** The tables of execution_state_verification: its patterns, wordings and labels, one per kind. */

export const TRANSIENT_ERROR = /timeout|timed out|超时|限流|rate.?limit|\b429\b|\b502\b|\b503\b|\b504\b|暂时不可用|temporar|unavailable|繁忙/i;

export const QUOTABLE_KEY = /(_id|status|amount|address)$/;

export const WRITE_TOOLS = /^(create_|cancel_|modify_|send_)/;

export const CHANGED_STATUSES: Record<string, string[]> = {
  create_refund: ['refund_requested', 'refund_processing', 'refund_completed', 'refunding', 'refunded', 'partially_refunded'],
  create_compensation: ['compensation_issued', 'issued', 'granted'],
  cancel_order: ['cancelled', 'closed'],
};

export const ID_KEYS = ['refund_id', 'compensation_id'];
