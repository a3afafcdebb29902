/**
 * Follows a results.jsonl that a run is still writing: each call returns the
 * lines completed since the last one. A line is complete at its newline, so a
 * line caught half-written waits for the rest; bytes are split at newlines
 * before decoding, so a character cut between two reads is never mangled. A
 * file that shrank (a new run in the same folder) starts over.
 */
import { open, stat } from 'node:fs/promises';
import type { RawResultsLine } from '../runner/results-file.js';

/** Read at most this much per call, and hold at most this much of one unfinished line: a file without newlines cannot grow the viewer's memory. */
const CHUNK_BYTES = 4 << 20;
const LONGEST_LINE = 16 << 20;

export interface TailRead {
  /** The file is shorter than what was read before: whatever was shown of it is gone. */
  reset: boolean;
  lines: RawResultsLine[];
  /** Lines dropped for being longer than LONGEST_LINE. */
  dropped: number;
  /** The file holds more than this read took: read again. */
  more: boolean;
}

export class ResultsTail {
  private offset = 0;
  private partial: Buffer = Buffer.alloc(0);
  private lineNo = 0;
  private skipping = false;

  constructor(private readonly path: string) {}

  async read(): Promise<TailRead> {
    const out: TailRead = { reset: false, lines: [], dropped: 0, more: false };
    const size = await stat(this.path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) return out;
    if (size < this.offset) {
      Object.assign(this, { offset: 0, partial: Buffer.alloc(0), lineNo: 0, skipping: false });
      out.reset = true;
    }
    if (size === this.offset) return out;
    const chunk = Buffer.alloc(Math.min(size - this.offset, CHUNK_BYTES));
    const file = await open(this.path, 'r');
    let got: number;
    try {
      ({ bytesRead: got } = await file.read(chunk, 0, chunk.length, this.offset));
    } finally {
      await file.close();
    }
    this.offset += got;
    out.more = got > 0 && this.offset < size;
    const bytes = Buffer.concat([this.partial, chunk.subarray(0, got)]);
    const cut = bytes.lastIndexOf(0x0a);
    if (cut === -1) {
      this.keepPartial(bytes, out);
      return out;
    }
    const skipFirst = this.skipping;
    this.skipping = false;
    this.keepPartial(bytes.subarray(cut + 1), out);
    bytes
      .subarray(0, cut)
      .toString('utf8')
      .split('\n')
      .forEach((raw, i) => {
        this.lineNo += 1;
        if (i === 0 && skipFirst) return;
        const text = (this.lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
        if (text.trim() === '') return;
        try {
          out.lines.push({ lineNo: this.lineNo, text, value: JSON.parse(text) });
        } catch {
          out.lines.push({ lineNo: this.lineNo, text });
        }
      });
    return out;
  }

  private keepPartial(bytes: Buffer, out: TailRead): void {
    if (bytes.length <= LONGEST_LINE) {
      this.partial = Buffer.from(bytes);
      return;
    }
    // Too long to be a result: dropped, and the rest of it up to its newline skipped.
    if (!this.skipping) out.dropped += 1;
    this.partial = Buffer.alloc(0);
    this.skipping = true;
  }
}
