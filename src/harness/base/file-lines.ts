/**
 * The lines of a text file, read in large synchronous chunks. readline over a
 * stream read 64 KiB at a time, each a trip to the thread pool the caller sat
 * idle through, and ran a regular expression per line: a 10,000-case report
 * spent a tenth of its time there. Line ends are those readline knows (\n,
 * \r\n, a lone \r); the last line needs none.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const CHUNK_BYTES = 1 << 20;

export function* fileLines(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      const done = bytesRead === 0;
      let text = rest + (done ? decoder.end() : decoder.write(buffer.subarray(0, bytesRead)));
      if (text.includes('\r')) {
        // A \r that ends the chunk may be the first half of \r\n: it stays for the next one.
        const cut = done || !text.endsWith('\r') ? text.length : text.length - 1;
        text = text.slice(0, cut).replace(/\r\n?/g, '\n') + text.slice(cut);
      }
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        yield text.slice(start, end);
        start = end + 1;
      }
      rest = text.slice(start);
      if (done) {
        if (rest !== '') yield rest;
        return;
      }
    }
  } finally {
    closeSync(fd);
  }
}
