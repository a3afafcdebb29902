/**
 * A temporary file written in one pass and read back once: how the reports
 * get their case lists while results.jsonl is read only one time, without
 * holding every case in memory.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { TextFileWriter } from '../base/text-file-writer.js';

export class SpoolFile {
  private readonly writer: TextFileWriter;

  constructor(readonly path: string) {
    this.writer = new TextFileWriter(path);
  }

  write(text: string): Promise<void> {
    return this.writer.write(text);
  }

  /** Everything written, in order; the file is closed first. */
  async *chunks(): AsyncGenerator<string> {
    await this.close();
    for await (const chunk of createReadStream(this.path, { encoding: 'utf8' })) yield chunk as string;
  }

  close(): Promise<void> {
    return this.writer.close();
  }

  async remove(): Promise<void> {
    this.writer.discard();
    await rm(this.path, { force: true });
  }
}
