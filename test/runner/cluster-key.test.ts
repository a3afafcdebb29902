/**
 * Which results share a cluster: a renumbered module case with its source
 * case, an attack variant with its source scenario and (through twin_of) the
 * benign twin, the trials of one case with each other.
 */
import { describe, expect, it } from 'vitest';
import { clusterOf, twinCluster } from '../../src/runner/cluster-key.js';
import { ClusterSums } from '../../src/runner/cluster-sums.js';
import { errorResult, type CaseResult } from '../../src/runner/case-result.js';

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
    expect(table.overall!.case_pass_rate!.sort((x, y) => y.den - x.den)).toEqual([
      { num: 2, den: 3 },
      { num: 0, den: 1 },
    ]);
    expect(table['module:m']!.case_pass_rate!.length).toBe(2);
    expect(table.overall!.latency_ms).toBeUndefined();
  });
});
