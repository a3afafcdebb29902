/**
 * The CI job summary: the verdict, why, what makes the comparison unfair,
 * the prompt changes, the counts against the baseline and the first failures —
 * then a pointer to the full report. Whatever the run, it stays under a hard
 * character cap (GitHub refuses a step summary over 65,536 characters): lists
 * are capped first, and if that is not enough the text is cut at a line with a
 * note saying where the rest is.
 */
import { codeSpan, escapeMarkdownInline as md } from './escape.js';
import { renderBaselineComparison, renderPromptChanges, renderVerdictNotes, verdictHeading } from './report-md-review.js';
import type { CaseEntry } from './case-entries.js';
import { runSize, trialsOfRun } from './run-words.js';
import type { ReportHead } from './report-types.js';
import type { ArmsReport } from './arms/arms-report.js';
import { verdictLine } from './arms/render-arms-md.js';

export const DEFAULT_SUMMARY_CHARS = 60_000;
const FAILURE_LINES = 30;

export interface SummaryInput {
  head: ReportHead;
  failures: Pick<CaseEntry, 'id' | 'module' | 'status' | 'failed_checks' | 'error'>[];
  failuresTotal: number;
  /** Where the full report is, e.g. the CI artifact's name. */
  artifact?: string;
  maxChars?: number;
}

export function renderSummaryMarkdown({ head, failures, failuresTotal, artifact, maxChars = DEFAULT_SUMMARY_CHARS }: SummaryInput): string {
  const { run, summary } = head;
  const where = artifact
    ? `the ${codeSpan(artifact)} artifact (report.md, report.json, junit.xml, results.jsonl)`
    : `${codeSpan(run.report_dir)} (report.md, report.json)`;
  const out = [
    `## orderflow: ${verdictHeading(head)}`,
    '',
    ...renderVerdictNotes(head),
    `${runSize(summary.total, trialsOfRun(run), 'results')}: ${summary.passed} passed, ${summary.failed} failed, ${summary.error} errors${summary.skipped ? `, ${summary.skipped} skipped` : ''} · provider ${codeSpan(run.provider)} · model ${codeSpan(run.model)}` +
      (run.git.commit ? ` · commit ${codeSpan(run.git.commit.slice(0, 12))}` : ''),
    '',
  ];
  const settings = head.gate_settings_changes;
  if (settings.length) out.push(`Gate settings changed since the baseline: ${settings.map((c) => codeSpan(c.message)).join(', ')}`, '');
  out.push(...renderPromptChanges(head.prompt_changes, run.provider).map((l) => l.replace(/^## /, '### ').replace(/^### (\S+:)/, '#### $1')));
  if (head.arms) out.push(...armsSummary(head.arms));
  out.push(...renderBaselineComparison(head).map((l) => l.replace(/^## /, '### ')));
  if (failuresTotal) {
    out.push(`### Failed cases (${failuresTotal})`, '');
    for (const f of failures.slice(0, FAILURE_LINES)) {
      const why = f.error ?? f.failed_checks.map((c) => `${c.name}: ${c.reason}`).join('; ');
      out.push(`- ${codeSpan(f.id)} (${f.module}): ${md(why, 200)}`);
    }
    if (failuresTotal > Math.min(failures.length, FAILURE_LINES)) out.push(`- … and ${failuresTotal - Math.min(failures.length, FAILURE_LINES)} more`);
    out.push('');
  }
  out.push(`Full report: ${where}.`, '');
  return capped(out.join('\n'), maxChars, where);
}

/** A run with arms: one verdict line per metric and comparison; report.md has the table and the differing cases. */
function armsSummary(arms: ArmsReport): string[] {
  const out = [
    `### Arms (${arms.varied}): ${arms.arms.map((a) => `${codeSpan(a.name)} ${a.summary.passed}/${a.summary.total} passed`).join(', ')}; the gate judged ${codeSpan(arms.designated)}`,
    '',
  ];
  for (const c of arms.comparisons) {
    out.push(...c.verdicts.map((v) => `- ${verdictLine(c, v)}`));
    out.push(`- ${c.differing_count} case(s) with different verdicts`);
  }
  return [...out, ''];
}

function capped(text: string, maxChars: number, where: string): string {
  if (text.length <= maxChars) return text;
  const note = `\n\n… summary cut at ${maxChars} characters; the rest is in ${where}.\n`;
  const room = Math.max(0, maxChars - note.length);
  const cut = text.lastIndexOf('\n', room);
  return `${text.slice(0, cut > 0 ? cut : room)}${note}`;
}
