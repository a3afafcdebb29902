/**
 * --resume: read back what an interrupted run finished, and put the results
 * file in order before new lines are appended. Nothing finished is lost: a
 * torn last line (a crash mid-write) is cut off, but an unreadable line in the
 * middle, or a result for a case outside this run's selection, is moved to
 * results.set-aside.jsonl with a warning, and every valid line after it kept.
 */
import { createReadStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { InputError, type Problem } from '../errors.js';
import { displayPath } from '../registry/registry.js';
import { TextFileWriter } from '../text-file-writer.js';
import type { CaseResult, RunProvenance } from './case-result.js';
import { setupDifference } from './provenance.js';
import type { ResultsLine } from './results-file.js';

export const SET_ASIDE_FILE = 'results.set-aside.jsonl';

export interface ReopenedResults {
  /** True when no line was complete (an empty file, a torn header): the run starts afresh. */
  fresh: boolean;
  warnings: Problem[];
}

export interface ReopenOptions {
  path: string;
  run: RunProvenance;
  /** Whether a case id belongs to this run's selection. */
  inSuite(caseId: string): boolean;
  /** Called once per kept result (the first of each case and trial). */
  keep(result: CaseResult, key: string): boolean;
}

export async function reopenResults(options: ReopenOptions): Promise<ReopenedResults> {
  const shown = displayPath(options.path);
  const tmp = `${options.path}.${process.pid}.tmp`;
  const out = new TextFileWriter(tmp);
  let aside: TextFileWriter | undefined;
  const setAside = (text: string) => (aside ??= new TextFileWriter(join(dirname(options.path), SET_ASIDE_FILE), { append: true })).write(`${text}\n`);

  let header = false;
  let lineNo = 0;
  const unreadable: { line: number; text: string }[] = [];
  let foreign = 0;
  let duplicates = 0;
  try {
    const lines = createInterface({ input: createReadStream(options.path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const text of lines) {
      lineNo += 1;
      if (text.trim() === '') continue;
      let line: ResultsLine;
      try {
        line = JSON.parse(text) as ResultsLine;
      } catch {
        unreadable.push({ line: lineNo, text });
        continue;
      }
      if (!header) {
        if (line?.type !== 'run_header') throw new InputError({ file: shown, line: lineNo, message: 'not an orderflow results file (no run header)', severity: 'error' });
        const mismatch = setupDifference(line.run, options.run);
        if (mismatch) throw new InputError({ file: shown, field: mismatch, message: `cannot resume: ${mismatch} differs from the interrupted run`, expected: 'the same provider, model, repeat and prompt versions', severity: 'error' });
        header = true;
        await out.write(`${text}\n`);
        continue;
      }
      if (line.type !== 'case_result') continue;
      if (!options.inSuite(line.case_id)) {
        foreign += 1;
        await setAside(text);
        continue;
      }
      if (!options.keep(line, `${line.case_id}#${line.trial}`)) {
        duplicates += 1;
        continue;
      }
      await out.write(`${text}\n`);
    }
  } catch (error) {
    await out.close().catch(() => undefined);
    await rm(tmp, { force: true });
    if (aside) await aside.close().catch(() => undefined);
    throw error;
  }

  // A torn tail is the line a crash cut short: it never held a finished result.
  if (unreadable.length > 0 && unreadable[unreadable.length - 1]!.line === lineNo) unreadable.pop();
  for (const u of unreadable) await setAside(u.text);
  await out.close();
  if (aside) await aside.close();
  if (!header) {
    await rm(tmp, { force: true });
    return { fresh: true, warnings: [{ file: shown, message: 'held no complete line; the run starts afresh', severity: 'warning' }] };
  }
  await rename(tmp, options.path);

  const warnings: Problem[] = [];
  const asideShown = displayPath(join(dirname(options.path), SET_ASIDE_FILE));
  if (unreadable.length > 0) {
    warnings.push({ file: shown, line: unreadable[0]!.line, message: `${unreadable.length} unreadable line(s) moved to ${asideShown}; those cases run again`, severity: 'warning' });
  }
  if (foreign > 0) warnings.push({ file: shown, message: `${foreign} result(s) for cases outside this run's selection moved to ${asideShown}`, severity: 'warning' });
  if (duplicates > 0) warnings.push({ file: shown, message: `${duplicates} repeated result(s) of a case and trial dropped; the first is kept`, severity: 'warning' });
  return { fresh: false, warnings };
}
