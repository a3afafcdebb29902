/**
 * Which results share a cluster: a renumbered module case with its source
 * case, an attack variant with its source scenario and (through twin_of) the
 * benign twin, the trials of one case with each other.
 */
import { describe, expect, it } from 'vitest';
import { clusterOf, twinCluster } from '../../../src/harness/runner/cluster-key.js';
import { ClusterSums } from '../../../src/harness/runner/cluster-sums.js';
import { errorResult, type CaseResult } from '../../../src/harness/runner/case-result.js';

const result = (id: string, over: Partial<CaseResult> = {}): CaseResult => ({
  ...errorResult({ case_id: id, kind: 'module', module: 'm', case_type: 'normal', trial: 0 }, 'x'),
  status: 'passed',
  error: undefined,
  ...over,
});

describe('cluster of a result', () => {
  it('renumbered copies share their source case; an attack and its variants share the benign twin', () => {
    expect(clusterOf(result('intent-001'))).toBe('intent-001');
    expect(clusterOf(result('intent-001-renumbered-2', { generated_by: { strategy: 'renumbered', source_case: 'intent-001', seed: 1 } }))).toBe('intent-001');
    expect(clusterOf(result('pipe-attack-1', twinCluster({ twin_of: 'pipe-benign-1' })))).toBe('pipe-benign-1');
    // A variant carries its source's twin_of: the twin wins over the source scenario.
    expect(
      clusterOf(
        result('pipe-attack-1-v3', { ...twinCluster({ twin_of: 'pipe-benign-1' }), generated_by: { strategy: 's', source_case: 'pipe-attack-1', seed: 1 } }),
      ),
    ).toBe('pipe-benign-1');
    expect(twinCluster({})).toEqual({});
  });

  it('sums each rate per cluster, trials of one case together, per group', () => {
    const sums = new ClusterSums();
    sums.add(result('a', { trial: 0 }));
    sums.add(result('a', { trial: 1, status: 'failed' }));
    sums.add(result('a-copy', { generated_by: { strategy: 'renumbered', source_case: 'a', seed: 1 } }));
    sums.add(result('b', { status: 'failed' }));
    const table = sums.snapshot();
    // Clusters (2/3) and (0/1): Σnum² = 4, Σnum·den = 6, Σden² = 9 + 1.
    expect(table.overall!.case_pass_rate).toEqual({ clusters: 2, num: 2, den: 4, num2: 4, numDen: 6, den2: 10 });
    expect(table['module:m']!.case_pass_rate!.clusters).toBe(2);
    expect(table.overall!.latency_ms).toBeUndefined();
  });

  // Results in the order a run may finish them: trials out of order, a copy of "a" after a's own trials.
  const stream = [
    result('a', { trial: 0 }),
    result('c', { trial: 0 }),
    result('c', { trial: 1, status: 'failed' }),
    result('a', { trial: 1, status: 'failed' }),
    result('a-copy', { generated_by: { strategy: 'renumbered', source_case: 'a', seed: 1 } }),
    result('b', { trial: 1, status: 'failed' }),
    result('b', { trial: 0 }),
  ];
  const feed = (sums: ClusterSums) => {
    for (const r of stream) sums.add(r);
    return sums;
  };

  it.each([
    { name: 'closing own clusters after their trials', closing: { results: 2, shared: new Set(['a']) }, open: 1 },
    { name: 'nothing closed', closing: null, open: 3 },
  ])('$name gives the moments of clusters kept open to the end ($open left open)', ({ closing, open }) => {
    const sums = feed(new ClusterSums(closing));
    expect(sums.snapshot()).toEqual(feed(new ClusterSums()).snapshot());
    expect(sums.openClusters).toBe(open);
  });

  it('a cluster another case shares is not closed with its own trials (the copy would count as a cluster of its own)', () => {
    const unshared = feed(new ClusterSums({ results: 2, shared: new Set() })).snapshot();
    expect(unshared.overall!.case_pass_rate!.clusters).toBe(4);
    expect(feed(new ClusterSums()).snapshot().overall!.case_pass_rate!.clusters).toBe(3);
  });
});
