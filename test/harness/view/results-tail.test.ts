/** Following a results.jsonl as a run writes it: whole lines only, characters never cut, a file that shrank starts over. */
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResultsTail } from '../../../src/harness/view/results-tail.js';
import { tempDir } from '../../support/temp-dir.js';

const texts = async (tail: ResultsTail) => (await tail.read()).lines.map((l) => `${l.lineNo}:${l.text}`);

describe('ResultsTail', () => {
  it('returns nothing before the file exists, then each line once, once it is whole', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const tail = new ResultsTail(path);
    expect(await texts(tail)).toEqual([]);
    writeFileSync(path, '{"a":1}\n{"b":');
    expect(await texts(tail)).toEqual(['1:{"a":1}']);
    expect(await texts(tail)).toEqual([]);
    appendFileSync(path, '2}\n\n{"c":3}\n');
    expect(await texts(tail)).toEqual(['2:{"b":2}', '4:{"c":3}']);
  });

  it('keeps a character cut between two reads whole', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const line = Buffer.from('{"reason":"退款已成功"}\n', 'utf8');
    const tail = new ResultsTail(path);
    // Cut inside the three bytes of 退.
    writeFileSync(path, line.subarray(0, 12));
    expect(await texts(tail)).toEqual([]);
    appendFileSync(path, line.subarray(12));
    const [read] = (await tail.read()).lines;
    expect(read!.value).toEqual({ reason: '退款已成功' });
  });

  it('gives a line that is not JSON as text, without a value', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, '\uFEFF{"header":true}\nnot json\r\n');
    const lines = (await new ResultsTail(path).read()).lines;
    expect(lines).toEqual([
      { lineNo: 1, text: '{"header":true}', value: { header: true } },
      { lineNo: 2, text: 'not json' },
    ]);
  });

  it('starts over when the file shrank (a new run in the same folder)', async () => {
    const path = join(tempDir(), 'results.jsonl');
    writeFileSync(path, '{"a":1}\n{"b":2}\n');
    const tail = new ResultsTail(path);
    await tail.read();
    writeFileSync(path, '{"c":3}\n');
    const read = await tail.read();
    expect(read.reset).toBe(true);
    expect(read.lines.map((l) => l.text)).toEqual(['{"c":3}']);
  });

  it('says when the file holds more than one read takes', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const line = `{"pad":"${'p'.repeat(1000)}"}\n`;
    writeFileSync(path, line.repeat(5_000));
    const tail = new ResultsTail(path);
    const first = await tail.read();
    expect(first.more).toBe(true);
    let lines = first.lines.length;
    for (let read = await tail.read(); ; read = await tail.read()) {
      lines += read.lines.length;
      if (!read.more) break;
    }
    expect(lines).toBe(5_000);
  });

  it('drops a line longer than 16 MiB, and goes on with the next', async () => {
    const path = join(tempDir(), 'results.jsonl');
    const tail = new ResultsTail(path);
    writeFileSync(path, `{"a":1}\n${'x'.repeat(17 << 20)}`);
    const first = await tail.read();
    expect(first.lines.map((l) => l.text)).toEqual(['{"a":1}']);
    // Read in chunks: the long line is dropped once, and its end is not taken for a line.
    let dropped = first.dropped;
    for (let i = 0; i < 6; i++) dropped += (await tail.read()).dropped;
    appendFileSync(path, 'yyy\n{"b":2}\n');
    const after = await tail.read();
    expect(dropped + after.dropped).toBe(1);
    expect(after.lines.map((l) => l.text)).toEqual(['{"b":2}']);
  });
});
