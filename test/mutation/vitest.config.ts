/**
 * The tests StrykerJS runs against each mutant: the focused unit tests of the
 * verdict code. The CLI tests are left out for time: they run src/ in-process
 * too, but each takes seconds, and Stryker runs the set once per mutant.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: [
      'test/harness/scoring/**/*.test.ts',
      'test/agent/judge/**/*.test.ts',
      'test/agent/prompt-vocabulary/claim-pattern.test.ts',
      'test/harness/model-output/**/*.test.ts',
      'test/agent/prompt-vocabulary/completion-claims.test.ts',
      'test/harness/report/merge-resume-completeness.test.ts',
      'test/harness/runner/**/*.test.ts',
      'test/pipeline/gate-chain.test.ts',
      // The runtime guards: their rule tables (guard-rule-*) and the tests beside each guard.
      'test/agent/pipeline/guard-rule-*.test.ts',
      'test/agent/pipeline/{reply-guard,reply-contacts,claim-reading,program-replies,scan-letter-forms,injection-scan}.test.ts',
      'test/agent/pipeline/{record-projection,evidence-projection,untrusted-quarantine,personal-read-guard}.test.ts',
      'test/agent/pipeline/{consent-reading,consent-object,consent-question-object,consent-scenarios,user-confirmation}.test.ts',
      'test/harness/report/escape.test.ts',
      'test/harness/report/printable.test.ts',
      'test/harness/report/gate.test.ts',
      'test/harness/report/gate-settings-and-update.test.ts',
      'test/harness/report/baseline.test.ts',
      'test/harness/report/statistical-gate.test.ts',
      'test/harness/report/paired-gate.test.ts',
      'test/harness/report/paired-comparison.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Empties the folders test/support/temp-dir.ts makes (its hooks live there, see vitest.config.ts).
    setupFiles: ['test/support/temp-dir-cleanup.ts'],
  },
});
