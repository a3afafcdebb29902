/** Short texts are joined before they reach the stream: nothing lost, nothing reordered, nothing held back past a turn. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TextFileWriter } from '../../../src/harness/base/text-file-writer.js';
import { tempDir } from '../../support/temp-dir.js';

describe('TextFileWriter', () => {
  it('keeps the order of short texts, long ones and released bytes written side by side, and has them all at close', async () => {
    const path = join(tempDir(), 'out.txt');
    const writer = new TextFileWriter(path);
    const expected: string[] = [];
    const pending: Promise<void>[] = [];
    for (let i = 0; i < 3_000; i++) {
      // Every 500th text is longer than a batch; every 700th goes as bytes, the way a spool copies.
      const text = i % 500 === 0 ? `${i}:${'长'.repeat(70_000)}\n` : `${i}:结果\n`;
      expected.push(text);
      if (i % 700 === 0) pending.push(writer.writeAndRelease(Buffer.from(text, 'utf8')));
      else pending.push(writer.write(text));
    }
    await Promise.all(pending);
    await writer.close();
    expect(readFileSync(path, 'utf8')).toBe(expected.join(''));
  });

  it('hands a short text to the file within the turn it was written in, not only at close', async () => {
    const path = join(tempDir(), 'out.txt');
    const writer = new TextFileWriter(path);
    await writer.write('one line\n');
    // A batch goes out at the end of the turn; opening the file and writing follow on the thread pool.
    const size = () => (existsSync(path) ? statSync(path).size : 0);
    for (let i = 0; i < 400 && size() === 0; i++) await sleep(5);
    expect(readFileSync(path, 'utf8')).toBe('one line\n');
    await writer.close();
  });

  it('a discarded writer writes nothing it still held', async () => {
    const path = join(tempDir(), 'out.txt');
    const writer = new TextFileWriter(path);
    await writer.write('thrown away\n');
    writer.discard();
    for (let i = 0; i < 5; i++) await nextTurn();
    // Destroyed before the file opened, the stream may never have created it: absent or empty, never the text.
    expect(existsSync(path) ? readFileSync(path, 'utf8') : '').toBe('');
  });
});
