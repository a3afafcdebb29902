/**
 * --resume: read back what an interrupted run finished, and put the results
 * file in order before new lines are appended. Nothing finished is lost: a
 * torn last line (a crash mid-write) is cut off, but an unreadable or malformed
 * line in the middle, a result for a case outside this run's selection, one
 * for a case edited since it ran, or an error (no verdict), is moved to
 * results.set-aside.jsonl with a warning (its case runs again), and every
 * valid line after it kept.
 */
import { rename, rm } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { InputError, type Problem } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';
import { TextFileWriter } from '../base/text-file-writer.js';
import type { CaseResult, RunProvenance } from './case-result.js';
import { selectionDifference, setupDifference } from './provenance.js';
import { caseResultProblem, isRunHeader } from './result-line-shape.js';
import { readResultsLines } from './results-file.js';

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
  /** The content hash of a case as the suite has it now: a result written for other content is run again. */
  caseHash?(caseId: string): string | undefined;
  /** Called once per kept result (the first of each case and trial). */
  keep(result: CaseResult, key: string): boolean;
}

type SetAsideReason = 'foreign' | 'edited' | 'errored';

/**
 * Why a well-formed result is not kept by a resume, or undefined when it is: a case outside the
 * selection, a case edited since the result was written (its verdict is on text it no longer
 * has), or an error, which is no verdict (a dropped connection, a stalled endpoint).
 */
export function setAsideReason(line: CaseResult, options: Pick<ReopenOptions, 'inSuite' | 'caseHash'>): SetAsideReason | undefined {
  if (!options.inSuite(line.case_id)) return 'foreign';
  const now = options.caseHash?.(line.case_id);
  if (now !== undefined && line.case_hash !== undefined && line.case_hash !== now) return 'edited';
  if (line.status === 'error') return 'errored';
  return undefined;
}

export async function reopenResults(options: ReopenOptions): Promise<ReopenedResults> {
  const shown = displayPath(options.path);
  const tmp = `${options.path}.${process.pid}.tmp`;
  const out = new TextFileWriter(tmp);
  let aside: TextFileWriter | undefined;
  const setAside = (text: string) => (aside ??= new TextFileWriter(join(dirname(options.path), SET_ASIDE_FILE), { append: true })).write(`${text}\n`);

  let header = false;
  let lineNo = 0;
  const unreadable: { line: number; text: string; json: boolean }[] = [];
  const setAsideCounts: Record<SetAsideReason, number> = { foreign: 0, edited: 0, errored: 0 };
  let duplicates = 0;
  try {
    for (const raw of readResultsLines(options.path)) {
      lineNo = raw.lineNo;
      const { text, value } = raw;
      if (!header) {
        if (value === undefined) {
          unreadable.push({ line: lineNo, text, json: false });
          continue;
        }
        if (!isRunHeader(value))
          throw new InputError({ file: shown, line: lineNo, message: 'not an orderflow results file (no run header)', severity: 'error' });
        const before = value.run as unknown as RunProvenance;
        const mismatch = setupDifference(before, options.run) ?? (selectionDifference(before, options.run, { shard: true }) === 'shard' ? 'shard' : undefined);
        if (mismatch)
          throw new InputError({
            file: shown,
            field: mismatch,
            message: `cannot resume: ${mismatch} differs from the interrupted run`,
            expected: 'the same provider, model, call settings (server, output mode, base URL, temperature, max_tokens), repeat, prompt versions and {shard}',
            severity: 'error',
          });
        header = true;
        // Narrowed with other filters: the results outside them are set aside below, and the header says what the file now holds.
        const narrowed = selectionDifference(before, options.run, { shard: false }) !== undefined;
        await out.write(
          narrowed
            ? `${JSON.stringify({ ...value, run: { ...before, filters: options.run.filters, ...(options.run.suite ? { suite: options.run.suite } : {}) } })}\n`
            : `${text}\n`,
        );
        continue;
      }
      if (value === undefined || caseResultProblem(value, options.run.repeat)) {
        unreadable.push({ line: lineNo, text, json: value !== undefined });
        continue;
      }
      const line = value as CaseResult;
      const reason = setAsideReason(line, options);
      if (reason) {
        setAsideCounts[reason] += 1;
        await setAside(text);
        continue;
      }
      if (!options.keep(line, `${line.arm ? `${line.arm}/` : ''}${line.case_id}#${line.trial}`)) {
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
  const last = unreadable[unreadable.length - 1];
  if (last && !last.json && last.line === lineNo) unreadable.pop();
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
    warnings.push({
      file: shown,
      line: unreadable[0]!.line,
      message: `${unreadable.length} unreadable or malformed line(s) moved to ${asideShown}; those cases run again`,
      severity: 'warning',
    });
  }
  const { foreign, edited, errored } = setAsideCounts;
  if (errored > 0) warnings.push({ file: shown, message: `${errored} errored result(s) moved to ${asideShown}; those cases run again`, severity: 'warning' });
  if (edited > 0)
    warnings.push({
      file: shown,
      message: `${edited} result(s) of cases edited since they ran moved to ${asideShown}; those cases run again`,
      severity: 'warning',
    });
  if (foreign > 0)
    warnings.push({ file: shown, message: `${foreign} result(s) for cases outside this run's selection moved to ${asideShown}`, severity: 'warning' });
  if (duplicates > 0)
    warnings.push({ file: shown, message: `${duplicates} repeated result(s) of a case and trial dropped; the first is kept`, severity: 'warning' });
  return { fresh: false, warnings };
}
