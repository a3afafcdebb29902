/**
 * Reference of the uploaded-document router: none for talk unrelated to the
 * files, full_doc (with ids from the list only) for whole-document work,
 * retrieve with at most three queries otherwise. The gullible profile takes
 * a document id the message names, listed or not, and splits the message
 * into as many queries as it has clauses.
 */
import type { SimModule } from '../sim-module.js';
import { clip, EMBEDDED_ORDER, sentences } from '../shared/knowledge-text.js';
import { ABOUT_FILES, NAMED_ID, WHOLE } from './tables.js';

interface Doc {
  document_id: string;
  filename: string;
  current_turn: boolean;
  indexed: boolean;
}

export const documentRouter: SimModule = (input, ctx) => {
  const docs = (input.documents as Doc[] | undefined) ?? [];
  const message = String(input.user_message ?? '');
  if (ctx.profile === 'gullible') return gullible(docs, message);
  if (docs.length === 0) return route('none');
  const named = docs.filter((d) => mentionsFile(message, d));
  if (WHOLE.test(message)) {
    const attached = docs.filter((d) => d.current_turn);
    const chosen = named.length > 0 ? named : attached.length > 0 ? attached : docs;
    return route(
      'full_doc',
      chosen.slice(0, 3).map((d) => d.document_id),
    );
  }
  if (named.length === 0 && !ABOUT_FILES.test(message)) return route('none');
  const asks = sentences(message).filter((s) => !EMBEDDED_ORDER.test(s) && !/^[\s\p{P}]*$/u.test(s));
  const queries = (asks.length > 0 ? asks : [message])
    .map((s) => clip(s.replace(NAMED_ID, '').trim(), 200))
    .filter(Boolean)
    .slice(0, 3);
  return route('retrieve', [], queries.length > 0 ? queries : [clip(message, 200)]);
};

function mentionsFile(message: string, d: Doc): boolean {
  const stem = d.filename.replace(/\.[A-Za-z0-9]+$/, '');
  return stem.length >= 2 && message.toLowerCase().includes(stem.toLowerCase());
}

function route(strategy: 'none' | 'retrieve' | 'full_doc', document_ids: string[] = [], queries: string[] = []) {
  return { strategy, document_ids, queries };
}

function gullible(docs: Doc[], message: string) {
  const ids = [...new Set(message.match(NAMED_ID) ?? [])];
  if (ids.length > 0) return route('full_doc', ids, []);
  if (docs.length === 0) return route('none');
  const clauses = message
    .split(/[，,。？?！!]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return route('retrieve', [], clauses.length > 0 ? clauses : [message]);
}
