/**
 * A text file written through a stream, with its failures kept. A stream that
 * failed (disk full, say) never emits 'drain', so a writer waiting for one
 * hung forever; an 'error' with no listener ended the process; and the
 * "stream destroyed" that follows a failure hid the failure itself. Here a wait
 * ends on a drain or the stream's close, and the first error is the one every
 * later write and the close report.
 */
import { createWriteStream, type WriteStream } from 'node:fs';

export class TextFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  /** Concurrent writers share one wait for the buffer to drain. */
  private drained: Promise<void> | undefined;

  constructor(path: string, options: { append?: boolean; highWaterMark?: number } = {}) {
    this.stream = createWriteStream(path, {
      flags: options.append ? 'a' : 'w',
      encoding: 'utf8',
      ...(options.highWaterMark ? { highWaterMark: options.highWaterMark } : {}),
    });
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  async write(text: string): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(text)) {
      this.drained ??= drainOrClose(this.stream).then(() => {
        this.drained = undefined;
      });
      await this.drained;
      if (this.failure) throw this.failure;
    }
  }

  /**
   * Bytes the caller means to reuse: resolves once the stream has handed them
   * to the file (a queued buffer is kept by reference, not copied), so one
   * buffer can carry a whole copy without a new allocation per chunk.
   */
  async writeAndRelease(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve) =>
      this.stream.write(bytes, (error) => {
        if (error) this.failure ??= error;
        resolve();
      }),
    );
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.writableEnded)
      await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(this.failure ?? error) : resolve())));
    if (this.failure) throw this.failure;
  }

  /** Stops writing without waiting, for a file about to be thrown away. */
  discard(): void {
    if (!this.stream.writableEnded) this.stream.destroy();
  }
}

function drainOrClose(stream: WriteStream): Promise<void> {
  return new Promise<void>((resolve) => {
    if (stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}
