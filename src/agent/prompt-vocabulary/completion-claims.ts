/**
 * Completion claims in a reply, recognised by meaning rather than by a list of
 * strings: a reply that says the money went back to the account claims a
 * refund whatever its words. The judge checks each claim against the world;
 * the pipeline can check a reply before it is sent. Pure text work, so that
 * both can use it: no world, no trace.
 *
 * A claim is a statement that something is already done. A negation ("尚未退款"),
 * the future ("将退回"), a condition ("退款成功后", "如果…已取消") and a question
 * ("是否已取消？") are not claims, nor is a record quoted as a record ("支付记录显示已退款").
 */
import type { ClaimPhrase } from '../../harness/registry/structured-sections.js';
import { claimMatcher, type ClaimMatch, type ClaimMatcher } from './claim-pattern.js';

/** `money`: money arrived or was credited, without saying whether as a refund or a compensation. */
type CompletionClaimKind = 'refund' | 'compensation' | 'money' | 'cancel' | 'address_change' | 'ticket' | 'handoff' | 'request';

export interface CompletionClaim {
  kind: string;
  /** The words that make the claim, as they stand in the (NFKC-normalised, de-spaced) reply. */
  text: string;
  /** Order references in the claim's sentence, in order of appearance; empty when it names none. */
  orderIds: string[];
}

/** One of these words, as a regular-expression group. */
const either = (...words: string[]) => `(?:${words.join('|')})`;

const DONE = either('已经', '已', '均已', '都已', '已被', '已经被');
const FOR_YOU = `${either('为您', '给您', '帮您', '向您', '替您')}?`;
const MONEY = either('钱款', '钱', '款项', '货款', '退款款项', '款', '金额', '费用', '资金', '全款', '\\d+(?:\\.\\d+)?元');
const ACCOUNT = either('账户', '帐户', '账号', '账上', '银行卡', '卡里', '卡上', '余额', '钱包', '支付宝', '微信', '原支付方式', '原账户');
const RETURN_VERB = either('原路退回', '原路返回', '退回', '退还', '返还', '返回', '打回', '退到', '退至', '退给', '转回', '回到', '返到');
const CREDIT_VERB = either('到账', '入账', '打到', '存入', '转入', '转到', '发放到', '发到');
const COMPENSATION = either('补偿金', '赔偿金', '补偿款', '赔偿款', '补偿', '赔偿', '赔付', '补贴', '理赔', '优惠券', '代金券', '红包');
const ISSUE_VERB = either('发放', '发出', '申请', '提交', '办理', '安排', '支付', '打款', '发送', '赠送');
const CANCEL_VERB = either('取消', '撤销', '作废');
const CHANGE_VERB = either('修改', '更改', '更新', '变更', '改为', '改成', '改好', '调整', '替换');
const ADDRESS = either('收货地址', '配送地址', '收件地址', '地址', '收货信息', '收件信息', '订单信息');
const TICKET = either('工单', '投诉单', '投诉', '售后单', '服务单');
const FILE_VERB = either('创建', '生成', '提交', '建立', '登记', '受理', '记录', '备案', '录入', '立案');

/** The meaning classes, each a few sentence shapes (Chinese, then English). */
const MEANING: [CompletionClaimKind, RegExp][] = [
  ['refund', new RegExp(`退款(?:申请|手续)?${DONE}(?:成功)?(?:成功|到账|完成|办理|办好|提交|受理|处理|发放|${RETURN_VERB}|${CREDIT_VERB})`)],
  ['refund', /退款(?:成功|到账|完成)/],
  ['refund', new RegExp(`${MONEY}${DONE}(?:全部|全额|成功)?${RETURN_VERB}`)],
  ['refund', new RegExp(`${MONEY}(?:全部|全额|成功)?${RETURN_VERB}[^，,；;]{0,10}?了`)],
  ['refund', new RegExp(`${DONE}${FOR_YOU}(?:办理|完成|提交|操作)?了?(?:全额|部分)?退款`)],
  ['refund', new RegExp(`${DONE}${FOR_YOU}(?:将|把)?${MONEY}(?:全部|全额)?${RETURN_VERB}`)],
  ['refund', new RegExp(`${DONE}${FOR_YOU}(?:原路)?${RETURN_VERB}(?:到|至)?(?:您的)?${ACCOUNT}`)],
  ['refund', new RegExp(`${DONE}原路(?:退回|返回|退还)`)],
  ['refund', new RegExp(`${DONE}${FOR_YOU}退(?:了|给您|还)?\\d+(?:\\.\\d+)?元`)],
  ['compensation', new RegExp(`${COMPENSATION}(?:申请)?${DONE}(?:成功)?(?:${ISSUE_VERB}|${CREDIT_VERB}|到位|完成|受理)`)],
  ['compensation', new RegExp(`${DONE}${FOR_YOU}(?:补偿|赔付|赔偿)`)],
  ['compensation', new RegExp(`${DONE}${FOR_YOU}${ISSUE_VERB}了?[^，,；;]{0,8}?${COMPENSATION}`)],
  ['money', new RegExp(`${MONEY}${DONE}(?:成功)?${CREDIT_VERB}`)],
  ['money', new RegExp(`${MONEY}(?:成功)?${CREDIT_VERB}了`)],
  ['money', new RegExp(`${DONE}${FOR_YOU}(?:将|把)?${MONEY}?${CREDIT_VERB}(?:您的)?${ACCOUNT}`)],
  ['cancel', new RegExp(`订单${DONE}${FOR_YOU}(?:成功)?${CANCEL_VERB}(?!申请)`)],
  ['cancel', new RegExp(`${DONE}${FOR_YOU}(?:成功)?${CANCEL_VERB}了?(?:该|此|这个|这笔|您的)?(?:订单|这单|该单)?(?!申请)`)],
  ['cancel', /取消(?:订单)?成功/],
  ['address_change', new RegExp(`${ADDRESS}${DONE}${FOR_YOU}(?:成功)?${CHANGE_VERB}`)],
  ['address_change', new RegExp(`${ADDRESS}${CHANGE_VERB}(?:成功|完成|好了)`)],
  ['address_change', new RegExp(`${DONE}${FOR_YOU}(?:成功)?(?:将|把)(?:您的|该订单的|订单的)?${ADDRESS}${CHANGE_VERB}`)],
  ['address_change', new RegExp(`${DONE}${FOR_YOU}(?:成功)?${CHANGE_VERB}了?(?:您的|该订单的|订单的)?${ADDRESS}`)],
  ['address_change', new RegExp(`${DONE}${FOR_YOU}提交了?(?:订单|地址)(?:修改|变更|更改)`)],
  ['address_change', new RegExp(`订单${DONE}${FOR_YOU}(?:成功)?${CHANGE_VERB}`)],
  ['ticket', new RegExp(`${TICKET}${DONE}${FOR_YOU}(?:成功)?${FILE_VERB}`)],
  ['ticket', new RegExp(`${DONE}${FOR_YOU}(?:成功)?${FILE_VERB}了?(?:一个|一张|一条|您的)?[^，,；;]{0,4}?${TICKET}`)],
  ['handoff', new RegExp(`${DONE}${FOR_YOU}(?:转接|转交|转)(?:给|到|至)?(?:人工|专员|客服专员)`)],
  ['request', new RegExp(`${DONE}${FOR_YOU}(?:全部|都|一并)?(?:处理|办理|办|弄|搞)(?:好|完|妥|定)`)],
  [
    'refund',
    /\b(?:refund|money|payment|amount)\b[^.,;!?]{0,30}\b(?:has|have|was|were|is)\s+(?:been\s+)?(?:issued|processed|completed|returned|refunded|credited|sent back)\b/i,
  ],
  ['refund', /\b(?:we|i)(?:'ve|\s+have)?\s+(?:already\s+)?(?:refunded|returned the money|issued (?:a|the|your) refund)\b/i],
  ['compensation', /\b(?:compensation|voucher|coupon)\b[^.,;!?]{0,30}\b(?:has|have|was|were|is)\s+(?:been\s+)?(?:issued|paid|sent|credited)\b/i],
  ['cancel', /\b(?:order|it)\b[^.,;!?]{0,30}\b(?:has|have|was|is)\s+(?:been\s+)?cancell?ed\b/i],
  ['cancel', /\b(?:we|i)(?:'ve|\s+have)?\s+(?:already\s+)?cancell?ed\b/i],
  ['address_change', /\baddress\b[^.,;!?]{0,30}\b(?:has|have|was|is)\s+(?:been\s+)?(?:changed|updated|modified)\b/i],
  ['ticket', /\b(?:ticket|complaint)\b[^.,;!?]{0,30}\b(?:has|have|was|is)\s+(?:been\s+)?(?:created|opened|filed|registered|logged|submitted)\b/i],
];

/** Before the claim in its clause: a negation (非常 and 不好意思 are courtesy, not negation). */
const NEGATION =
  /(?:未|没|无法|不能|不会|不(?!好意思|便|错|久|满)|非(?!常)|(?<![特区类级个])别(?!担心|着急|急)|尚未|并未|暂未|\bnot\b|\bnever\b|n't\b|\bno\b)/i;
/** Before the claim in its clause: the future or a possibility. */
const FUTURE =
  /(?:将(?!近)|会(?!员|话)|即将|稍后|预计|马上|随后|正在|待(?!发货|付款|支付|收货)|可以|能够|需要|\bwill\b|\bwould\b|\bcan\b|\bshall\b|\bgoing to\b|\bonce\b)/i;
/** A condition: before the claim in its clause or opening its sentence. */
const CONDITION = /(?:如果|若|假如|倘若|一旦|只要|要是|万一|如您|\bif\b|\bwhen\b|\bafter\b|\bunless\b)/i;
/** Right after the claim: it names a moment or a condition, not a fact ("退款成功后"). */
const CONDITION_AFTER = /^(?:后|之后|以后|的话|时|前|与否|与否|\s*(?:after|before|once))/i;
/** Before the claim in its clause: a record or a status quoted, not the agent saying it is done. */
const QUOTED_RECORD = /(?:记录(?:显示|为|是)?|状态(?:显示|为|是|：|:)|显示(?:为)?|\brecords?\s+(?:show|say)s?\b|\bstatus\b)/i;
const NOT_STATED_BEFORE = [NEGATION, FUTURE, CONDITION, QUOTED_RECORD];
/** The sentence asks. */
const QUESTION = /(?:[?？]\s*$|[吗么呢嘛]\s*[。.]?$|是否|有没有|是不是|能否|可否|要不要|\bwhether\b)/i;

/** Order references as the suite writes them (O123, O-123, SO123, ORD20240101). */
const ORDER_REF = /(?<![A-Za-z0-9])[A-Z]{1,4}-?\d+(?![A-Za-z0-9])/g;

/** The order references a text names, in order of appearance. */
export function orderReferences(text: string): string[] {
  return [...new Set(compact(text).match(ORDER_REF) ?? [])];
}

export function completionClaims(reply: string, vocabulary: readonly ClaimPhrase[] = []): CompletionClaim[] {
  const patterns: [string, (clause: string) => ClaimMatch[]][] = [
    ...vocabulary.map((p) => [p.kind, vocabularyMatcher(p)] as [string, ClaimMatcher]),
    ...MEANING.map(([kind, re]) => [kind, regexMatcher(re)] as [string, ClaimMatcher]),
  ];
  const found: Found[] = [];
  let offset = 0;
  for (const sentence of sentences(compact(reply))) {
    const orderIds = [...new Set(sentence.match(ORDER_REF) ?? [])];
    const asks = QUESTION.test(sentence);
    const clauses = sentence.split(/(?<=[，,；;])/);
    const conditional = CONDITION.test(clauses[0] ?? '');
    let at = offset;
    clauses.forEach((clause, i) => {
      for (const [kind, matches] of patterns) {
        for (const m of matches(clause)) {
          const before = clause.slice(0, m.index);
          const stated =
            !asks &&
            !(conditional && i > 0) &&
            !NOT_STATED_BEFORE.some((r) => r.test(r === QUOTED_RECORD ? before.slice(-12) : before)) &&
            !NEGATION.test(m.text) &&
            !CONDITION_AFTER.test(clause.slice(m.index + m.text.length));
          if (stated) found.push({ kind, text: m.text, orderIds, start: at + m.index, end: at + m.index + m.text.length });
        }
      }
      at += clause.length;
    });
    offset += sentence.length;
  }
  return oneClaimPerWording(found);
}

interface Found extends CompletionClaim {
  start: number;
  end: number;
}

/**
 * One claim per wording: a vocabulary match and a meaning match on the same
 * words are one claim (the longer wording), a repeated sentence says it once,
 * and a money claim overlapping a refund or compensation claim is that claim.
 */
function oneClaimPerWording(found: Found[]): CompletionClaim[] {
  const kept: Found[] = [];
  const generic = (f: Found) => (f.kind === 'money' ? 1 : 0);
  for (const f of [...found].sort((a, b) => generic(a) - generic(b) || b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    const overlaps = kept.some((k) => sameFamily(f.kind, k.kind) && f.start < k.end && k.start < f.end);
    const repeated = kept.some((k) => k.kind === f.kind && k.text === f.text && k.orderIds.join() === f.orderIds.join());
    if (!overlaps && !repeated) kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start).map(({ kind, text, orderIds }) => ({ kind, text, orderIds }));
}

function sameFamily(a: string, b: string): boolean {
  const money = (k: string) => k === 'money' || k === 'refund' || k === 'compensation';
  return a === b || (money(a) && money(b) && (a === 'money' || b === 'money'));
}

/** NFKC, and no spaces between Chinese characters (退 款 已 成 功 is 退款已成功); spaces between Latin words stay. */
function compact(reply: string): string {
  return reply
    .normalize('NFKC')
    .replace(/\s+/g, (gap, at: number, all: string) => (/[A-Za-z0-9]/.test(all[at - 1] ?? '') && /[A-Za-z0-9]/.test(all[at + gap.length] ?? '') ? ' ' : ''));
}

function sentences(text: string): string[] {
  return text.match(/[^。！？!?\n]+[。！？!?]*|[。！？!?]+/g)?.filter((s) => s.trim()) ?? [];
}

const vocabularyCache = new WeakMap<ClaimPhrase, ClaimMatcher>();
/** A Claim Vocabulary wording (`*` is up to eight characters within the clause), matched in linear time whatever it holds. */
function vocabularyMatcher(p: ClaimPhrase): ClaimMatcher {
  let matcher = vocabularyCache.get(p);
  if (!matcher) vocabularyCache.set(p, (matcher = claimMatcher(compact(p.phrase))));
  return matcher;
}

/** The fixed meaning patterns are ours and bounded: plain regular expressions. */
function regexMatcher(re: RegExp): ClaimMatcher {
  const global = new RegExp(re.source, `${re.flags.replace('g', '')}g`);
  return (clause) => [...clause.matchAll(global)].map((m) => ({ index: m.index, text: m[0] }));
}
