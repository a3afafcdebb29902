/**
 * The tests StrykerJS runs against each mutant: the focused unit tests of the
 * verdict code, in-process. CLI tests are left out on purpose: they run the
 * built dist/, which a mutant of src/ never reaches, so they could only slow
 * the run down without killing anything.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/scoring/**/*.test.ts', 'test/report/**/*.test.ts', 'test/runner/**/*.test.ts', 'test/pipeline/gate-chain.test.ts'],
    // report.md's rendering test runs a small eval to get a real report head: its code is not in the mutation scope.
    exclude: ['test/report/report-md.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
