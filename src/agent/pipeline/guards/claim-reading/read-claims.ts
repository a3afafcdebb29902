/**
 * The reply guard's reading of completion claims, by structure: in the
 * reading form, any clause that holds an action word and a completed-state
 * word is a claim, whatever the words around them (a question after it, 呢
 * at its end, a hedge before it). What takes a claim back is narrow and
 * structural: a negation, the future or a condition before the claim within
 * its words, a moment or topic right after it (退款成功后, 到账时间), a
 * refusal after it, or the customer's own words quoted back. Where a clause
 * is not decidable it is read as a claim: this is a guard, and a false block
 * costs a template reply, a false pass a lie to a customer.
 *
 * The judge has readers of its own; nothing here is shared with it.
 */
import { withoutHiddenText } from './hidden-text.js';
import { fold } from '../untrusted-text-forms.js';
import {
  AFTER_EN,
  AFTER_ZH,
  CHINESE,
  DONE_LABEL,
  CONDITION_EN,
  CONDITION_ZH,
  ENGLISH,
  FUTURE_EN,
  FUTURE_ZH,
  GOODS,
  HEDGES,
  NEGATION_EN,
  NEGATION_ZH,
  OBSERVATION,
  REFUSED_AFTER_EN,
  REFUSED_AFTER_ZH,
  SETTLED,
  SETTLED_FILLER,
  SHOULD_ALREADY,
  ENDED_WAITS,
  NOTHING_BEFORE_EN,
  TIME_FRAME_EN,
  PAST_EN,
  MATTER,
  TOPIC_ZH,
  type ClaimKind,
  type ClaimState,
  type LexiconEntry,
  type StateMark,
} from './claim-lexicon.js';
import { readingForm } from './reading-form.js';

export interface GuardClaim {
  kind: ClaimKind;
  state: ClaimState;
  /** The clause that makes the claim, in the reading form. */
  text: string;
  /** References (order, refund, ticket ids) in the claim's sentence. */
  refs: string[];
  /** Money said to be sent back (钱已退回, money returned): only a refund sends money back, a compensation does not. */
  sentBack?: true;
}

interface Token {
  index: number;
  end: number;
  /** Where the run of letters it was found in starts, when it was found in one. */
  run?: number;
  /** For 已: the end of the words it marks, where what follows the claim begins. */
  reach?: number;
  english?: true;
  kind?: ClaimKind;
  mark?: StateMark;
  /** The state this word gives a claim, once 已/了 and adjacency are resolved. */
  state?: ClaimState | 'received';
}

interface Matcher {
  entry: LexiconEntry;
  re: RegExp;
}

const compile = (e: LexiconEntry, edges: boolean): Matcher => ({
  entry: e,
  // An underscore joins a word as a letter does: payment_status=paid is a field, not a payment.
  re: new RegExp(!e.english ? e.source : edges ? `(?<![a-z_])(?:${e.source})(?![a-z_])` : e.source.replace(/ /g, ''), 'gi'),
});
const MATCHERS = [...CHINESE, ...ENGLISH].map((e) => compile(e, true));
/** English read without word edges, inside a run of letters that lost its spaces ("refunddone"). */
const RUN_MATCHERS = ENGLISH.map((e) => compile(e, false));
const LETTER_RUN = /[a-z]{8,}/gi;
/** Inside such a run, a hit right after these letters is a negated word (unprocessed, incomplete, notdone). */
const RUN_NEGATED = /(?:un|in|not|never|no)$/i;
/** Inside such a run, no word edges: negations, the future and conditions as letters. */
const RUN_MARKERS = /^no|not(?!i)|never|will|cannot|goingto|once|unless|if(?:your|the|it)|when|after|until|whether/;

/** Characters of Chinese, and words of English, before a claim in which a negation or the future still counts. */
const WINDOW_ZH = 4;
const WORDS_EN = 2;
/** Characters between 已 and the action it marks (已经帮您把收货地址改成: six), an order reference counted as one. */
const BEFORE_REACH = 6;
/** With 将 or 把 the object stands between them (已将您的订单O123取消): four more. */
const DISPOSAL_REACH = BEFORE_REACH + 4;
const NEXT_TO = 2;

/** An order, refund, ticket or tracking reference as the records write it: O123, T-77. */
const REF = '[A-Z]{1,4}-?\\d+';
const ORDER_REF = new RegExp(`(?<![A-Za-z0-9])${REF}(?![A-Za-z0-9])`, 'g');
const WHOLE_REF = new RegExp(`^${REF}$`);
/** A reference split by marks or spaces (O 456, O_456, O.4.5.6): the letters and the digits it is made of. */
const SPLIT_REF = /(?<![A-Za-z0-9])([A-Z]{1,4})[\s_.·-]+(\d(?:[\s_.·-]\d)+(?!\d)|\d+)(?![A-Za-z0-9])/g;
const refsOf = (sentence: string): string[] => [
  ...new Set([
    ...(sentence.match(ORDER_REF) ?? []),
    // A reference written with one dash (T-77) is read whole above, as the records write it.
    ...[...sentence.matchAll(SPLIT_REF)].filter((m) => !WHOLE_REF.test(m[0])).map((m) => `${m[1]}${m[2]!.replace(/\D/g, '')}`),
  ]),
];
const QUOTED = /"([^"\n]{1,80})"|「([^」\n]{1,80})」|『([^』\n]{1,80})』/g;
const ATTRIBUTED =
  /(?:您|你)(?:刚才|之前|刚刚)?(?:问|说|提到|询问|咨询|问到|提问|写道)(?:的|道|过|了|是)?[:：,，]?([^。！？!?\n]{2,80}[?？]?)|\byou (?:asked|said|mentioned|wrote|wondered)(?: whether| if)?[:,]?\s*([^.!?\n]{2,120}\??)/gi;

/** The customer's own words, quoted or attributed to them, are not the reply's claim. */
function withoutEchoes(form: string, userWords: string): string {
  // Whole sentences of the customer's: a fragment of one ("我的退款到账了" from "我的退款到账了吗") is not their question.
  const said = new Set(
    userWords
      .split(/[\n。！？!?]+/)
      .map(fold)
      .filter(Boolean),
  );
  const echo = (whole: string, ...groups: unknown[]) => {
    const inner = groups.find((g): g is string => typeof g === 'string' && g.length > 0);
    return inner && said.has(fold(inner)) ? '，' : whole;
  };
  return form.replace(QUOTED, echo).replace(ATTRIBUTED, echo);
}

function withoutHedges(form: string): string {
  let out = form;
  for (const hedge of HEDGES) out = out.replace(new RegExp(hedge.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '，');
  // Dropped, not a break: what the bank should show already is still said of the bank.
  out = out.replace(SHOULD_ALREADY, '');
  for (const [ended, state] of ENDED_WAITS) out = out.replace(ended, state);
  return out;
}

/** A full stop ends a sentence before a space, the end, a Chinese character, or a capital after a lower-case word ("submitted.钱走完了", "done.Your"). */
function sentencesOf(form: string): string[] {
  return form.split(/[。！？!?\n]+|\.(?=\s|$|\p{Script=Han})|(?<=[a-z])\.(?=[A-Z])/u).filter((s) => s.trim());
}

function tokensOf(clause: string): Token[] {
  const found: Token[] = [];
  // exec on the shared expression, not matchAll: matchAll copies the expression on every call, hundreds per clause.
  const add = (m: Matcher, text: string, offset: number, run?: number) => {
    m.re.lastIndex = 0;
    for (let hit = m.re.exec(text); hit; hit = m.re.exec(text)) {
      if (!hit[0]) {
        m.re.lastIndex += 1;
        continue;
      }
      found.push({ index: offset + hit.index, end: offset + hit.index + hit[0].length, ...pick(m.entry), ...(run === undefined ? {} : { run }) });
    }
  };
  for (const m of MATCHERS) add(m, clause, 0);
  for (const run of clause.matchAll(LETTER_RUN))
    for (const m of RUN_MATCHERS) {
      const before = found.length;
      add(m, run[0], run.index, run.index);
      // A negated word is no state at all: drop it rather than read it as one. A hit that is the whole run is a
      // word with its edges, which the word's own matcher read in its clause (what happened…): not read again here.
      const dropped = found
        .slice(before)
        .filter((t) => RUN_NEGATED.test(clause.slice(run.index, t.index)) || (t.index === run.index && t.end === run.index + run[0].length));
      for (const t of dropped) found.splice(found.indexOf(t), 1);
    }
  // Longest word first at each place, then no overlaps: 退款中 is one word, not 退款 and 中.
  found.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: Token[] = [];
  for (const t of found) if (!kept.some((k) => t.index < k.end && k.index < t.end)) kept.push(t);
  return kept.sort((a, b) => a.index - b.index);
}

function pick(e: LexiconEntry): Pick<Token, 'kind' | 'mark' | 'english'> {
  return { ...(e.kind ? { kind: e.kind } : {}), ...(e.mark ? { mark: e.mark } : {}), ...(e.english ? { english: true as const } : {}) };
}

const RANK: Record<ClaimState | 'received', number> = { submitted: 1, received: 2, succeeded: 3, arrived: 4 };
const strongest = (states: (ClaimState | 'received')[]) => states.sort((a, b) => RANK[b] - RANK[a])[0];

/** The state each word gives; 已 and 了 take theirs from the words they stand beside. */
function resolveStates(clause: string, tokens: Token[]): void {
  for (const t of tokens) {
    if (t.mark === 'submitted' || t.mark === 'arrived' || t.mark === 'received') t.state = t.mark;
    if (t.mark === 'succeeded' || t.mark === 'returned') t.state = 'succeeded';
  }
  // 提交成功, 创建完成: the success of a submission is a submission; not when another action is named between
  // them (退款已提交呢钱走完了: the money is said gone through).
  const between = (x: Token, y: Token) => tokens.some((k) => k.kind && k.index >= Math.min(x.end, y.end) && k.end <= Math.max(x.index, y.index));
  for (const t of tokens) {
    if (t.mark !== 'succeeded' || t.kind) continue;
    const submission = tokens.some(
      (o) => o.mark === 'submitted' && (Math.abs(o.index - t.end) <= NEXT_TO || Math.abs(t.index - o.end) <= NEXT_TO) && !between(o, t),
    );
    if (submission) t.state = 'submitted';
  }
  tokens.forEach((t, i) => {
    if (t.mark === 'before') t.state = stateAfter(clause, tokens, i);
    if (t.mark === 'after') t.state = stateBefore(tokens, i);
  });
}

/** 已 marks the words right after it: their state, else (已退款, 已取消) the effect done. */
function stateAfter(clause: string, tokens: Token[], at: number): Token['state'] {
  const run: Token[] = [];
  let from = tokens[at]!.end;
  for (const t of tokens.slice(at + 1)) {
    if (t.mark === 'before' || t.mark === 'after') break;
    const gap = clause.slice(from, t.index);
    if (OBSERVATION.test(gap) || reachOf(gap) > (run.length ? NEXT_TO : BEFORE_REACH)) break;
    run.push(t);
    from = t.end;
  }
  if (!run.some((t) => t.kind || t.mark)) return actionBefore(clause, tokens, at);
  // With 将/把 the verb follows its object: 已经把您的订单信息查清楚了 is a look-up, whatever the object names.
  if (/[将把]/.test(clause.slice(tokens[at]!.end, run[0]!.index)) && OBSERVATION.test(clause.slice(from))) return undefined;
  tokens[at]!.reach = from;
  const states = run.flatMap((t) => (t.state ? [t.state] : t.mark === 'weak_submitted' ? ['submitted' as const] : []));
  return states.length ? strongest(states) : 'succeeded';
}

/**
 * 已 after the action it marks, with a verb nobody listed (补偿款已经打给您了,
 * 退款我们已经转过去了): the action named just before it is done. The state is
 * what a state word later in the clause says, else the effect done.
 */
function actionBefore(clause: string, tokens: Token[], at: number): Token['state'] {
  const self = tokens[at]!;
  const action = tokens
    .slice(0, at)
    .reverse()
    .find((t) => t.kind);
  if (!action) return undefined;
  const gap = clause.slice(action.end, self.index);
  if (reachOf(gap) > BEFORE_REACH || OBSERVATION.test(gap)) return undefined;
  // 退款已被拒绝 / 已驳回: what 已 marks is a refusal or a failure, not the action done.
  if (OBSERVATION.test(clause.slice(self.end)) || REFUSED_AFTER_ZH.test(clause.slice(self.end))) return undefined;
  self.reach = clause.length;
  const later = tokens.slice(at + 1).flatMap((t) => (t.state ? [t.state] : t.mark === 'received' ? ['received' as const] : []));
  return later.length ? strongest(later) : 'succeeded';
}

/**
 * How far apart a gap puts 已 and its action, against BEFORE_REACH: an order reference is one
 * word however many digits it has, and a 将/把 phrase may hold the object (DISPOSAL_REACH).
 */
function reachOf(gap: string): number {
  const length = gap.replace(ORDER_REF, 'R').length;
  return /[将把]/.test(gap) ? length - (DISPOSAL_REACH - BEFORE_REACH) : length;
}

/** 了 marks the word right before it. */
function stateBefore(tokens: Token[], at: number): Token['state'] {
  const prev = tokens[at - 1];
  const self = tokens[at]!;
  if (!prev || self.index - prev.end > NEXT_TO || prev.mark === 'before') return undefined;
  if (prev.state) return prev.state;
  if (prev.mark === 'weak_submitted') return 'submitted';
  return prev.kind || prev.mark === 'weak_succeeded' ? 'succeeded' : undefined;
}

const FUTURE_ZH_FROM = new RegExp(FUTURE_ZH.source, 'g');

/**
 * A word of the future that starts between start and end. It is read in the whole clause, not in the window cut
 * out of it, so that what follows it can decide: 应该 before an arrival ended by 了 (钱应该到了) is should have.
 */
function futureWithin(clause: string, start: number, end: number): boolean {
  FUTURE_ZH_FROM.lastIndex = start;
  const found = FUTURE_ZH_FROM.exec(clause);
  return found !== null && found.index < end;
}

/**
 * Whether the words around an action and a state take the claim back. The markers of the claim's
 * own language only: "not_executed 订单已取消" is a Chinese claim an English word does not negate.
 * English markers count from two words before the claim, Chinese ones from four characters before.
 */
function takenBack(clause: string, a: Token, b: Token, kinds: Token[]): boolean {
  // One word that is action and state (到账): its window reaches back to the action named before it (退款将于3日内到账).
  // Only to an action of its own family: "compensation_denied … the order has been cancelled" is not a denied cancellation.
  const related = (k: Token) => k.kind === a.kind || (MONEY_KINDS.has(k.kind!) && MONEY_KINDS.has(a.kind!));
  const first = a === b ? Math.min(a.index, ...kinds.filter((k) => k.index < a.index && related(k)).map((k) => k.index)) : Math.min(a.index, b.index);
  const later = Math.max(a.index, b.index);
  const lastEnd = Math.max(a.end, b.end, a.reach ?? 0, b.reach ?? 0);
  const lower = clause.toLowerCase();
  const before = lower.slice(0, later);
  const after = lower.slice(lastEnd);
  const chinese = !a.english || !b.english;
  const english = a.english || b.english;
  if (chinese) {
    const start = Math.max(0, first - WINDOW_ZH);
    const zh = clause.slice(start, later);
    if (NEGATION_ZH.test(zh) || futureWithin(clause, start, later) || CONDITION_ZH.test(before) || AFTER_ZH.test(after) || REFUSED_AFTER_ZH.test(after))
      return true;
    if (endsOnAction(a, b, lastEnd) && TOPIC_ZH.test(after)) return true;
  }
  if (english) {
    const en = `${lower
      .slice(0, first)
      .split(/\s+/)
      .slice(-WORDS_EN - 1)
      .join(' ')}${lower.slice(first, later)}`;
    if (NEGATION_EN.test(en) || FUTURE_EN.test(en) || CONDITION_EN.test(before) || AFTER_EN.test(after) || REFUSED_AFTER_EN.test(after)) return true;
    // A time frame takes a claim back only where nothing says it is past: "refunded within 2 hours" is a claim.
    const saidPast = () => PAST_EN.test(lower) || [a, b].some((t) => /ed$/i.test(clause.slice(t.index, t.end)));
    if ((TIME_FRAME_EN.test(lower) && !saidPast()) || NOTHING_BEFORE_EN.test(lower.slice(0, later))) return true;
  }
  return [a, b].some((t) => t.run !== undefined && RUN_MARKERS.test(lower.slice(t.run, later)));
}

/** Whether the claim's last word is an action word (退款 in 退款流程), whose next noun it would modify. */
function endsOnAction(a: Token, b: Token, lastEnd: number): boolean {
  return [a, b].some((t) => t.end === lastEnd && t.kind !== undefined);
}

/** A clause that asks: ending in 吗 or 么 (the question mark is gone with the sentence split), or English in question order. */
const ASKED = /(?:吗|么|嘛)\s*$|^\s*(?:is|are|was|were|has|have|did|do|does)(?![a-z])/i;

/** A settled state that is the whole clause but for SETTLED_FILLER: 已经处理好了, 搞定啦, Done!, all sorted for you. */
function standsAlone(clause: string, state: Token): boolean {
  return `${clause.slice(0, state.index)} ${clause.slice(state.reach ?? state.end)}`.replace(SETTLED_FILLER, '').trim() === '';
}

/** Done for the customer: 帮您, 为您, 给您, 全部, 都. */
const DONE_FOR_YOU = /(?:帮|为|给|替)(?:您|你)|全部|都/;

const MONEY_KINDS: ReadonlySet<ClaimKind> = new Set(['refund', 'compensation', 'money']);
/** Money said to be back ("Your money for O123 is back", "back in your account"): it came back, which only a refund makes it do. */
const BACK = /\bback\b/i;

/** `tokens`: the clause's, when the caller found them already; changed here (their states resolved). */
/** `settledAlone`: whether a settled state with nothing named reads as the customer's request (not when an action is left open before it). */
function claimsInClause(clause: string, refs: string[], tokens = tokensOf(clause), settledAlone = true): GuardClaim[] {
  resolveStates(clause, tokens);
  const states = tokens.filter((t) => t.state);
  let kinds = tokens.filter((t) => t.kind);
  if (!kinds.length) {
    // Money sent back with nothing named (已原路退回): a refund, unless the clause is about goods.
    const returned = states.filter((t) => t.mark === 'returned');
    // Done with nothing named (已经帮您全部处理好了): what the customer asked for, said to be done.
    const doneForYou = /已/.test(clause) && DONE_FOR_YOU.test(clause) ? states.filter((t) => t.state === 'succeeded') : [];
    // The matter said settled with nothing named (订单 O123 我已经处理好了, it's all sorted): the same.
    const settled =
      // Asked whether the matter is settled (问题解决了吗), the customer is asked, not told.
      settledAlone && !OBSERVATION.test(clause) && !ASKED.test(clause)
        ? states.filter(
            (t) =>
              t.state === 'succeeded' &&
              SETTLED.test(clause.slice(t.index, t.reach ?? t.end)) &&
              (refs.length || MATTER.test(clause) || standsAlone(clause, t)),
          )
        : [];
    if (returned.length && !GOODS.test(clause.toLowerCase())) kinds = returned.map((t) => ({ ...t, kind: 'refund' as const }));
    else if (doneForYou.length || settled.length) kinds = [...doneForYou, ...settled].map((t) => ({ ...t, kind: 'request' as const }));
    else return [];
  }
  const aboutRequest = kinds.some((k) => k.kind === 'request' || k.kind === 'ticket');
  const out: GuardClaim[] = [];
  for (const k of kinds) {
    for (const s of states) {
      if (takenBack(clause, k, s, kinds)) continue;
      const raw = s.state!;
      // 收到: money received, or (收到您的申请) a request received.
      const state: ClaimState = raw === 'received' ? (MONEY_KINDS.has(k.kind!) && !aboutRequest ? 'arrived' : 'submitted') : raw;
      const sentBack =
        // "back" in the state or after it: money credited back, ¥50 paid back to your card.
        k.kind === 'money' && states.some((t) => (t.mark === 'returned' || BACK.test(clause.slice(t.index))) && !takenBack(clause, k, t, kinds));
      out.push({ kind: k.kind!, state, text: clause, refs, ...(sentBack ? { sentBack } : {}) });
    }
  }
  return specific(out);
}

/** A clause that names a refund and money claims the refund; one that names an action and a request claims the action. */
function specific(claims: GuardClaim[]): GuardClaim[] {
  const kinds = new Set(claims.map((c) => c.kind));
  const named = [...kinds].some((k) => k === 'refund' || k === 'compensation');
  const acted = [...kinds].some((k) => k !== 'request' && k !== 'money' && k !== 'handoff');
  const kept = claims.filter((c) => !(c.kind === 'money' && named) && !(c.kind === 'request' && acted));
  const seen = new Set<string>();
  return kept.filter((c) => {
    const key = `${c.kind}:${c.state}`;
    return !seen.has(key) && seen.add(key);
  });
}

/**
 * Field names and values pasted into a reply (after_sales_status=none, refund_denied): code, not words.
 * Read as a break, so that their "none" or "denied" negates nothing beside them.
 */
const IDENTIFIER = /[a-z0-9]+(?:_[a-z0-9]+)+(?:=[\w.-]*)?|[a-z_]+=[\w.-]*/gi;

// A dash ends a clause too, but not one between digits (1–3 天) ("No need to cancel — it's already cancelled": the need is negated, not the cancellation).
const CLAUSE_BREAK = new RegExp(
  `[，,；;]+|(?<!\\d)[—–]+|[—–]+(?!\\d)|(?<!【${DONE_LABEL})】+|(?<![(（]${DONE_LABEL})[)）]+|(?<!\\[(?:[xX✓✔√]|${DONE_LABEL})?)\\]+`,
);

/** The claims of a reply as written and, where something in it is struck through or hidden, as it renders without it. */
export function readClaims(reply: string, userWords = ''): GuardClaim[] {
  const shown = withoutHiddenText(reply);
  return shown === reply ? claimsAsWritten(reply, userWords) : [...claimsAsWritten(reply, userWords), ...claimsAsWritten(shown, userWords)];
}

function claimsAsWritten(reply: string, userWords: string): GuardClaim[] {
  // A field pasted in (refund_status=success) is read as its words, in a clause of its own: its "none" negates nothing beside it.
  const form = withoutHedges(withoutEchoes(readingForm(reply), userWords)).replace(IDENTIFIER, (field) => `，${field.replace(/[_=]/g, ' ')}，`);
  const out: GuardClaim[] = [];
  // 退款的事。已经好了。: a state with no action takes the action left open before it, in this sentence or the one before.
  let open: string | null = null;
  for (const sentence of sentencesOf(form)) {
    const refs = refsOf(sentence);
    // A closing bracket ends a clause (a tag's "未…" negates nothing after it), except the one of a tick box ([x])
    // or a done label ([已完成] 退款申请), which marks what follows.
    const clauses = sentence.split(CLAUSE_BREAK).filter((c) => c.trim());
    for (const clause of clauses) {
      const tokens = tokensOf(clause);
      // A copy: resolving the states changes the tokens, and the kinds below are read from them as found.
      // A settled matter with nothing named is the customer's request only when no action was left open before it.
      let found = claimsInClause(
        clause,
        refs,
        tokens.map((t) => ({ ...t })),
        open === null,
      );
      // 您的退款，已经办妥了: a state with no action takes the action of the clause before it.
      // Joined with a space between English words ("Refund? Sorted!"): glued, the two words would be one.
      if (!found.length && open !== null && !tokens.some((t) => t.kind))
        found = claimsInClause(`${open}${/[a-z]\s*$/i.test(open) && /^\s*[a-z]/i.test(clause) ? ' ' : ''}${clause}`, refs);
      out.push(...found);
      open = found.length ? null : tokens.some((t) => t.kind) ? clause : open;
    }
  }
  return out;
}
