/**
 * What the code may point a reader to: the specification in docs/spec/, by
 * page and section, and never the source documents or the design reference,
 * which are not in the repository. One line per reference that breaks this.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headingSlugs } from './markdown-links.js';

/** A source document or the design reference, named the ways the code used to: `seed 003`, `seed-004`, `DESIGN §6`, `shared/seeds/`. */
const SOURCE_DOCUMENT = /\bseed[ -]?00\d\b|\bDESIGN(?:\.md)?\s*§\s*\d+|\bDESIGN\.md\b|shared\/seeds\//gi;

/** `docs/spec/<page>.md`, optionally `#<section>`. */
const SPEC_LINK = /docs\/spec\/([\w./-]+?\.md)(?:#([\p{L}\p{N}_-]+))?/gu;

export function sourceDocumentNames(text: string): string[] {
  return [...text.matchAll(SOURCE_DOCUMENT)].map((m) => `line ${lineOf(text, m.index)}: names ${m[0]}; link the page of docs/spec/ instead`);
}

/** Each docs/spec link in `text` whose page or section does not exist under `root`. */
export function brokenSpecLinks(text: string, root: string): string[] {
  const problems: string[] = [];
  for (const m of text.matchAll(SPEC_LINK)) {
    const [link, page, anchor] = m;
    const file = join(root, 'docs/spec', page!);
    const where = `line ${lineOf(text, m.index)}`;
    if (!existsSync(file)) problems.push(`${where}: ${link}: no such page`);
    else if (anchor && !headingSlugs(readFileSync(file, 'utf8')).has(anchor)) problems.push(`${where}: ${link}: no section #${anchor}`);
  }
  return problems;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}
