/** report.json, streamed: the head as usual, then one case entry per line inside `cases`. */
import { streamFileAtomic } from './atomic-file.js';
import type { CaseEntry } from './case-entries.js';
import type { ReportHead } from './report-types.js';

export async function writeReportJson(path: string, head: ReportHead, entries: AsyncIterable<CaseEntry>): Promise<void> {
  await streamFileAtomic(path, async (write) => {
    const headJson = JSON.stringify(head, null, 2);
    await write(`${headJson.slice(0, -2)},\n  "cases": [`);
    let first = true;
    for await (const entry of entries) {
      await write(`${first ? '\n' : ',\n'}    ${JSON.stringify(entry)}`);
      first = false;
    }
    await write(first ? ']\n}\n' : '\n  ]\n}\n');
  });
}
