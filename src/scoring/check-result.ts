/** One assertion on one case: a name and whether it held, with the reason when it did not. */
export interface CheckResult {
  name: string;
  passed: boolean;
  reason?: string;
}

export const pass = (name: string): CheckResult => ({ name, passed: true });
export const fail = (name: string, reason: string): CheckResult => ({ name, passed: false, reason });

/** A reason written "expected X, got Y" (or "…, executed Y") split in two; otherwise the whole reason is what was got. */
export function expectedAndGot(reason: string): { expected: string | null; got: string } {
  const m = /^(?:(.+?): )?expected ([\s\S]+?), (?:got|executed) ([\s\S]+)$/.exec(reason);
  if (!m) return { expected: null, got: reason };
  return { expected: m[1] ? `${m[1]}: ${m[2]}` : m[2]!, got: m[3]! };
}
