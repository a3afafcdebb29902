/**
 * report.json: the head as usual, then one case entry per line inside `cases`.
 * Entries are spooled as they stream past during the report's single read of
 * results.jsonl; the head, known only at the end, is written first.
 */
import { streamFileAtomic } from './atomic-file.js';
import type { CaseEntry } from './case-entries.js';
import type { ReportHead } from './report-types.js';
import { SpoolFile } from './spool-file.js';

export class ReportJsonWriter {
  private readonly spool: SpoolFile;
  private count = 0;

  constructor(private readonly path: string) {
    this.spool = new SpoolFile(`${path}.${process.pid}.cases.part`);
  }

  add(entry: CaseEntry): Promise<void> {
    return this.spool.write(`${this.count++ === 0 ? '\n' : ',\n'}    ${JSON.stringify(entry)}`);
  }

  async finish(head: ReportHead): Promise<void> {
    await streamFileAtomic(this.path, async (write) => {
      const headJson = JSON.stringify(head, null, 2);
      await write(`${headJson.slice(0, -2)},\n  "cases": [`);
      for await (const chunk of this.spool.chunks()) await write(chunk);
      await write(this.count === 0 ? ']\n}\n' : '\n  ]\n}\n');
    });
  }

  /** Always called: the spool never outlives the report. */
  discard(): Promise<void> {
    return this.spool.remove();
  }
}
