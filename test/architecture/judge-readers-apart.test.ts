/**
 * The judge is a witness of its own: its readers of claims, consent, leaks
 * and prompt text (src/agent/judge/readers/) share no code with the guards'
 * readers. The readers import only the harness's base/, each other, Node and libraries;
 * the rest of the judge reads replies only through them, never through a
 * guard's reader; and no guard imports the judge's readers. A bug planted in
 * a guard's reader then cannot hide the same text from the judge. Checked on
 * src/ and on a copy with planted imports.
 */
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { sourceFiles } from './import-graph.js';

const SRC = join(process.cwd(), 'src');
const JUDGE = join('agent', 'judge');
const READERS = join(JUDGE, 'readers');
const BASE = join('harness', 'base');

/** The guards' readers: what the program reads a reply, a consent or untrusted text with. */
const GUARD_READERS = ['agent/prompt-vocabulary/completion-claims.ts', 'agent/prompt-vocabulary/claim-pattern.ts', 'agent/vocabulary/link-or-contact.ts'];
const isGuardReader = (file: string) =>
  GUARD_READERS.includes(file.split(sep).join('/')) || /^agent\/pipeline\/(?:guards|consent)\//.test(file.split(sep).join('/'));

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

interface Edge {
  file: string;
  target: string;
  /** A module of src/ (a relative import), not a library or a Node module. */
  local: boolean;
}

/** Every relative import of the tree, as paths relative to src/; bare and node: imports as themselves. */
function imports(srcDir: string): Edge[] {
  return sourceFiles(srcDir).flatMap((path) => {
    const file = relative(srcDir, path);
    return [...readFileSync(path, 'utf8').matchAll(IMPORT)].map((m) => {
      const local = m[1]!.startsWith('.');
      return { file, local, target: local ? normalize(join(dirname(file), m[1]!)).replace(/\.js$/, '.ts') : m[1]! };
    });
  });
}

const inReaders = (path: string) => path.startsWith(READERS + sep);

/** The imports that break the separation, each named. */
function crossings(edges: Edge[]): string[] {
  const out: string[] = [];
  for (const { file, target, local } of edges) {
    if (!local) continue;
    if (inReaders(file) && !inReaders(target) && !target.startsWith(BASE + sep))
      out.push(`${file} imports ${target}: the judge's readers import only base/, each other and libraries`);
    if (file.startsWith(JUDGE + sep) && isGuardReader(target)) out.push(`${file} imports ${target}: the judge reads with its own readers, never a guard's`);
    if (!file.startsWith(JUDGE + sep) && inReaders(target)) out.push(`${file} imports ${target}: nothing outside the judge uses its readers`);
  }
  return out;
}

describe("the judge's readers and the guards' readers are two import graphs", () => {
  it('src/ holds the readers, and no import crosses between the two', () => {
    expect(
      sourceFiles(join(SRC, READERS))
        .map((f) => relative(join(SRC, READERS), f))
        .sort(),
    ).toEqual(
      expect.arrayContaining(['claim-reader.ts', 'consent-reader.ts', 'contact-reader.ts', 'leak-reader.ts', 'plain-text.ts', 'prompt-text-reader.ts']),
    );
    for (const guard of GUARD_READERS.filter((g) => !g.startsWith('pipeline/consent') && !g.includes('confirmation'))) {
      expect(
        sourceFiles(join(SRC, dirname(guard))).map((f) => relative(SRC, f).split(sep).join('/')),
        guard,
      ).toContain(guard);
    }
    expect(crossings(imports(SRC))).toEqual([]);
  });

  it('names imports planted in a copy of src/: a reader leaning on a guard or on scoring, scoring on a guard, a guard on a reader', () => {
    const copy = join(tempDir(), 'src');
    cpSync(SRC, copy, { recursive: true });
    appendFileSync(join(copy, READERS, 'claim-reader.ts'), "\nimport { completionClaims } from '../../../agent/prompt-vocabulary/completion-claims.js';\n");
    appendFileSync(join(copy, READERS, 'contact-reader.ts'), "\nexport { claimsIn } from '../claims.js';\n");
    appendFileSync(join(copy, JUDGE, 'reply-harms.ts'), "\nimport { LINK_OR_CONTACT } from '../vocabulary/link-or-contact.js';\n");
    appendFileSync(join(copy, 'agent', 'pipeline', 'reply-guard.ts'), "\nconst judge = () => import('../judge/readers/claim-reader.js');\n");
    expect(crossings(imports(copy)).map((c) => c.split(':')[0])).toEqual(
      expect.arrayContaining([
        `${join('agent', 'pipeline', 'reply-guard.ts')} imports ${join(READERS, 'claim-reader.ts')}`,
        `${join(READERS, 'claim-reader.ts')} imports ${join('agent', 'prompt-vocabulary', 'completion-claims.ts')}`,
        `${join(READERS, 'contact-reader.ts')} imports ${join(JUDGE, 'claims.ts')}`,
        `${join(JUDGE, 'reply-harms.ts')} imports ${join('agent', 'vocabulary', 'link-or-contact.ts')}`,
      ]),
    );
    // The reader importing the guard's recogniser breaks two rules: a reader leaving base/, and scoring reading with a guard's reader.
    expect(crossings(imports(copy))).toHaveLength(5);
  });
});
