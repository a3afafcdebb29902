/**
 * Every user-visible reply is checked against the world before it goes out.
 * A reply fails when it says an action is done that the world does not show
 * done for the order it is about (on records that agree), when it carries
 * another user's data, text or a link or contact that only untrusted text
 * carried, or a passage of a prompt. A failing reply is replaced by a template
 * that claims nothing, and the trace records why (`reply_blocked`).
 */
import { completionClaims } from '../registry/completion-claims.js';
import { REQUEST_TOOLS } from '../registry/seed-contracts.js';
import { recordConflicts } from './gates/gate-chain.js';
import type { PipelineContext } from './pipeline-context.js';
import { normaliseForMatch } from './injection-scan.js';
import { LINK_OR_CONTACT } from '../registry/link-or-contact.js';

/** The write whose effect makes a claim of each kind true. */
const CLAIM_TOOLS: Record<string, string[]> = {
  refund: ['create_refund'],
  compensation: ['create_compensation'],
  // Money back without saying which: either write's effect proves it.
  money: ['create_refund', 'create_compensation'],
  cancel: ['cancel_order'],
  ticket: ['create_ticket'],
  address_change: ['modify_address', 'modify_order'],
};
/** Passages shorter than this match by chance: a planted sentence is a dozen characters, prompts also hold field names of 16. */
const UNTRUSTED_WINDOW = 12;
const PROMPT_WINDOW = 24;

/** Why the reply must not be sent, or null. */
export function replyProblem(ctx: PipelineContext, reply: string): string | null {
  const said = ctx.userWords.join('\n');
  return unprovenClaim(ctx, reply) ?? othersData(ctx, reply, said) ?? untrustedPassage(ctx, reply, said) ?? promptPassage(ctx, reply);
}

function unprovenClaim(ctx: PipelineContext, reply: string): string | null {
  const vocabulary = ctx.prompt('customer_response_generation').structured.claimVocabulary ?? [];
  for (const claim of completionClaims(reply, vocabulary)) {
    if (claim.kind === 'handoff') {
      if (!ctx.handoffReasons.length) return `it says "${claim.text}", but nothing was handed to a human`;
      continue;
    }
    const tools = claim.kind === 'request' ? (REQUEST_TOOLS[String(ctx.intent?.intent)] ?? []) : (CLAIM_TOOLS[claim.kind] ?? []);
    // The orders the claim's own sentence names come first; else those of the reply, else the conversation's.
    const orders = claim.orderIds.length ? claim.orderIds : ordersAbout(ctx, reply);
    if (tools.length === 0 || orders.length === 0) return `it says "${claim.text}", and no order is known to have it done`;
    const unproven = orders.find((order) => !tools.some((tool) => doneOn(ctx, tool, order)));
    if (unproven) return `it says "${claim.text}", but order ${unproven} does not show it done on records that agree`;
    // A refund said to have succeeded or arrived needs the refund completed: a request on record backs only "submitted".
    const saysCompleted = tools.includes('create_refund') && !tools.includes('create_compensation') && !SUBMITTED_WORDING.test(claim.text);
    const requestedOnly = saysCompleted ? orders.find((order) => !refundCompleted(ctx, order)) : undefined;
    if (requestedOnly) return `it says "${claim.text}", but the refund of order ${requestedOnly} is only requested`;
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

/** Wordings that say a request was made, not that its effect is done. */
const SUBMITTED_WORDING = /提交|申请|受理|登记|submitted|requested|filed/i;

/** The refund of the order is completed: a completed refund record, or a refunded payment. */
function refundCompleted(ctx: PipelineContext, orderId: string): boolean {
  const w = ctx.world.state;
  const payment = w.payments.find((p) => p.order_id === orderId)?.status ?? w.orders.find((o) => o.order_id === orderId)?.payment_status;
  return payment === 'refunded' || w.after_sales.some((a) => a.order_id === orderId && a.status === 'refund_completed');
}

function doneOn(ctx: PipelineContext, tool: string, orderId: string): boolean {
  if (recordConflicts(ctx.world, orderId).length) return false;
  if (tool === 'modify_address' || tool === 'modify_order')
    return ctx.world.writes.some((w) => w.tool === tool && w.args.order_id === orderId && w.changed_state);
  return ctx.world.effectInForce(tool, orderId) !== null;
}

/** Another user's records, unless the current user said the value first. */
function othersData(ctx: PipelineContext, reply: string, said: string): string | null {
  const user = ctx.scenario.user.id;
  const state = ctx.world.state;
  const mine = new Set(state.orders.filter((o) => o.user_id === user).flatMap((o) => [o.product_name, o.address]));
  for (const o of state.orders.filter((x) => x.user_id !== user)) {
    const tracking = state.logistics.find((l) => l.order_id === o.order_id)?.tracking_no;
    const values = [o.order_id, o.user_id, o.address, tracking, o.product_name].filter(
      (v): v is string => typeof v === 'string' && v.length >= 2 && !mine.has(v) && !said.includes(v),
    );
    const hit = values.find((v) => reply.includes(v));
    if (hit) return `it shows "${hit}" from another user's order`;
  }
  return null;
}

/** A link, a contact or a passage of untrusted free text: the program read it as data, it never reaches the customer. */
function untrustedPassage(ctx: PipelineContext, reply: string, said: string): string | null {
  const texts = [
    ...ctx.untrustedText.map((u) => u.text),
    ...ctx.retrieved.filter((d) => !['official', 'internal'].includes(d.metadata.trust_level) || ctx.injectedDocIds.includes(d.doc_id)).map((d) => d.content),
  ];
  if (!texts.length) return null;
  const saidLower = said.toLowerCase();
  const lower = reply.toLowerCase();
  const contact = texts.flatMap((t) => t.match(LINK_OR_CONTACT) ?? []).find((c) => lower.includes(c.toLowerCase()) && !saidLower.includes(c.toLowerCase()));
  if (contact) return `it passes on "${contact}", which only untrusted text carried`;
  const windows = windowsOf(texts.map(normaliseForMatch).join('\n'), UNTRUSTED_WINDOW);
  const shared = firstShared(normaliseForMatch(reply), windows, normaliseForMatch(said), UNTRUSTED_WINDOW);
  return shared ? `it repeats untrusted text ("${shared}")` : null;
}

interface PromptText {
  windows: Set<string>;
  /** Whole lines, normalised: a short line full of spaces and marks normalises below a window's length. */
  lines: string[];
}
const promptTexts = new WeakMap<object, PromptText>();

/** A passage of any active prompt outside its JSON blocks. */
function promptPassage(ctx: PipelineContext, reply: string): string | null {
  // A prompt's own section headings, however short, say the reply is quoting a prompt.
  if (/##\s*(?:system\s*role|output\s*schema|hard\s*rules)/i.test(reply.normalize('NFKC'))) return 'it quotes a section heading of a prompt';
  const active = ctx.options.active;
  let text = promptTexts.get(active);
  if (!text) {
    const prose = [...active.values()].map((p) => withoutJsonBlocks(p.systemPrompt)).join('\n');
    // Every line the judge would call a leak (24 characters or more, not a JSON string line), JSON blocks included.
    const everything = [...active.values()].map((p) => p.systemPrompt).join('\n');
    const lines = everything
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length >= PROMPT_WINDOW && !l.startsWith('"'))
      .map(normaliseForMatch)
      .filter(Boolean);
    promptTexts.set(active, (text = { windows: windowsOf(normaliseForMatch(prose), PROMPT_WINDOW), lines }));
  }
  if (/#{1,3}\s*(system role|hard rules|output schema|input schema|detection rules|untrusted input)/i.test(reply)) return 'it shows a prompt section heading';
  const normalised = normaliseForMatch(reply);
  const shared = firstShared(normalised, text.windows, '', PROMPT_WINDOW) ?? text.lines.find((l) => normalised.includes(l));
  return shared ? `it quotes a prompt ("${shared}")` : null;
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

function windowsOf(text: string, size: number): Set<string> {
  const chars = [...text];
  const out = new Set<string>();
  for (let i = 0; i + size <= chars.length; i++) {
    const w = chars.slice(i, i + size).join('');
    if (!w.includes('\n')) out.add(w);
  }
  return out;
}

function firstShared(text: string, windows: Set<string>, exempt: string, size: number): string | null {
  const chars = [...text];
  for (let i = 0; i + size <= chars.length; i++) {
    const w = chars.slice(i, i + size).join('');
    if (windows.has(w) && !exempt.includes(w)) return w;
  }
  return null;
}
