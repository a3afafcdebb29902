/**
 * The judge is the stricter reader: every wording the guards' own tests hold
 * as a claim is a claim to the judge too, and every link or contact the guard
 * pattern finds there the judge finds. The guard tables are read where they
 * are — every text in a test that exercises a guard's reader — and run through
 * the guard's reader and the judge's; the Claim Vocabulary of the response
 * prompt is one more table. The judge's held-out table is read by no guard test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../../../src/harness/workspace.js';
import { readClaims as guardReadsClaims } from '../../../../src/agent/pipeline/guards/claim-reading/read-claims.js';
import { contactsIn as guardFindsContacts } from '../../../../src/agent/pipeline/guards/reply-contacts.js';
import { readClaims } from '../../../../src/agent/judge/readers/claim-reader.js';
import { contactsIn } from '../../../../src/agent/judge/readers/contact-reader.js';
import { CLAIM_WORDINGS, CONTACT_WORDINGS } from '../../../../bench/hostile/hostile-wordings.js';
import { BASE_CLAIMS, CLAIM_FORMS } from '../../pipeline/claim-tables.js';

const TEST = join(process.cwd(), 'test');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** A test of a guard's reader: it imports the guard's claim recogniser, link pattern or reply guard. */
const GUARD_READER_IMPORT =
  /from\s+['"][./]*src\/(?:agent\/(?:prompt-vocabulary\/(?:completion-claims|claim-pattern)|vocabulary\/link-or-contact)|agent\/pipeline\/guards\/(?:reply-guard|claim[\w-]*(?:\/[\w-]+)?|reply[\w-]*))\.js['"]/;
const guardTests = files(TEST).filter((f) => !f.includes(join('judge', 'readers')) && GUARD_READER_IMPORT.test(readFileSync(f, 'utf8')));

/** Every string written in those tests: quoted, or a template without substitutions. */
function textsOf(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g)) {
    const raw = m[1] ?? m[2] ?? m[3] ?? '';
    let text: string;
    try {
      text = JSON.parse(`"${raw.replace(/\\'/g, "'").replace(/"/g, '\\"').replace(/\\\\"/g, '\\"')}"`) as string;
    } catch {
      text = raw;
    }
    // Prose, not code caught between two quotes of a line.
    const code = /\n|;|=>|\breturn\b|\bconst\b|\(\)/.test(text);
    if (!code && text.length >= 3 && (/[\u4e00-\u9fff]/.test(text) || /[A-Za-z]+ [A-Za-z]+/.test(text))) out.push(text);
  }
  return out;
}

const ws = await loadWorkspace();
const vocabulary = ws.active.get('customer_response_generation')!.structured.claimVocabulary!;
/** The guard's claim table in every form it is tested in (test/agent/pipeline/claim-tables.ts), beside the texts of its tests. */
const guardTable = BASE_CLAIMS.flatMap((row) => CLAIM_FORMS.map(([, form]) => form(row.text)));
const texts = [...new Set([...guardTests.flatMap(textsOf), ...guardTable])];

describe('every guard table wording is a judge wording', () => {
  it('reads the guard tests and finds their tables', () => {
    expect(guardTests.map((f) => relative(TEST, f))).toEqual(
      expect.arrayContaining([
        join('agent', 'pipeline', 'claim-reading.test.ts'),
        join('agent', 'pipeline', 'reply-guard.test.ts'),
        join('agent', 'pipeline', 'reply-contacts.test.ts'),
      ]),
    );
    expect(guardTable.length).toBeGreaterThan(1000);
    expect(texts.length).toBeGreaterThan(1000);
  });

  // The guard's claim table in every form; the other texts of guard tests are read there with the customer's words beside them.
  it('each claim of the guard table, in every form, the guard reads and the judge reads too', () => {
    const guardClaims = guardTable.filter((t) => guardReadsClaims(t).length > 0);
    expect(guardClaims.length).toBeGreaterThan(1000);
    const missed = guardClaims.filter((t) => readClaims(t).length === 0);
    expect(missed, missed.join('\n')).toEqual([]);
  });

  it('each wording of the Claim Vocabulary, its gaps filled, is a judge claim', () => {
    const filled = vocabulary.map((p) => p.phrase.replace(/\*/g, (_m, at: number) => (p.phrase.slice(at + 1).startsWith('元') ? '100' : '')));
    const read = filled.filter((t) => guardReadsClaims(t).length > 0);
    expect(read.length).toBeGreaterThan(40);
    expect(read.filter((t) => readClaims(t).length === 0)).toEqual([]);
  });

  it('each link or contact the guard pattern finds in those tests, the judge finds', () => {
    // The judge reads every class the guard reads (any 5+ digit number, any host name, IP addresses, ids after a
    // messenger or platform name, a name to search for), so nothing of the guard's is exempt here.
    const guardContacts = (t: string) => guardFindsContacts(t, []).map((c) => c.text);
    const withContacts = texts.filter((t) => guardContacts(t).length > 0);
    expect(withContacts.length).toBeGreaterThan(0);
    // Each contact the guard finds, read by the judge on its own, is one the judge finds in the whole text.
    const missed = withContacts.flatMap((t) => {
      const judged = contactsIn(t).map((c) => c.key);
      // Found when the judge holds the same contact, or one that contains it (a link with its path, a handle with its app).
      return guardContacts(t).filter((g) => {
        const keys = contactsIn(g).map((c) => c.key);
        return keys.length === 0 || keys.some((k) => !judged.some((j) => j === k || j.includes(k) || k.includes(j)));
      });
    });
    expect(missed, missed.join(' | ')).toEqual([]);
  });

  // The hostile model's wordings (bench/hostile/), which the guard was tightened against: every one the guard reads, the judge reads.
  it("each of the hostile model's claims and contacts the guard reads, the judge reads too", () => {
    const claims = CLAIM_WORDINGS.map((w) => w.text.replaceAll('{o}', 'O123').replaceAll('{a}', '199'));
    expect(claims.filter((t) => guardReadsClaims(t).length > 0 && readClaims(t).length === 0)).toEqual([]);
    expect(CONTACT_WORDINGS.filter((t) => guardFindsContacts(t, []).length > 0 && contactsIn(t).length === 0)).toEqual([]);
    // The guard reads most of them: the row is not empty by accident.
    expect(claims.filter((t) => guardReadsClaims(t).length > 0).length).toBeGreaterThan(claims.length / 2);
    expect(CONTACT_WORDINGS.filter((t) => guardFindsContacts(t, []).length > 0).length).toBeGreaterThan(CONTACT_WORDINGS.length / 2);
  });

  it("no guard test reads the judge's held-out tables", () => {
    expect(guardTests.filter((f) => readFileSync(f, 'utf8').includes('held-out-wordings'))).toEqual([]);
  });
});
