/**
 * A temporary file written in one pass and read back once: how the reports
 * get their case lists while results.jsonl is read only one time, without
 * holding every case in memory.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { drainOrClose } from '../drain-or-close.js';

export class SpoolFile {
  private readonly stream: WriteStream;
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.stream = createWriteStream(path, { encoding: 'utf8' });
    this.stream.on('error', (error) => (this.failure = error));
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(text)) {
      await drainOrClose(this.stream);
      if (this.failure) throw this.failure;
    }
  }

  /** Everything written, in order; the file is closed first. */
  async *chunks(): AsyncGenerator<string> {
    await this.close();
    for await (const chunk of createReadStream(this.path, { encoding: 'utf8' })) yield chunk as string;
  }

  async close(): Promise<void> {
    // The first failure (ENOSPC) is the one to report, not the "stream destroyed" that follows it.
    if (this.failure) throw this.failure;
    if (!this.stream.writableEnded) await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(this.failure ?? error) : resolve())));
    if (this.failure) throw this.failure;
  }

  async remove(): Promise<void> {
    if (!this.stream.writableEnded) this.stream.destroy();
    await rm(this.path, { force: true });
  }
}
