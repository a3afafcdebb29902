/**
 * A text file written through a stream, with its failures kept. A stream that
 * failed (disk full, say) never emits 'drain', so a writer waiting for one
 * hung forever; an 'error' with no listener ended the process; and the
 * "stream destroyed" that follows a failure hid the failure itself. Here a wait
 * ends on a drain or the stream's close, and the first error is the one every
 * later write and the close report.
 */
import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * Short texts (a results line, a junit testcase) are joined before they reach
 * the stream: each write of its own cost a string-to-bytes conversion and a
 * queue entry, some 50 ms of a 1.6 s run of 10,000 cases. A batch goes out at this size or
 * at the end of the current turn of the event loop, whichever comes first.
 */
const BATCH_CHARS = 1 << 16;

export class TextFileWriter {
  private readonly stream: WriteStream;
  private failure: Error | undefined;
  /** Concurrent writers share one wait for the buffer to drain. */
  private drained: Promise<void> | undefined;
  private batch = '';
  private flushQueued = false;

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
    this.batch += text;
    if (this.batch.length >= BATCH_CHARS) this.flush();
    else if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(() => this.flush());
    }
    if (this.drained) {
      await this.drained;
      if (this.failure) throw this.failure;
    }
  }

  /** Hands the batch to the stream; a full stream makes the next writers wait for its drain. */
  private flush(): void {
    this.flushQueued = false;
    if (this.batch === '' || this.stream.destroyed) return;
    const text = this.batch;
    this.batch = '';
    if (!this.stream.write(text))
      this.drained ??= drainOrClose(this.stream).then(() => {
        this.drained = undefined;
      });
  }

  /**
   * Bytes the caller means to reuse: resolves once the stream has handed them
   * to the file (a queued buffer is kept by reference, not copied), so one
   * buffer can carry a whole copy without a new allocation per chunk.
   */
  async writeAndRelease(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    this.flush();
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
    this.flush();
    if (!this.stream.writableEnded)
      await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(this.failure ?? error) : resolve())));
    if (this.failure) throw this.failure;
  }

  /** Stops writing without waiting, for a file about to be thrown away. */
  discard(): void {
    this.batch = '';
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
