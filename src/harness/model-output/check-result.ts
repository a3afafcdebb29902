/**
 * One assertion on one case: a name and whether it held, with the reason when it did not.
 * It lives beside the schema check (parse-model-output.ts), the first check every output
 * meets, which pipeline/ makes too: scoring/ sits above pipeline/ and builds on it.
 */
export interface CheckResult {
  name: string;
  passed: boolean;
  reason?: string;
}

export const pass = (name: string): CheckResult => ({ name, passed: true });
export const fail = (name: string, reason: string): CheckResult => ({ name, passed: false, reason });

/** A failed check as a result records it. */
export interface FailedCheck {
  name: string;
  reason: string;
  /** On a schema check: the endpoint could not have enforced what failed (see registry/schema-dialects.ts). */
  unenforced?: string;
}
