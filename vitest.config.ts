import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects. `fast` is `npm test`: everything that runs in-process, files
 * in parallel. `slow` is `npm run test:slow`: what needs a real browser, a
 * signal sent to a child process, many model calls over loopback, or the
 * randomised tests at full size. CI runs both. The real-server suite
 * (test/interop/) runs with `npm run test:interop` only.
 */
const SLOW = [
  'test/harness/report/report-html-browser.test.ts',
  'test/harness/view/viewer-browser.test.ts',
  'test/harness/evaluate/interrupt-resume.test.ts',
  'test/harness/cli/generate-pipeline.test.ts',
  'test/harness/evaluate/noisy-model-gate.test.ts',
  'test/harness/cli/child-process-smoke.test.ts',
  // What a fresh process of lint and list loads: four child processes each.
  'test/harness/cli/startup-imports.test.ts',
  'test/harness/evaluate/one-writer.test.ts',
  'test/harness/report/report-html-long-id.test.ts',
  // Drives the pull-request workflow's steps against a real git origin: about two minutes.
  'test/docs/ci-workflow.test.ts',
  // Whole-suite evals, many per file: the longest integration files of the default suite.
  'test/harness/evaluate/prompt-regression.test.ts',
  'test/harness/evaluate/runner-resume-shard-repeat.test.ts',
  'test/harness/report/clustered-report.test.ts',
  // The whole suite twice through the real openai client and a loopback server (live, then replayed).
  'test/harness/evaluate/openai-end-to-end.test.ts',
  // docs/api.md's examples as a user's project runs them: tsc over the package's .d.ts, then a process per example.
  'test/api/api-docs.test.ts',
  // npm pack, init --from the tarball, npm install --offline and npx orderflow in the new project.
  'test/harness/cli/install-from-tarball.test.ts',
  // eval --watch as a process: a save, then SIGINT.
  'test/harness/cli/watch-process.test.ts',
];
/**
 * `fast` does not isolate its files: each worker evaluates src/ once, not once
 * per file (that import was most of the default suite's CPU time). These files
 * mock a module or stub the environment, which needs a module graph of their
 * own: they run isolated, in `fast:isolated`, which `npm test` runs too.
 */
const NEEDS_ISOLATION = [
  'test/harness/report/single-read.test.ts',
  'test/harness/cli/hermetic-env.test.ts',
  'test/agent/judge/readers/guard-bug-visible.test.ts',
  'test/harness/scoring/metric-registration.test.ts',
];
/** Randomised tests: a tenth of their size in `fast`, full size in `slow` (test/support/scale.ts). */
const RANDOMISED = ['test/harness/base/plain-yaml.test.ts', 'test/agent/pipeline/guards-hold.test.ts'];

export default defineConfig({
  test: {
    // Whole eval runs share two cores with the other test files: a busy machine must not turn them into failures.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache): a second run on the same tree transforms nothing again.
    experimental: { fsModuleCache: true },
    // A folder for the whole-suite evals that many files only read (test/support/shared-eval.ts).
    globalSetup: ['test/support/shared-eval-setup.ts'],
    // Run again for every file, isolated or not.
    setupFiles: ['test/support/temp-dir-cleanup.ts'],
    // Two cores, and many tests wait on loopback servers or disk: one more worker than cores.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/interop/**', ...SLOW, ...NEEDS_ISOLATION],
          isolate: false,
          // The CLI runs in-process: picocolors decides at import, and CI=true alone would turn colour on.
          env: { NO_COLOR: '1' },
        },
      },
      {
        extends: true,
        test: {
          name: 'fast:isolated',
          include: NEEDS_ISOLATION,
          env: { NO_COLOR: '1' },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: [...SLOW, ...RANDOMISED],
          testTimeout: 120_000,
          env: { NO_COLOR: '1', ORDERFLOW_TEST_FULL: '1' },
        },
      },
    ],
  },
});
