import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GATE, loadConfig } from '../../../src/harness/config/config.js';
import { evalIn, repoCopy } from '../../support/eval-fixture.js';

/** The repository's config with its `gate:` block replaced (or removed when `gate` is undefined). */
function configWithGate(root: string, gate: string | undefined): void {
  const path = join(root, 'orderflow.config.yaml');
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith('gate:'));
  let end = start + 1;
  while (end < lines.length && (lines[end]!.startsWith(' ') || lines[end] === '')) end++;
  lines.splice(start, end - start, ...(gate === undefined ? [] : [gate]));
  writeFileSync(path, lines.join('\n'));
}

/** Every call of this run fails: a replay against a cache that holds none of them. */
async function everyCallFails(root: string) {
  mkdirSync(join(root, '.orderflow-cache/00'), { recursive: true });
  writeFileSync(join(root, '.orderflow-cache/00/other.json'), '{}');
  return evalIn(root, {
    provider: 'openai',
    model: 'never-recorded',
    module: ['intent_recognition'],
    out: join(root, 'out'),
    replay: true,
    env: { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
  });
}

describe('a config without a gate', () => {
  it('still fails a run whose model calls all failed', async () => {
    const root = repoCopy();
    configWithGate(root, undefined);
    const result = await everyCallFails(root);
    expect(result.head.summary.error).toBe(result.head.summary.total);
    expect(result.head.gate.passed).toBe(false);
    expect(result.head.gate.failures.map((f) => f.metric)).toContain('error_rate');
  });

  it('is held to errors, schema validity, injections and unsafe writes', async () => {
    const root = repoCopy();
    configWithGate(root, undefined);
    const { config } = await loadConfig(join(root, 'orderflow.config.yaml'));
    expect(config.gate).toEqual(DEFAULT_GATE);
  });

  it('`gate: {}` turns every threshold off on purpose', async () => {
    const root = repoCopy();
    configWithGate(root, 'gate: {}');
    const result = await everyCallFails(root);
    expect(result.head.summary.error).toBe(result.head.summary.total);
    expect(result.head.gate.failures.map((f) => f.metric)).not.toContain('error_rate');
  });
});
