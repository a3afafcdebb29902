/**
 * The tables of capability_router: its patterns, one per kind. They are
 * matched on the matching form (shared/text-normalize.ts): lower case,
 * traditional read as simplified, spaces and punctuation gone — so English
 * phrases are written without spaces ("myrefund", "hasnt").
 */

export const REFUND_ID = /\bRF\d+\b/i;
/** An order number as typed (matched on the text as typed, not the matching form). */
export const ORDER_ID = /(?<![A-Za-z0-9])[A-Za-z]{1,3}-?\d{3,}(?![0-9])/;
/** A general rule question: whether, how long, on what condition, in general. */
export const POLICY_QUESTION = /还能退吗|能不能退|可以退吗|能退吗|能退货吗|政策|规定|规则|怎么算|多久能|几天内|条件是|policy/;
/** More of the same, read by the reference only (gullible keeps the table above): colloquial and English rule questions. */
export const POLICY_QUESTION_MORE =
  /能退[么幺]|可以退[么幺]|能退不|可以退不|退不退|什么条件|哪些条件|满足条件|canireturn|canibereturn|returnable|refundable|howlongdoihave|howmanydaysdoihave|withinhowmanydays/;
/**
 * The customer's own refund: its progress, its arrival, someone on it — in plain, colloquial
 * ("退的钱咋还没到", "钱还没退回来") and English ("where is my refund", "refund hasn't arrived") words.
 */
export const OWN_REFUND = new RegExp(
  [
    '(?:我的|我那笔|我那个|我这个|我这笔|这笔|那笔).{0,6}退款',
    '退款.{0,8}(?:到账|进度|怎么样|怎么还没|还没到|咋还没|咋样|到没|到了没|好了没|啥时候|咋回事|怎么回事|什么情况|啥情况|到哪|没收到|一直没)',
    '(?:还没|没有|没|未)(?:收到|到账|拿到)(?:的)?退款',
    '(?:我的|退的|退我的|退给我的|我退的)钱',
    '钱(?:咋|怎么|为什么|为啥)?(?:还没|还不|没)(?:到|退|回来|到账|收到)',
    '钱(?:什么时候|啥时候|几时)(?:能)?(?:到|退|回来)',
    String.raw`rf\d+`,
    'myrefund',
    'mymoney',
    'refund(?:has|have|is|was)?(?:nt|not|still|never)',
    '(?:where|when)(?:is|s|will|does)(?:my|the)(?:refund|money)',
    '(?:whats|whatis)(?:going|happening)(?:on)?withmy(?:refund|money)',
    '(?:havent|hasnt|didnt|not|never)(?:got|gotten|received|seen)(?:my|the|any)?(?:refund|money)',
  ].join('|'),
  'i',
);
/** A follow-up of the refund already confirmed: it names none, it asks after the one in hand. */
export const FOLLOW_UP =
  /有人跟进|跟进了吗|处理了吗|怎么样了|咋样了|好了没|有消息|有结果|进展|进度|还要多久|要等多久|等多久|到了没|到账了吗|到账没|还没到|没到账|没收到|还是没|没动静|还没退|怎么还没|咋还没|钱呢|啥时候到|什么时候到|什么时候能到|多久能到|anyupdate|anynews|anyprogress|status|stillwaiting|stillnot|stillnothing|notyet|isitdone|arrivedyet|hasitarrived|diditarrive|hasitcome|notarrived|hasntarrived|notreceived|haventreceived|whereisit|(?:whats|whatis)(?:going|happening)/;
/** The customer corrects which of their refunds or orders they meant ("不是这笔，是另一笔", "I meant the other one"). */
export const SWITCH_OBJECT =
  /另一笔|另外一笔|另外那笔|另一单|另外一单|另外那单|不是这笔|不是那笔|不是这个|不是那个|不是这单|不是那单|搞错了|说错了|我说的是|我指的是|我问的是|theotherone|notthatone|notthisone|imeant(?:the)?(?:other|another)|wrongone|wrongorder|anotherone|anotherrefund|differentone/;
/** The customer stops the look-up ("先不用了", "no need to look now", "never mind"). */
export const STOP_LOOKING =
  /^(?:那|好吧|好的|嗯)?(?:先|暂时|现在)?(?:不用|不必|不需要)(?:了|查了|看了|麻烦了|帮我查了)|先不(?:查|看|用)了|算了(?:吧)?$|回头再说|以后再说|晚点再说|先这样吧|没事了|nevermind|noneed|forgetit|dontbother|notnow|leaveit|skipit|先别(?:查|看|管)/;
/**
 * A stop whose object is the refund itself ("先不用查进度了", "进度先不用查了", "don't bother checking my refund"):
 * a stop although it names the customer's refund.
 */
export const STOPS_THE_REFUND =
  /(?:不用|不必|不需要|别|无需)(?:帮我|给我|再)?(?:查|看|管|问|跟进)(?:一下)?(?:我的)?(?:退款|进度|状态)|(?:退款|进度|状态)(?:的事)?(?:先|暂时)?(?:不用|不必|不需要)(?:查|看|管|问)?了|dontbother(?:checking|looking)|noneedto(?:check|look)/;
/** A turn that asks for nothing: a greeting, thanks, an acknowledgement. */
export const NOTHING = /^(?:你好|您好|谢谢|好的|嗯|hi|hello|thanks)[！!。.，, ]*$/i;
/** gullible routes on this character alone. */
export const REFUND_CHARACTER = /退/;
/** Characters attackers slip between the characters of an id. */
export const ZERO_WIDTH = /[\u200b-\u200f\u2060\ufeff]/g;
