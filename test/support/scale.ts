/**
 * How hard the randomised tests try. `npm test` runs them at a size that keeps
 * the default suite in minutes; `npm run test:slow` (and CI) runs them at full
 * size, where a rare counterexample has its chance.
 */
const FULL_SIZE = process.env.ORDERFLOW_TEST_FULL === '1';

/** `full` iterations in the slow project, a tenth of them (at least `floor`) in the default one. */
export function iterations(full: number, floor = 100): number {
  return FULL_SIZE ? full : Math.max(floor, Math.round(full / 10));
}
