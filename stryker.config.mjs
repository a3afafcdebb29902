// @ts-check
/**
 * Mutation testing (npm run test:mutation) of the code whose failure would make
 * a verdict wrong: scoring/, model-output/ and the claim recogniser, the completeness checks of
 * merge and resume, the gate and baseline comparison, report escaping,
 * the pipeline's program-enforced gates and runtime guards, run provenance and the results file.
 * Surviving mutants that cannot change behaviour are listed, with reasons, in
 * test/mutation/equivalent-mutants.md.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'test/mutation/vitest.config.ts',
    related: false,
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/harness/scoring/**/*.ts',
    'src/agent/judge/**/*.ts',
    'src/harness/model-output/**/*.ts',
    'src/agent/prompt-vocabulary/completion-claims.ts',
    'src/harness/report/merge-runs.ts',
    'src/harness/runner/resume-results.ts',
    'src/harness/report/gate.ts',
    'src/harness/report/gate-settings.ts',
    'src/harness/report/baseline.ts',
    'src/harness/report/baseline-record.ts',
    'src/harness/report/baseline-update.ts',
    'src/harness/report/statistics/threshold-judgement.ts',
    'src/harness/report/statistics/paired-comparison.ts',
    'src/harness/report/statistics/paired-gate.ts',
    'src/harness/report/statistics/gate-mode.ts',
    'src/harness/report/statistics/case-trials.ts',
    'src/harness/report/escape.ts',
    'src/harness/base/printable.ts',
    'src/agent/pipeline/guards/guard-chain.ts',
    'src/agent/pipeline/guards/guard-context.ts',
    // The agent's runtime guards: the reply guard and what it reads with, the quarantine, consent and its binding.
    'src/agent/pipeline/guards/reply-guard.ts',
    'src/agent/pipeline/guards/reply-contacts.ts',
    'src/agent/pipeline/guards/untrusted-text-forms.ts',
    'src/agent/pipeline/guards/injection-scan.ts',
    'src/agent/pipeline/guards/claim-reading/*.ts',
    'src/agent/pipeline/guards/record-projection.ts',
    'src/agent/pipeline/guards/evidence-projection.ts',
    'src/agent/pipeline/guards/untrusted-quarantine.ts',
    'src/agent/pipeline/consent/consent-binding.ts',
    'src/agent/pipeline/consent/consent-text.ts',
    'src/agent/pipeline/consent/consent-vocabulary.ts',
    'src/agent/pipeline/consent/confirmation-reply.ts',
    'src/agent/pipeline/consent/confirmation-question.ts',
    'src/agent/pipeline/consent/write-object.ts',
    'src/agent/pipeline/consent/user-confirmation.ts',
    'src/agent/pipeline/consent/action-named.ts',
    'src/agent/pipeline/capability/personal-read-guard.ts',
    'src/harness/runner/provenance.ts',
    'src/harness/runner/results-file.ts',
  ],
  ignorePatterns: ['reports', 'dist', '.orderflow-cache', 'coverage', 'bench'],
  concurrency: 2,
  // Static mutants (module-level constants) rerun every test for each mutant: on two cores they
  // would double the run. They are reported as ignored, and left out of the score.
  ignoreStatic: true,
  // Reuses the verdicts of mutants whose code and covering tests did not change since the last run.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  timeoutMS: 20000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: {
    fileName: 'reports/mutation/mutation.html',
  },
  jsonReporter: {
    fileName: 'reports/mutation/mutation.json',
  },
  thresholds: {
    high: 90,
    low: 85,
    break: 85,
  },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the tsconfig's extends/references with the classic TypeScript API, which
  // TypeScript 7 no longer has. Ours has neither, so point it at a file that does not exist.
  tsconfigFile: 'tsconfig.none.json',
  cleanTempDir: 'always',
};
