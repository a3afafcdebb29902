/**
 * The programmatic API as a user's project sees it: `import … from 'orderflow'`
 * resolves through package.json `exports` to dist/ (types from dist/index.d.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, InputError, loadReport, type EvaluateResult, type Report } from 'orderflow';
import { repoCopy } from '../support/eval-fixture.js';

describe("import { evaluate } from 'orderflow'", () => {
  it('runs an evaluation and returns the verdict and report paths', async () => {
    const root = repoCopy();
    const result: EvaluateResult = await evaluate({
      config: join(root, 'orderflow.config.yaml'),
      module: ['intent_recognition'],
      provider: 'sim:gullible',
      out: join(root, 'out'),
      baseline: undefined,
      env: {},
    });
    expect(result.head.gate.passed).toBe(false);
    expect(result.head.summary.failed).toBeGreaterThan(0);
    expect(result.head.summary.total).toBe(result.head.by_module.intent_recognition!.case_pass_rate!.denominator);
    for (const file of Object.values(result.files)) expect(existsSync(file), file).toBe(true);
    const report: Report = await loadReport(result.files.json);
    expect(report.cases.filter((c) => c.status !== 'passed').length).toBe(result.head.summary.failed + result.head.summary.error);
  });

  it('throws InputError for bad input, with the problem located', async () => {
    const root = repoCopy();
    const error = await evaluate({ config: join(root, 'orderflow.config.yaml'), module: ['no_such_module'], env: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    // Named by the option's key, as the caller wrote it: only the CLI speaks of --module.
    expect((error as InputError).problems[0]).toMatchObject({ file: 'module', option: 'module', severity: 'error' });
    expect((error as InputError).message).toMatch(/^module: error: unknown module "no_such_module"/);
  });
});
