/** What the runner tells its observers; the terminal display is one of them. */
import type { CaseResult, RunProvenance } from './case-result.js';

export type RunEvent =
  | { type: 'run_started'; run: RunProvenance; total: number; resumed: number }
  | { type: 'case_finished'; result: CaseResult; done: number; total: number }
  | { type: 'run_finished'; done: number; total: number; duration_ms: number };

export type RunObserver = (event: RunEvent) => void;
