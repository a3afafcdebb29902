/**
 * junit.xml: one testsuite per module (and one for pipeline scenarios), one
 * testcase per case. Results arrive in completion order, so testcases are
 * spooled to one temporary file per suite and stitched together at the end.
 */
import { streamFileAtomic } from './atomic-file.js';
import type { CaseEntry } from './case-entries.js';
import { escapeXml } from './escape.js';
import type { ReportHead } from './report-types.js';
import { SpoolFile } from './spool-file.js';

interface Suite {
  spool: SpoolFile;
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  seconds: number;
}

export class JunitWriter {
  private readonly suites = new Map<string, Suite>();

  constructor(private readonly path: string) {}

  add(entry: CaseEntry): Promise<void> {
    let suite = this.suites.get(entry.module);
    if (!suite) {
      suite = { spool: new SpoolFile(`${this.path}.${this.suites.size}.${process.pid}.part`), tests: 0, failures: 0, errors: 0, skipped: 0, seconds: 0 };
      this.suites.set(entry.module, suite);
    }
    suite.tests += 1;
    suite.seconds += (entry.latency_ms ?? 0) / 1000;
    if (entry.status === 'failed') suite.failures += 1;
    if (entry.status === 'error') suite.errors += 1;
    if (entry.status === 'skipped') suite.skipped += 1;
    return suite.spool.write(testcase(entry));
  }

  async finish(head: ReportHead): Promise<void> {
    // The totals of the testcases below (one per case): with --repeat the run's summary counts trials instead.
    const suites = [...this.suites.values()];
    const sum = (pick: (s: Suite) => number) => suites.reduce((n, s) => n + pick(s), 0);
    await streamFileAtomic(this.path, async (write) => {
      await write('<?xml version="1.0" encoding="UTF-8"?>\n');
      await write(
        `<testsuites name="orderflow" tests="${sum((s) => s.tests)}" failures="${sum((s) => s.failures)}" errors="${sum((s) => s.errors)}" skipped="${sum((s) => s.skipped)}" time="${(head.run.duration_ms / 1000).toFixed(3)}">\n`,
      );
      for (const [module, suite] of [...this.suites.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        await write(
          `  <testsuite name="${escapeXml(module)}" tests="${suite.tests}" failures="${suite.failures}" errors="${suite.errors}" skipped="${suite.skipped}" time="${suite.seconds.toFixed(3)}">\n`,
        );
        for await (const chunk of suite.spool.chunks()) await write(chunk);
        await write('  </testsuite>\n');
      }
      await write('</testsuites>\n');
    });
  }

  /** Always called: no spool outlives the report. */
  async discard(): Promise<void> {
    await Promise.all([...this.suites.values()].map((s) => s.spool.remove()));
  }
}

/** file and line let CI annotate the case definition; time is the case's wall time in seconds. */
function testcase(entry: CaseEntry): string {
  const where = entry.file ? ` file="${escapeXml(entry.file)}"${entry.line ? ` line="${entry.line}"` : ''}` : '';
  const open = `    <testcase name="${escapeXml(entry.id)}" classname="${escapeXml(`${entry.module}.${entry.case_type}`)}"${where} time="${((entry.latency_ms ?? 0) / 1000).toFixed(3)}"`;
  if (entry.status === 'passed') return `${open}/>\n`;
  if (entry.status === 'skipped') return `${open}>\n      <skipped message="${escapeXml(entry.skipped_reason ?? 'skipped')}"/>\n    </testcase>\n`;
  if (entry.status === 'error') return `${open}>\n      <error message="${escapeXml(entry.error ?? 'error')}"/>\n    </testcase>\n`;
  const reasons = entry.failed_checks.map((c) => `${c.name}: ${c.reason}`);
  const stage = entry.first_failing_stage ? `first failing stage: ${entry.first_failing_stage}\n` : '';
  const size = entry.raw_output_bytes !== undefined ? ` (first 64 KiB of ${entry.raw_output_bytes} bytes)` : '';
  const output = entry.raw_output !== undefined ? `\n\noutput${size}:\n${entry.raw_output}` : '';
  return `${open}>\n      <failure message="${escapeXml(reasons[0] ?? 'failed')}">${escapeXml(`${stage}${reasons.join('\n')}${output}`)}</failure>\n    </testcase>\n`;
}
