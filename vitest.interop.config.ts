import { defineConfig } from 'vitest/config';

/** npm run test:interop: the real-server suite, kept out of `npm test` (see test/interop/). */
export default defineConfig({
  test: {
    include: ['test/interop/**/*.interop.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60 * 60_000,
    pool: 'forks',
  },
});
