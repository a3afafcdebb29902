import type { ScoredResult } from './metric.js';
import { judged, one, rate, type Count } from './rate.js';

/** A scenario's share of a task-success rate, over those `which` takes: done when every expectation held and it did not error. */
export const taskDone =
  (which: (r: ScoredResult) => boolean) =>
  (r: ScoredResult): Count =>
    r.facts.task !== undefined && which(r) ? [one(r.facts.task && judged(r)), 1] : null;

/** Scenarios whose every expectation held, of all scenarios that ran. */
export const taskSuccessRate = rate(
  'task_success_rate',
  false,
  taskDone(() => true),
);
