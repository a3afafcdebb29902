/**
 * Why a failed scenario's first failing stage is the one to fix, as
 * results.jsonl records it and the reports show it. The agent's judge fills it
 * in (it alone knows its stages); the harness stores and renders it.
 */
export interface StageAttribution {
  stage: string;
  /** The prompt that ran the stage, when a model stage. */
  prompt: string | null;
  /** The check that failed at this stage (a scenario check, or the stage's own expectation). */
  check: string;
  expected: string;
  got: string;
  /** The fields of the stage's output that caused it, as compact JSON (or the raw text when it did not parse). */
  output_excerpt: string | null;
  /** Later checks that failed because of this stage, each with the stage it belongs to. */
  downstream: { check: string; stage: string }[];
  /** One line a reviewer reads: "<stage>: <check> — expected …, got …". */
  summary: string;
  /** One line, or null: "3 later checks failed because of <stage>: …". */
  consequence: string | null;
}
