/**
 * The few exact statistics the gate needs on a stochastic model: the Wilson
 * score interval of a proportion, the binomial tail behind McNemar's exact
 * test and the sign test, Holm's step-down adjustment, and a power estimate.
 * Hand-written because each is a few lines; test/harness/scoring checks them against
 * published values (R's prop.test, binom.test, qnorm).
 */

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval at two-sided confidence `level`. `successes` may be
 * fractional (a mean of per-case values in [0, 1]): for such values the
 * variance is at most p(1 − p), so the interval is then conservative.
 */
export function wilsonInterval(successes: number, n: number, level = 0.95): Interval | null {
  if (n <= 0) return null;
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = Math.min(1, Math.max(0, successes / n));
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // The bounds are exact at 0 and 1 (x = 0 or x = n); rounding must not move them inside.
  return { low: p === 0 ? 0 : Math.max(0, centre - half), high: p === 1 ? 1 : Math.min(1, centre + half) };
}

/** P(X ≥ k) for X ~ Binomial(n, p), summed exactly in log space (no underflow at large n). */
export function binomialUpperTail(k: number, n: number, p = 0.5): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let sum = 0;
  for (let i = k; i <= n; i++) sum += Math.exp(logChoose(n, i) + i * logP + (n - i) * logQ);
  return Math.min(1, sum);
}

/**
 * One-sided exact test that "worse" outnumbers "better" among the untied
 * pairs: under no change each untied pair is equally likely to go either way.
 * With one trial per case this is McNemar's exact test; with k trials it is
 * the sign test on per-case pass rates.
 */
export function exactPairedPValue(worse: number, better: number): number {
  return binomialUpperTail(worse, worse + better, 0.5);
}

/**
 * Holm's step-down adjustment: adjusted p-values whose rejections at level α
 * keep the chance of any false alarm across the whole family at most α.
 */
export function holmAdjust(pValues: number[]): number[] {
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/**
 * The smallest drop in pass rate from `p` that a one-sided test at `alpha`
 * detects with probability `power`, comparing two runs of `n` independent
 * trials each (normal approximation; a planning figure, not a test).
 */
export function minimumDetectableDrop(p: number, n: number, alpha: number, power = 0.8): number {
  if (n <= 0) return 1;
  const spread = Math.max(p * (1 - p), 0.05 * 0.95);
  return (normalQuantile(1 - alpha) + normalQuantile(power)) * Math.sqrt((2 * spread) / n);
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(q: number): number {
  if (q <= 0) return -Infinity;
  if (q >= 1) return Infinity;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (q < low) {
    const t = Math.sqrt(-2 * Math.log(q));
    return (((((c[0]! * t + c[1]!) * t + c[2]!) * t + c[3]!) * t + c[4]!) * t + c[5]!) / ((((d[0]! * t + d[1]!) * t + d[2]!) * t + d[3]!) * t + 1);
  }
  if (q > 1 - low) return -normalQuantile(1 - q);
  const t = q - 0.5;
  const r = t * t;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * t) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

function logChoose(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

const LOG_FACTORIALS: number[] = [0];

function logFactorial(n: number): number {
  for (let i = LOG_FACTORIALS.length; i <= n; i++) LOG_FACTORIALS.push(LOG_FACTORIALS[i - 1]! + Math.log(i));
  return LOG_FACTORIALS[n]!;
}
