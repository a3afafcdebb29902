/**
 * What report.html shows, gathered in one pass over the case entries: a row
 * per case for the table (flips against the baseline marked), and the details
 * — checks, model output, trace — of failed cases first, then of passed
 * scenarios so that every scenario's timeline can be looked at. Capped, so a
 * run of 100,000 cases still makes a page a browser opens.
 */
import type { CaseEntry } from '../case-entries.js';
import { failureOrder } from '../failure-order.js';
import type { ReportHead } from '../report-types.js';

export type Flip = 'newly_failing' | 'newly_passing' | 'changed' | 'new' | null;

export interface CaseRow {
  /** The anchor of the case's details (`c<n>`), when they are on the page. */
  anchor: string | null;
  id: string;
  module: string;
  case_type: string;
  status: CaseEntry['status'];
  flip: Flip;
  /** First failing stage (scenarios) or first failed check, and its reason. */
  why: string;
  /** The scenario's first failing stage, for the table's filter. */
  stage: string;
  /** The names of the failed checks, for the table's filter. */
  checks: string[];
}

export interface HtmlReportData {
  head: ReportHead;
  rows: CaseRow[];
  rowsTotal: number;
  details: (CaseEntry & { anchor: string; flip: Flip })[];
  /** Failed cases not detailed on the page (report.json has them all). */
  failuresNotDetailed: number;
}

/** Rows: a page a browser still opens, and past 10,000 cases a report the same size whatever the suite's (report.json has every case). */
const HTML_CAPS = { rows: 10_000, failedDetails: 400, passedScenarioDetails: 120 };

export function collectHtmlData(head: ReportHead, entries: Iterable<CaseEntry>): HtmlReportData {
  const collector = new HtmlDataCollector();
  for (const entry of entries) collector.add(entry);
  return collector.finish(head);
}

/**
 * The same, fed one entry at a time during the report step's single read of
 * results.jsonl; flips against the baseline are known only at the end.
 */
export class HtmlDataCollector {
  private readonly rows: (Omit<CaseRow, 'flip'> & { flip?: Flip })[] = [];
  private readonly failed: (CaseEntry & { anchor: string })[] = [];
  private readonly passedScenarios: (CaseEntry & { anchor: string })[] = [];
  private rowsTotal = 0;
  private failuresNotDetailed = 0;
  private n = 0;

  add(entry: CaseEntry): void {
    this.rowsTotal += 1;
    const bucket = entry.status === 'passed' ? (entry.trace ? this.passedScenarios : null) : this.failed;
    const cap = entry.status === 'passed' ? HTML_CAPS.passedScenarioDetails : HTML_CAPS.failedDetails;
    let anchor: string | null = null;
    if (bucket && bucket.length < cap) {
      anchor = `c${this.n++}`;
      bucket.push({ ...entry, anchor });
    } else if (entry.status !== 'passed') {
      this.failuresNotDetailed += 1;
    }
    if (this.rows.length < HTML_CAPS.rows)
      this.rows.push({
        anchor,
        id: entry.id,
        module: entry.module,
        case_type: entry.case_type,
        status: entry.status,
        why: whyOf(entry),
        stage: entry.first_failing_stage ?? '',
        checks: [...new Set(entry.failed_checks.map((c) => c.name))],
      });
  }

  finish(head: ReportHead): HtmlReportData {
    const flipOf = flips(head);
    const withFlip = <T extends { id: string }>(x: T) => ({ ...x, flip: flipOf(x.id) });
    const failed = this.failed.map(withFlip);
    failed.sort((a, b) => failureOrder({ ...a, newlyFailing: a.flip === 'newly_failing' }, { ...b, newlyFailing: b.flip === 'newly_failing' }));
    return {
      head,
      rows: this.rows.map(withFlip),
      rowsTotal: this.rowsTotal,
      details: [...failed, ...this.passedScenarios.map(withFlip)],
      failuresNotDetailed: this.failuresNotDetailed,
    };
  }
}

/** How each case moved against the baseline, as the baseline diff judged it (edited cases are "changed", not flips). */
function flips(head: ReportHead): (id: string) => Flip {
  const b = head.baseline;
  if (!b) return () => null;
  const kinds: [Set<string>, Flip][] = [
    [new Set(b.newly_failing), 'newly_failing'],
    [new Set(b.newly_passing), 'newly_passing'],
    [new Set(b.changed.map((c) => c.id)), 'changed'],
    [new Set(b.added_ids), 'new'],
  ];
  return (id) => kinds.find(([ids]) => ids.has(id))?.[1] ?? null;
}

export function whyOf(entry: CaseEntry): string {
  if (entry.status === 'passed') return '';
  if (entry.status === 'skipped') return `skipped: ${entry.skipped_reason ?? 'the provider cannot answer this module'}`;
  if (entry.error) return `error: ${entry.error}`;
  if (entry.attribution) return entry.attribution.summary;
  const first = entry.failed_checks[0];
  return first ? `${first.name}: ${first.reason}` : 'failed';
}
