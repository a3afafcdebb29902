/**
 * Untrusted free text never reaches a model that decides (CaMeL's split of
 * data from control). The program knows, without recognising any attack,
 * which text is untrusted: every free-text field of a record at any depth
 * (remarks, carrier and after-sales notes, ticket summaries, earlier records)
 * and every retrieved document except the platform's rulebook. Deciders get
 * records through an allow-list of structured fields (record-projection.ts)
 * and evidence as structured values (evidence-projection.ts), with a
 * placeholder for each untrusted text; the text itself goes only to a screen
 * — the safety precheck — of whose output the program keeps the risk tags,
 * and, for documents, to the evidence filter, the documents' reader, whose
 * output reaches a decider only through that projection.
 */
import type { PipelineContext, UntrustedText } from '../pipeline-context.js';
import type { RetrievedDocument } from '../retrieval.js';
import { projectRecord } from './record-projection.js';

const TRUSTED_DOCUMENTS = new Set(['official', 'internal']);

function withheld(text: string): string {
  return `[withheld by the program: untrusted free text, ${[...text].length} characters]`;
}

/** The untrusted texts as the deciding modules receive them: raw with the guards off (a measurement), placeholders otherwise. */
export function untrustedForDeciders(ctx: PipelineContext): UntrustedText[] {
  return ctx.options.guards ? ctx.untrustedText.map((u) => ({ source: u.source, text: withheld(u.text) })) : ctx.untrustedText;
}

/**
 * A read's data for a deciding model: with the guards on, its structured
 * fields only, at every depth (record-projection.ts); `echo` holds the values
 * the module is already given (the write's arguments).
 */
export function recordForModels(ctx: PipelineContext, data: Record<string, unknown>, echo: readonly unknown[] = []): Record<string, unknown> {
  return ctx.options.guards ? projectRecord(data, echo) : data;
}

export function isUntrustedDocument(ctx: PipelineContext, doc: RetrievedDocument): boolean {
  return !TRUSTED_DOCUMENTS.has(doc.metadata.trust_level) || ctx.injectedDocIds.includes(doc.doc_id);
}

/** Retrieved documents for the evidence filter (their reader): one that is neither official nor internal, or in which the scan found a planted phrase, keeps its metadata only. */
export function documentsForModels(ctx: PipelineContext, docs: RetrievedDocument[]): RetrievedDocument[] {
  if (!ctx.options.guards) return docs;
  return docs.map((d) => (isUntrustedDocument(ctx, d) ? { ...d, title: withheld(d.title), content: withheld(d.content) } : d));
}

/**
 * Screens one untrusted text: the precheck reads it as data, and only its
 * risk tags come back (an enum list: it cannot carry an instruction). An
 * injection tag is a detection signal, which arms the human-review guard.
 */
export async function screenUntrusted(ctx: PipelineContext, source: string, text: string): Promise<void> {
  if (!ctx.options.guards || ctx.session.screened.has(`${source}\n${text}`)) return;
  ctx.session.screened.add(`${source}\n${text}`);
  const result = await ctx.caller.call('input_safety_precheck', { user_query: text, conversation_history: [], source: 'api' }, { screen: source });
  if (!result.ok) {
    // A screen that cannot answer vouches for nothing: the text is treated as carrying an attack.
    ctx.noteScreen(source, ['possible_prompt_injection']);
    return;
  }
  const tags = Array.isArray(result.output.risk_tags) ? result.output.risk_tags.filter((t): t is string => typeof t === 'string') : [];
  ctx.noteScreen(source, tags);
}
