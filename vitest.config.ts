import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The real-server suite runs with `npm run test:interop` only.
    exclude: [...configDefaults.exclude, 'test/interop/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The CLI runs in-process: picocolors decides at import, and CI=true alone would turn colour on.
    env: { NO_COLOR: '1' },
  },
});
