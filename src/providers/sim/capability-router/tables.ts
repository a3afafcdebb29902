/** The tables of capability_router: its patterns, one per kind. */

export const REFUND_ID = /\bRF\d+\b/i;
/** A general rule question: whether, how long, on what condition, in general. */
export const POLICY_QUESTION = /还能退吗|能不能退|可以退吗|能退吗|能退货吗|政策|规定|规则|怎么算|多久能|几天内|条件是/;
/** The customer's own refund: its progress, its arrival, someone on it. */
export const OWN_REFUND = /(?:我的|我那笔|这笔|那笔).{0,6}退款|退款.{0,8}(?:到账|进度|怎么样|怎么还没|还没到)|RF\d+/i;
export const FOLLOW_UP = /有人跟进|跟进了吗|处理了吗|怎么样了|进展|进度|还要多久/;
/** A turn that asks for nothing: a greeting, thanks, an acknowledgement. */
export const NOTHING = /^(?:你好|您好|谢谢|好的|嗯|hi|hello|thanks)[！!。.，, ]*$/i;
/** gullible routes on this character alone. */
export const REFUND_CHARACTER = /退/;
/** Characters attackers slip between the characters of an id. */
export const ZERO_WIDTH = /[\u200b-\u200f\u2060\ufeff]/g;
