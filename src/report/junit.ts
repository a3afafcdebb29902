/**
 * junit.xml: one testsuite per module (and one for pipeline scenarios), one
 * testcase per case. Results arrive in completion order, so testcases are
 * spooled to one temporary file per suite and stitched together at the end.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { streamFileAtomic } from './atomic-file.js';
import type { CaseEntry } from './case-entries.js';
import { escapeXml } from './escape.js';
import type { ReportHead } from './report-types.js';

interface Spool {
  path: string;
  stream: WriteStream;
  tests: number;
  failures: number;
  errors: number;
  seconds: number;
}

export async function writeJunit(path: string, head: ReportHead, entries: AsyncIterable<CaseEntry>): Promise<void> {
  const spools = new Map<string, Spool>();
  try {
    for await (const entry of entries) {
      let spool = spools.get(entry.module);
      if (!spool) {
        const spoolPath = `${path}.${spools.size}.${process.pid}.part`;
        spool = { path: spoolPath, stream: createWriteStream(spoolPath, { encoding: 'utf8' }), tests: 0, failures: 0, errors: 0, seconds: 0 };
        spools.set(entry.module, spool);
      }
      spool.tests += 1;
      spool.seconds += (entry.latency_ms ?? 0) / 1000;
      if (entry.status === 'failed') spool.failures += 1;
      if (entry.status === 'error') spool.errors += 1;
      if (!spool.stream.write(testcase(entry))) await new Promise<void>((resolve) => spool!.stream.once('drain', () => resolve()));
    }
    await Promise.all([...spools.values()].map((s) => new Promise<void>((resolve) => s.stream.end(resolve))));
    const { summary } = head;
    await streamFileAtomic(path, async (write) => {
      await write('<?xml version="1.0" encoding="UTF-8"?>\n');
      await write(`<testsuites name="orderflow" tests="${summary.total}" failures="${summary.failed}" errors="${summary.error}" time="${(head.run.duration_ms / 1000).toFixed(3)}">\n`);
      for (const [module, spool] of [...spools.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        await write(`  <testsuite name="${escapeXml(module)}" tests="${spool.tests}" failures="${spool.failures}" errors="${spool.errors}" time="${spool.seconds.toFixed(3)}">\n`);
        for await (const chunk of createReadStream(spool.path, { encoding: 'utf8' })) await write(chunk as string);
        await write('  </testsuite>\n');
      }
      await write('</testsuites>\n');
    });
  } finally {
    await Promise.all([...spools.values()].map((s) => rm(s.path, { force: true })));
  }
}

/** file and line let CI annotate the case definition; time is the case's wall time in seconds. */
function testcase(entry: CaseEntry): string {
  const where = entry.file ? ` file="${escapeXml(entry.file)}"${entry.line ? ` line="${entry.line}"` : ''}` : '';
  const open = `    <testcase name="${escapeXml(entry.id)}" classname="${escapeXml(`${entry.module}.${entry.case_type}`)}"${where} time="${((entry.latency_ms ?? 0) / 1000).toFixed(3)}"`;
  if (entry.status === 'passed') return `${open}/>\n`;
  if (entry.status === 'error') return `${open}>\n      <error message="${escapeXml(entry.error ?? 'error')}"/>\n    </testcase>\n`;
  const reasons = entry.failed_checks.map((c) => `${c.name}: ${c.reason}`);
  const stage = entry.first_failing_stage ? `first failing stage: ${entry.first_failing_stage}\n` : '';
  const size = entry.raw_output_bytes !== undefined ? ` (first 64 KiB of ${entry.raw_output_bytes} bytes)` : '';
  const output = entry.raw_output !== undefined ? `\n\noutput${size}:\n${entry.raw_output}` : '';
  return `${open}>\n      <failure message="${escapeXml(reasons[0] ?? 'failed')}">${escapeXml(`${stage}${reasons.join('\n')}${output}`)}</failure>\n    </testcase>\n`;
}
