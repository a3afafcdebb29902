/**
 * report.html of the whole suite stays small enough to open and attach: the
 * passed scenarios' traces are packed once (gzipped, in one data block) and
 * unpacked when opened, so no trace is in the page twice.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sharedEval } from '../../support/shared-eval.js';

const LIMIT = 600 * 1024;

describe('report.html of the suite run', () => {
  it('is at most 600 KB, with each passed scenario trace held once, packed', async () => {
    const run = await sharedEval('sim');
    expect(run.code, run.stderr).toBe(0);
    const path = join(run.out, 'report.html');
    expect(statSync(path).size).toBeLessThanOrEqual(LIMIT);

    const page = readFileSync(path, 'utf8');
    const block = /<script type="application\/json" id="lazy-details">([^<]*)<\/script>/.exec(page)![1]!;
    const parts = JSON.parse(gunzipSync(Buffer.from(JSON.parse(block), 'base64')).toString('utf8')) as string[];
    const stubs = [...page.matchAll(/<details class="lazy" data-lazy="(\d+)">/g)].map((m) => Number(m[1]));
    // One stub per packed trace, each pointing at its own, and every packed one a timeline.
    expect(stubs).toEqual(parts.map((_, i) => i));
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part).toMatch(/^<ol class="timeline">/);
    // Not also rendered in the page: the packed timelines are absent from the visible markup.
    expect(page.split('<ol class="timeline">').length - 1).toBeLessThan(parts.length);
  }, 120_000);
});
