/**
 * A report file the machine would not let be written (disk full, quota, I/O
 * error). Node's ENOSPC from a write names no file, and the report step writes
 * five: this one says which, and what finishes the job, since every result is
 * already safe in results.jsonl.
 */
import { displayPath } from '../base/display-path.js';
import { isSystemError, pathProblem } from '../base/system-error.js';
import { ReportWriteError } from '../base/errors.js';

/**
 * `work`, with the machine's refusal while it writes `path` said as a ReportWriteError about that
 * file. A path that is wrong (a folder in the way) already names itself and is bad input: left as it is.
 */
export async function writingReport<T>(path: string, finish: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSystemError(error) && !pathProblem(error)) {
      const cause = error as unknown as Error;
      throw new ReportWriteError(
        `cannot write ${displayPath(path)}: ${cause.message}; every result is in results.jsonl — free some space, then ${finish}`,
        path,
        cause,
      );
    }
    throw error;
  }
}
