/** The terminal's lines for a run with arms: the verdict per metric and the cases that differ, both outcomes side by side. */
import type { ArmsReport } from '../report/arms/arms-report.js';
import { verdictLine } from '../report/arms/render-arms-md.js';

/** A terminal screen's worth; report.md and report.html list more. */
const LISTED = 15;
const OUTPUT_CHARS = 60;

export function armsSummaryLines(arms: ArmsReport): string[] {
  const lines = [
    `arms (${arms.varied}): ${arms.arms.map((a) => `${a.name} ${a.summary.passed}/${a.summary.total} passed`).join(', ')}; the gate judged ${arms.designated}`,
  ];
  for (const c of arms.comparisons) {
    const p = c.paired;
    lines.push(`${c.b} vs ${c.a}: ${p.better} better, ${p.worse} worse, ${p.tied} tied, p = ${p.p_value} (two-sided)`);
    for (const v of c.verdicts) lines.push(`  ${verdictLine(c, v).replace(/\*\*/g, '')}`);
    if (c.differing_count) lines.push(`  ${c.differing_count} case(s) differ (${c.a} | ${c.b}):`);
    for (const d of c.differing.slice(0, LISTED)) lines.push(`    ${d.id}: ${side(d.a)} | ${side(d.b)}`);
    if (c.differing_count > LISTED) lines.push(`    … and ${c.differing_count - LISTED} more (report.md, report.html)`);
  }
  return lines;
}

function side(o: { status: string; trials?: string; output?: string }): string {
  const text = o.output?.replace(/\s+/g, ' ');
  return `${o.status}${o.trials ? ` ${o.trials}` : ''}${text ? ` ${JSON.stringify(text.length > OUTPUT_CHARS ? `${text.slice(0, OUTPUT_CHARS)}…` : text)}` : ''}`;
}
