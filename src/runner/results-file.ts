/**
 * results.jsonl: a header line, then one line per finished case, appended the
 * moment it finishes so that an interrupted run loses nothing finished.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { drainOrClose } from '../drain-or-close.js';
import { boundedJson } from './bounded-record.js';
import type { CaseResult, RunHeader } from './case-result.js';

/** The results file could not be written (disk full, permissions): the machine's problem, not a bug, and what is on disk stays usable. */
export class ResultsWriteError extends Error {
  constructor(
    readonly path: string,
    override readonly cause: Error,
  ) {
    super(`cannot write ${path}: ${cause.message}; the results written before this stay there (fix the cause, then run again with --resume)`);
    this.name = 'ResultsWriteError';
  }
}

/**
 * Results are queued up to this much before a writer waits: with the stream's
 * 16 KiB default, a fast run spent a tenth of its time idle, waiting for drains.
 */
const WRITE_BUFFER_BYTES = 1 << 20;

export class ResultsWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  private drained: Promise<void> | undefined;

  constructor(path: string, append: boolean) {
    this.stream = createWriteStream(path, { flags: append ? 'a' : 'w', encoding: 'utf8', highWaterMark: WRITE_BUFFER_BYTES });
    this.stream.on('error', (error) => (this.failure ??= new ResultsWriteError(path, error)));
  }

  async write(record: CaseResult | RunHeader): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(`${boundedJson(record)}\n`)) {
      // Concurrent writers share one wait for the buffer to drain (or the stream to fail).
      this.drained ??= drainOrClose(this.stream).then(() => {
        this.drained = undefined;
      });
      await this.drained;
      if (this.failure) throw this.failure;
    }
  }

  async close(): Promise<void> {
    // The first failure is the one to report (ENOSPC), not the "stream destroyed" that follows it.
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(this.failure ?? error) : resolve())));
    if (this.failure) throw this.failure;
  }
}

export type ResultsLine = CaseResult | RunHeader;

/** Every readable line of a results file; a torn last line (a crash mid-write) or a damaged one is skipped. */
export async function* readResults(path: string): AsyncGenerator<ResultsLine> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let parsed: ResultsLine;
    try {
      parsed = JSON.parse(line) as ResultsLine;
    } catch {
      continue;
    }
    yield parsed;
  }
}
