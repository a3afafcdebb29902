import type { BaselineDiff } from '../../src/harness/report/baseline.js';

/** A comparison with a trusted, comparable baseline in which nothing changed: tests spread what they need over it. */
export const EMPTY_DIFF: BaselineDiff = {
  path: 'reports/baseline.json',
  run_id: null,
  metrics: {},
  newly_failing: [],
  newly_passing: [],
  newly_failing_count: 0,
  newly_passing_count: 0,
  acknowledged_failing: [],
  acknowledged_failing_count: 0,
  added: 0,
  added_ids: [],
  removed: [],
  removed_count: 0,
  changed: [],
  changed_count: 0,
  untrusted: null,
  not_comparable: [],
  recorded_with: null,
};
