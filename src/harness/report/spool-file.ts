/**
 * A temporary file written in one pass and read back once: how the reports
 * get their case lists while results.jsonl is read only one time, without
 * holding every case in memory.
 */
import { open, rm } from 'node:fs/promises';
import { TextFileWriter } from '../base/text-file-writer.js';

/** Each chunk is a read and a write the report step waits through: few and large. */
const CHUNK_BYTES = 1 << 20;
/**
 * Text queued before a writer waits for the file: with the stream's 16 KiB
 * default the report step waited on a drain every 40-odd cases of a large run.
 * Held once per spool (one per junit suite), so kept well under a megabyte.
 */
const WRITE_BUFFER_BYTES = 1 << 18;

export class SpoolFile {
  private readonly writer: TextFileWriter;

  constructor(readonly path: string) {
    this.writer = new TextFileWriter(path, { highWaterMark: WRITE_BUFFER_BYTES });
  }

  write(text: string): Promise<void> {
    return this.writer.write(text);
  }

  /**
   * Everything written, in order, as bytes; the file is closed first. Each
   * chunk is a view of one buffer read into again for the next: a reader
   * that yielded a fresh buffer (and a decoded string) per chunk left tens of
   * megabytes of them for the collector while a 100,000-case report.json was
   * copied, the run's peak memory.
   */
  async *chunks(): AsyncGenerator<Uint8Array> {
    await this.close();
    const file = await open(this.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
        if (bytesRead === 0) return;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await file.close();
    }
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  async remove(): Promise<void> {
    this.writer.discard();
    await rm(this.path, { force: true });
  }
}
