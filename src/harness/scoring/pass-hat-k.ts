/**
 * pass^k as τ-bench defines it: over cases with n trials of which c passed,
 * the mean of C(c,k)/C(n,k) — the chance that k independent tries all pass.
 */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

export function passHatK(trials: Iterable<{ n: number; c: number }>, k: number): { sum: number; cases: number } {
  let sum = 0;
  let cases = 0;
  for (const { n, c } of trials) {
    if (n < k) continue;
    sum += binomial(c, k) / binomial(n, k);
    cases += 1;
  }
  return { sum, cases };
}
