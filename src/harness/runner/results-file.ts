/**
 * results.jsonl: a header line, then one line per finished case, appended the
 * moment it finishes so that an interrupted run loses nothing finished.
 */
import { fileLines } from '../base/file-lines.js';
import { TextFileWriter } from '../base/text-file-writer.js';
import { boundedJson } from './bounded-record.js';
import type { CaseResult, RunHeader } from './case-result.js';
import { ResultsWriteError } from '../base/errors.js';

/**
 * Results are queued up to this much before a writer waits: with the stream's
 * 16 KiB default, a fast run spent a tenth of its time idle, waiting for drains.
 */
const WRITE_BUFFER_BYTES = 1 << 20;

export class ResultsWriter {
  private readonly writer: TextFileWriter;
  private failure: ResultsWriteError | undefined;

  constructor(
    private readonly path: string,
    append: boolean,
  ) {
    this.writer = new TextFileWriter(path, { append, highWaterMark: WRITE_BUFFER_BYTES });
  }

  async write(record: CaseResult | RunHeader): Promise<void> {
    await this.writer.write(`${boundedJson(record)}\n`).catch((error: Error) => this.fail(error));
  }

  async close(): Promise<void> {
    await this.writer.close().catch((error: Error) => this.fail(error));
  }

  private fail(error: Error): never {
    throw (this.failure ??= new ResultsWriteError(this.path, error));
  }
}

export type ResultsLine = CaseResult | RunHeader;

/** One line of a results file as read: its number, its text, and the parsed value when it is JSON. */
export interface RawResultsLine {
  lineNo: number;
  text: string;
  /** undefined when the line is not JSON. */
  value?: unknown;
}

/** Every non-blank line of a results file, parsed where it parses; the caller judges the rest. */
export function* readResultsLines(path: string): Generator<RawResultsLine> {
  let lineNo = 0;
  for (const raw of fileLines(path)) {
    lineNo += 1;
    // A byte-order mark (an editor's save of the file) is not part of the header line.
    const text = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    try {
      yield { lineNo, text, value: JSON.parse(text) };
    } catch {
      yield { lineNo, text };
    }
  }
}

/**
 * The header and case lines of a results file this run wrote (or a resume put
 * in order); a torn last line (a crash mid-write) or anything that is not a
 * header or case record is skipped.
 */
export function* readResults(path: string): Generator<ResultsLine> {
  for (const { value } of readResultsLines(path)) {
    const type = (value as { type?: unknown } | null)?.type;
    if (type === 'run_header' || type === 'case_result') yield value as ResultsLine;
  }
}
