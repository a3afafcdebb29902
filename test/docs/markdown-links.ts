/**
 * The relative links of a Markdown file and whether each resolves: the file
 * exists, and an `#anchor` names a heading of the target the way GitHub slugs
 * headings. markdown-it finds the links, so a link shown inside code is none.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import MarkdownIt, { type Token } from 'markdown-it';

const md = new MarkdownIt();

/**
 * GitHub's rule (github-slugger): lower case, drop every character that is not
 * a letter, mark, number, connector, hyphen or space, spaces become hyphens;
 * a repeated heading gets -1, -2, … .
 */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = md.parse(markdown, {});
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const base = slugOf(plainText(tokens[i + 1]?.children ?? []));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  });
  return slugs;
}

export function slugOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

function plainText(children: Token[]): string {
  return children.map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');
}

/** Every link target written in the file, in order. */
function linkTargets(markdown: string): string[] {
  const inline: Token[] = md.parse(markdown, {}).flatMap((t) => t.children ?? []);
  return inline.filter((t) => t.type === 'link_open').map((t) => String(t.attrGet('href') ?? ''));
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** One line per link of `file` (its text given) that does not resolve. */
export function brokenLinks(file: string, markdown: string): string[] {
  const problems: string[] = [];
  for (const href of linkTargets(markdown)) {
    if (EXTERNAL.test(href)) continue;
    const hash = href.indexOf('#');
    const path = decodeURIComponent(hash < 0 ? href : href.slice(0, hash));
    const anchor = hash < 0 ? '' : decodeURIComponent(href.slice(hash + 1));
    const target = path === '' ? file : resolve(dirname(file), path);
    if (path !== '' && !existsSync(target)) {
      problems.push(`${href}: no such file`);
      continue;
    }
    if (anchor === '') continue;
    if (path !== '' && (statSync(target).isDirectory() || !target.endsWith('.md'))) continue;
    const text = path === '' ? markdown : readFileSync(target, 'utf8');
    if (!headingSlugs(text).has(anchor)) problems.push(`${href}: no heading with the anchor #${anchor}`);
  }
  return problems;
}
