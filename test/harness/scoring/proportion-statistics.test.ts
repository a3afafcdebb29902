import { describe, expect, it } from 'vitest';
import {
  binomialUpperTail,
  exactPairedPValue,
  holmAdjust,
  minimumDetectableDrop,
  normalQuantile,
  wilsonInterval,
} from '../../../src/harness/scoring/proportion-statistics.js';

// Reference values from R: prop.test(x, n, correct = FALSE)$conf.int, binom.test(..., alternative = "greater"), qnorm.
describe('proportion statistics against published values', () => {
  it.each([
    [81, 263, 0.2552885198782742, 0.36620957698280004],
    [5, 10, 0.236593090512564, 0.7634069094874361],
    [9, 10, 0.5958499732047615, 0.9821237869049271],
    [950, 1000, 0.9346861797557492, 0.9618697376072513],
  ])('Wilson 95%% interval of %i/%i', (x, n, low, high) => {
    const ci = wilsonInterval(x, n)!;
    expect(ci.low).toBeCloseTo(low, 8);
    expect(ci.high).toBeCloseTo(high, 8);
  });

  it('the Wilson interval is exact at the edges and absent without data', () => {
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775327998628892, 8) });
    expect(wilsonInterval(10, 10)!.high).toBe(1);
    expect(wilsonInterval(10, 10)!.low).toBeCloseTo(1 - 0.2775327998628892, 8);
    expect(wilsonInterval(0, 0)).toBeNull();
    // A wider level gives a wider interval.
    expect(wilsonInterval(5, 10, 0.99)!.low).toBeLessThan(wilsonInterval(5, 10, 0.95)!.low);
  });

  it('binomial upper tails', () => {
    expect(binomialUpperTail(8, 10)).toBeCloseTo(0.0546875, 12);
    expect(binomialUpperTail(700, 1200)).toBeCloseTo(4.267683040517158e-9, 15);
    expect(binomialUpperTail(3, 2000, 0.001)).toBeCloseTo(0.3233235612384794, 10);
    expect(binomialUpperTail(0, 5)).toBe(1);
    expect(binomialUpperTail(6, 5)).toBe(0);
    // Large n neither underflows nor exceeds 1.
    expect(binomialUpperTail(2500, 5000)).toBeGreaterThan(0.5);
    expect(binomialUpperTail(2500, 5000)).toBeLessThanOrEqual(1);
  });

  it("McNemar's exact test on discordant pairs (one-sided)", () => {
    expect(exactPairedPValue(10, 2)).toBeCloseTo(0.019287109375, 12);
    expect(exactPairedPValue(0, 0)).toBe(1);
    expect(exactPairedPValue(2, 10)).toBeGreaterThan(0.99);
  });

  it('normal quantiles', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 8);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 8);
    expect(normalQuantile(0.5)).toBe(0);
  });

  it("Holm's adjustment", () => {
    // p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") in R: 0.03 0.06 0.06 0.02
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted.map((p) => Number(p.toFixed(10)))).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('the detectable drop shrinks with the number of trials', () => {
    const small = minimumDetectableDrop(0.9, 30, 0.05);
    const large = minimumDetectableDrop(0.9, 300, 0.05);
    expect(large).toBeCloseTo(small / Math.sqrt(10), 10);
    // (1.645 + 0.842) * sqrt(2 * 0.09 / 100)
    expect(minimumDetectableDrop(0.9, 100, 0.05)).toBeCloseTo(0.10551, 4);
  });
});
