/**
 * A gate that passed only because breaking prompt changes were acknowledged is
 * a review item, not a plain green: every report says "passed with N
 * acknowledged breaking change(s)" and lists them.
 */
import { acknowledgedBreaking } from './prompt-review.js';
import type { ReportHead } from './report-types.js';

export interface ReviewItem {
  module: string;
  version: string;
  message: string;
}

export function acknowledgedItems(head: Pick<ReportHead, 'prompt_changes'>): ReviewItem[] {
  return acknowledgedBreaking(head.prompt_changes).map((a) => ({ module: a.module, version: a.version, message: a.change.message }));
}

/** "passed", or "passed with 2 acknowledged breaking change(s)"; "FAILED" when it failed. */
export function gateWords(head: Pick<ReportHead, 'prompt_changes' | 'gate'>): string {
  if (!head.gate.passed) return 'FAILED';
  const n = acknowledgedItems(head).length;
  return n ? `passed with ${n} acknowledged breaking change(s)` : 'passed';
}

export const describeItem = (a: ReviewItem) => `${a.module}: ${a.message} (acknowledged in ${a.version})`;
