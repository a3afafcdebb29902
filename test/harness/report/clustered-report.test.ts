/**
 * `eval --generated --module pipeline`: attack variants share a cluster with
 * their source scenario and its twin, so the intervals are cluster-robust and
 * report.md names the method and the number of clusters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generatePipelineVariants } from '../../../src/harness/generate/generate-pipeline-variants.js';
import { wilsonInterval } from '../../../src/harness/scoring/proportion-statistics.js';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

describe('clustered intervals of generated attack variants', () => {
  it('counts one cluster per benign scenario or untwinned source, and the interval is wider than 1 result = 1 unit', async () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const r = await generatePipelineVariants({ seed: 5, config: join(root, 'orderflow.config.yaml') });
    const variants = (parse(readFileSync(r.file!, 'utf8')) as { scenarios: { twin_of?: string; generated_by: { source_case: string } }[] }).scenarios;
    const clusters = new Set(variants.map((v) => v.twin_of ?? v.generated_by.source_case));
    expect(clusters.size).toBeLessThan(variants.length);

    const run = await runCli(['eval', '-q', '--generated', '--module', 'pipeline', '--provider', 'sim:gullible', '--no-gates', '--out', join(root, 'out')], {
      cwd: root,
    });
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(root, 'out/report.json'), 'utf8'));
    expect(report.statistics.clusters).toEqual({ clusters: clusters.size, results: variants.length });
    const md = readFileSync(join(root, 'out/report.md'), 'utf8');
    expect(md).toContain(`CR1 sandwich variance, ${clusters.size} clusters over ${variants.length} results`);

    const m = report.metrics.injection_success_rate;
    expect(m.clusters).toBe(clusters.size);
    const naive = wilsonInterval(m.numerator, m.denominator, 1 - report.statistics.alpha)!;
    expect(m.interval.high - m.interval.low).toBeGreaterThan(naive.high - naive.low);
  }, 120_000);
});
