/**
 * eval and its --dry-run estimate read the run's settings in one place: the
 * estimate prices the run that follows, `--generated` included (it once
 * priced the whole suite after three cases were generated).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateRun } from '../../../src/harness/evaluate/estimate-run.js';
import { evaluate } from '../../../src/harness/evaluate/evaluate.js';
import { generateModuleCases } from '../../../src/harness/generate/generate-module-cases.js';
import { copyOfRepo } from '../../support/temp-dir.js';

describe('one resolveRunSettings for eval and its estimate', () => {
  it('after generating 3 cases, eval --generated --dry-run estimates those 3 and no scenario, as the run itself runs them', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const where = { config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts'), cases: join(root, 'cases') };
    const generated = await generateModuleCases({ ...where, module: 'intent_recognition', count: 3, seed: 4, provider: 'sim' });
    expect(generated.written.length).toBe(3);
    const estimate = await estimateRun({ ...where, generated: true, env: {} });
    expect([estimate.cases, estimate.scenarios]).toEqual([3, 0]);
    const run = await evaluate({ ...where, generated: true, out: join(root, 'out'), env: {} });
    expect(run.head.summary.total).toBe(3);
    // Without --generated both read the suite.
    const suite = await estimateRun({ ...where, env: {} });
    expect(suite.cases + suite.scenarios).toBeGreaterThan(300);
  });
});
