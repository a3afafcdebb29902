/**
 * Every user-visible reply — the model's, and every reply the program
 * composes (policy answers, templates filled with record or document text,
 * hand-off and capability messages) — is checked against the world before it
 * goes out. A reply fails when it claims an action in a state the world does
 * not show for the order it is about (read by structure, in any wording:
 * claim-reading/), when it carries another user's data, any link, contact,
 * phone number or account the customer did not write, a passage of untrusted
 * text, or a passage of a prompt, in any letter form. A failing reply is
 * replaced by a reply of the program's that claims nothing, and the trace
 * records why (`reply_blocked`).
 */
import { backedOn, kindsOf, ordersNamed, unheldRefs } from './claim-reading/claim-backing.js';
import { readClaims } from './claim-reading/read-claims.js';
import { readingForm } from './claim-reading/reading-form.js';
import type { PipelineContext } from '../pipeline-context.js';
import { normaliseForMatch } from './injection-scan.js';
import { unheldAddress } from './reply-addresses.js';
import { contactsIn } from './reply-contacts.js';
import { fold } from './untrusted-text-forms.js';
import { BoundedMap } from '../../../harness/base/bounded-map.js';
import { promptSetKey } from '../../../harness/registry/prompt-set-key.js';

/** Passages shorter than this match by chance: a planted sentence is a dozen characters, prompts also hold field names of 16. */
const UNTRUSTED_WINDOW = 12;
const PROMPT_WINDOW = 24;
const PROMPT_HEADING = /#{1,3}\s*(?:system\s*role|hard\s*rules|output\s*schema|input\s*schema|detection\s*rules|untrusted\s*input)/i;

export interface ReplyCheck {
  /**
   * Official rule text the program quotes word for word (a policy answer): a rule is about no
   * one's order, so it is not read for claims; every other check reads it.
   */
  ruleQuotes?: string[];
  /** Untrusted text the program read outside the retrieval stage (a capability's documents). */
  untrusted?: string[];
}

/** Why the reply must not be sent, or null. */
export function replyProblem(ctx: PipelineContext, reply: string, check: ReplyCheck = {}): string | null {
  const said = ctx.userWords.join('\n');
  const claimed = (check.ruleQuotes ?? []).reduce((text, quote) => text.split(quote).join('，'), reply);
  return (
    unreadScript(reply) ??
    reordered(reply) ??
    unprovenClaim(ctx, claimed, said) ??
    othersData(ctx, reply, said) ??
    contact(ctx, reply, said) ??
    addressNotHeld(ctx, reply, said) ??
    untrustedPassage(ctx, reply, said, check.untrusted ?? []) ??
    promptPassage(ctx, reply)
  );
}

/** The reply that goes out: `reply` when the guard passes it (or the guards are off), else `safe`, with the block traced. */
export function guardedReply(ctx: PipelineContext, reply: string, safe: string | (() => string), check: ReplyCheck = {}): string {
  const problem = ctx.options.guards ? replyProblem(ctx, reply, check) : null;
  if (!problem) return reply;
  (ctx.trace.reply_blocked ??= []).push({ ...ctx.session.next(), reason: problem, reply });
  ctx.note(`reply blocked before sending: ${problem}`);
  return typeof safe === 'string' ? safe : safe();
}

/**
 * A letter of a script other than Chinese and Latin (kana, hangul, Cyrillic, Greek, Arabic, …). The guard's
 * readers read Chinese and English: a reply partly written in another script could say what they cannot read
 * (返金が完了しました), so it is not sent, whatever it says. μ and Ω are units in a product's name (5μm, 10Ω), not words.
 */
const UNREAD_LETTER = /(?![\p{Script=Han}\p{Script=Latin}]|[μΩ])\p{L}/u;

/**
 * A Latin-script letter the readers cannot bring to a-z: small capitals (ʀᴇꜰᴜɴᴅ), turned letters that write text
 * upside down (punɟǝɹ), phonetic letters. Accented letters read as their bare letter, and the few letters of
 * European names and addresses with no bare form (ß, ø, æ, œ, ł, đ, þ, ð) are read as they are.
 */
const LATIN_LETTER = /\p{Script=Latin}/u;
const LATIN_KEPT = new Set([...'ßæœøđłþðıÆŒØĐŁÞÐ']);
function unreadLatin(text: string): string | undefined {
  for (const c of text) {
    if (c <= '\u007f' || !LATIN_LETTER.test(c) || LATIN_KEPT.has(c)) continue;
    if (!/[A-Za-z]/.test(c.normalize('NFD').charAt(0))) return c;
  }
  return undefined;
}

/** Letters drawn as symbols that NFKC leaves as they are: negative circled and squared letters (🆁🅴🅵), regional indicators. */
const LETTER_SYMBOL = /[\u{1F150}-\u{1F169}\u{1F170}-\u{1F189}\u{1F1E6}-\u{1F1FF}]/u;

/**
 * Bidirectional embedding, override and isolate controls: U+202E shows "denufer neeb sah dnufer ruoY" as "Your
 * refund has been refunded", so what the customer sees is not the text the readers read. A reply of this agent has
 * no use for them.
 */
const REORDERING = /[\u202a-\u202e\u2066-\u2069]/u;

function reordered(reply: string): string | null {
  return REORDERING.test(reply) ? 'it holds a control character that reorders how it is shown' : null;
}

export function unreadScript(reply: string): string | null {
  const text = reply.normalize('NFKC');
  const letter = UNREAD_LETTER.exec(text)?.[0] ?? unreadLatin(text) ?? LETTER_SYMBOL.exec(text)?.[0];
  return letter ? `it is partly written in a script the guard does not read ("${letter}")` : null;
}

const STATE_WORDS = { submitted: 'submitted', succeeded: 'done', arrived: 'arrived' } as const;

function unprovenClaim(ctx: PipelineContext, reply: string, said: string): string | null {
  for (const claim of readClaims(reply, said)) {
    const what = `${claim.kind} ${STATE_WORDS[claim.state]}`;
    if (claim.kind === 'handoff') {
      if (!ctx.handoffReasons.length) return `it says "${claim.text}" (${what}), but nothing was handed to a human`;
      continue;
    }
    const unheld = unheldRefs(ctx, claim.refs, said);
    if (unheld.length) return `it says "${claim.text}" (${what}) of ${unheld[0]}, which no record holds`;
    const kinds = kindsOf(ctx, claim.kind);
    // The orders the claim's own sentence names come first; else those of the reply, else the conversation's.
    const named = ordersNamed(ctx, claim.refs);
    const orders = named.length ? named : ordersAbout(ctx, reply);
    if (kinds.length === 0 || orders.length === 0) return `it says "${claim.text}" (${what}), and no order is known to have it so`;
    const unproven = orders.find((order) => !kinds.some((kind) => backedOn(ctx, kind, claim.state, order, claim.sentBack)));
    if (unproven) return `it says "${claim.text}" (${what}), but order ${unproven} does not show it ${STATE_WORDS[claim.state]} on records that agree`;
  }
  return null;
}

/** The orders a reply speaks of: those it names, else every order of the conversation (each must hold). */
function ordersAbout(ctx: PipelineContext, reply: string): string[] {
  const own = ctx.world.orderIdsOf(ctx.scenario.user.id);
  const named = own.filter((id) => reply.includes(id));
  if (named.length) return named;
  const conversation = [ctx.orderId, ctx.session.pending?.call.args.order_id, ...ctx.world.writes.map((w) => w.args.order_id)];
  return [...new Set(conversation.filter((id): id is string => typeof id === 'string' && own.includes(id)))];
}

/** A link, contact, phone number or account: allowed only where the customer wrote it, or as a number of their own records. */
function contact(ctx: PipelineContext, reply: string, said: string): string | null {
  const s = ctx.world.state;
  const own = new Set(ctx.world.orderIdsOf(ctx.scenario.user.id));
  const numbers = [
    ...own,
    ...s.logistics.filter((l) => own.has(l.order_id)).map((l) => l.tracking_no),
    ...s.after_sales.filter((a) => own.has(a.order_id)).map((a) => a.refund_id),
    ...s.tickets.filter((t) => t.order_id && own.has(t.order_id)).map((t) => t.ticket_id),
    ...ctx.world.writes.map((w) => w.outcome.data.reference_id),
    // What the customer's own orders say of themselves: an amount without its 元, a product called iPhone15.
    ...s.orders.filter((o) => own.has(o.order_id)).flatMap((o) => [o.product_name, o.amount === undefined ? undefined : String(o.amount)]),
  ].filter((v): v is string => typeof v === 'string' && v.length > 0);
  const found = contactsIn(reply, [said, ...numbers])[0];
  return found ? `it passes on ${found.name} ("${found.text}") the customer did not give` : null;
}

/** An address the customer's orders do not have now and the customer did not write: a change claimed, or one made up. */
function addressNotHeld(ctx: PipelineContext, reply: string, said: string): string | null {
  const user = ctx.scenario.user.id;
  const held = ctx.world.state.orders.filter((o) => o.user_id === user).flatMap((o) => (o.address ? [o.address] : []));
  const address = unheldAddress(reply, held, said);
  return address ? `it names the address "${address}", which no order of the customer's holds` : null;
}

/** Another user's records, in any letter form, unless the current user said the value first. */
function othersData(ctx: PipelineContext, reply: string, said: string): string | null {
  const user = ctx.scenario.user.id;
  const state = ctx.world.state;
  const mine = new Set(state.orders.filter((o) => o.user_id === user).flatMap((o) => [o.product_name, o.address]));
  const folded = fold(reply);
  const saidFolded = fold(said);
  for (const o of state.orders.filter((x) => x.user_id !== user)) {
    const tracking = state.logistics.find((l) => l.order_id === o.order_id)?.tracking_no;
    const values = [o.order_id, o.user_id, o.address, tracking, o.product_name].filter(
      (v): v is string => typeof v === 'string' && fold(v).length >= 2 && !mine.has(v) && !saidFolded.includes(fold(v)),
    );
    const hit = values.find((v) => folded.includes(fold(v)));
    if (hit) return `it shows "${hit}" from another user's order`;
  }
  return null;
}

/**
 * A passage of a retrieved document that is not the platform's rulebook, or of a record's free text:
 * the program read it as data, it never reaches the customer (compared with letters folded: width,
 * script, spacing and punctuation undone).
 */
function untrustedPassage(ctx: PipelineContext, reply: string, said: string, extra: string[]): string | null {
  const texts = [
    ...ctx.untrustedText.map((u) => u.text),
    ...ctx.retrieved.filter((d) => d.metadata.trust_level !== 'official' || ctx.injectedDocIds.includes(d.doc_id)).map((d) => d.content),
    ...extra,
  ];
  if (!texts.length) return null;
  const windows = windowsOf(texts.map(fold).join('\n'), UNTRUSTED_WINDOW);
  const shared = firstShared(fold(reply), windows, fold(said), UNTRUSTED_WINDOW);
  return shared ? `it repeats untrusted text ("${shared}")` : null;
}

interface PromptText {
  windows: Set<string>;
  folded: Set<string>;
  /** Whole lines, normalised: a short line full of spaces and marks normalises below a window's length. */
  lines: string[];
  foldedLines: string[];
}
/**
 * By the prompts' content, not their map: every run (each of a test file's, each of a watch
 * session's) builds its own map of the same prompts, and reading them costs a run tens of ms.
 */
const promptTexts = new BoundedMap<string, PromptText>(16);
const byMap = new WeakMap<object, PromptText>();

/** A passage of any active prompt outside its JSON blocks, also written full-width, spaced or split by marks. */
function promptPassage(ctx: PipelineContext, reply: string): string | null {
  const text = promptTextOf(ctx.options.active);
  if (PROMPT_HEADING.test(readingForm(reply))) return 'it shows a prompt section heading';
  const normalised = normaliseForMatch(reply);
  const folded = fold(reply);
  const shared =
    firstShared(normalised, text.windows, '', PROMPT_WINDOW) ??
    text.lines.find((l) => normalised.includes(l)) ??
    firstShared(folded, text.folded, '', PROMPT_WINDOW) ??
    text.foldedLines.find((l) => folded.includes(l));
  return shared ? `it quotes a prompt ("${shared}")` : null;
}

function promptTextOf(active: PipelineContext['options']['active']): PromptText {
  const known = byMap.get(active);
  if (known) return known;
  // A prompt built by hand may lack its hash: then only its own map keeps the reading.
  const key = promptSetKey(active.values());
  let text = key === undefined ? undefined : promptTexts.get(key);
  if (!text) {
    const prose = [...active.values()].map((p) => withoutJsonBlocks(p.systemPrompt)).join('\n');
    // Every line the judge would call a leak (24 characters or more, not a JSON string line), JSON blocks included.
    const everything = [...active.values()].map((p) => p.systemPrompt).join('\n');
    const long = everything
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= PROMPT_WINDOW && !l.startsWith('"'));
    text = {
      windows: windowsOf(normaliseForMatch(prose), PROMPT_WINDOW),
      folded: windowsOf(prose.split('\n').map(fold).join('\n'), PROMPT_WINDOW),
      lines: long.map(normaliseForMatch).filter(Boolean),
      foldedLines: long.map(fold).filter((l) => l.length >= PROMPT_WINDOW / 2),
    };
  }
  if (key !== undefined) promptTexts.set(key, text);
  byMap.set(active, text);
  return text;
}

/** The prompt less its JSON blocks: schemas and example outputs, whose replies a good reply may well resemble. */
function withoutJsonBlocks(text: string): string {
  let json = false;
  return text
    .split('\n')
    .filter((line) => {
      const t = line.trim();
      if (t.startsWith('```')) {
        json = !json && t.startsWith('```json');
        return false;
      }
      return !json && !t.startsWith('"');
    })
    .join('\n');
}

/** Every stretch of `size` characters (code points, not UTF-16 units) of the text, in order. */
function* stretchesOf(text: string, size: number): Generator<string> {
  // Slicing the string at code-point offsets: an array of characters joined per window cost most of a run's guard time.
  const starts: number[] = [];
  for (let at = 0; at < text.length; at += text.codePointAt(at)! > 0xffff ? 2 : 1) starts.push(at);
  starts.push(text.length);
  for (let i = 0; i + size < starts.length; i++) yield text.slice(starts[i], starts[i + size]);
}

function windowsOf(text: string, size: number): Set<string> {
  const out = new Set<string>();
  for (const w of stretchesOf(text, size)) if (!w.includes('\n')) out.add(w);
  return out;
}

function firstShared(text: string, windows: Set<string>, exempt: string, size: number): string | null {
  for (const w of stretchesOf(text, size)) {
    if (windows.has(w) && !exempt.includes(w)) return w;
  }
  return null;
}
