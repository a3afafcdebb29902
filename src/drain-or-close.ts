/**
 * Waiting for a write stream's buffer to drain. A stream that failed (disk
 * full, say) never drains, so its close ends the wait too: waiting for
 * 'drain' alone hung a run or its reports forever on a full disk.
 */
import type { Writable } from 'node:stream';

export function drainOrClose(stream: Writable): Promise<void> {
  return new Promise<void>((resolve) => {
    if (stream.destroyed) return resolve();
    const done = () => {
      stream.off('drain', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('close', done);
  });
}
