/** What a run records about itself, and the rule that decides whether two runs' results may be mixed. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunProvenance } from '../../../src/harness/runner/case-result.js';
import { buildProvenance, gitState, newRunId, type ProvenanceInput, setupDifference } from '../../../src/harness/runner/provenance.js';
import { loadWorkspace } from '../../../src/harness/workspace.js';
import { tempDir } from '../../support/temp-dir.js';

/** A one-shot sim run with guards on and no filter, config file or cache: the tests below vary only the config. */
function plainProvenance(active: ProvenanceInput['active'], config: ProvenanceInput['config']): Promise<RunProvenance> {
  return buildProvenance({
    id: 'x',
    provider: 'sim',
    model: 'sim',
    concurrency: 1,
    repeat: 1,
    guards: true,
    cacheMode: 'off',
    filter: {},
    active,
    config,
    configFile: null,
  });
}

function provenance(patch: Partial<RunProvenance> = {}): RunProvenance {
  return {
    id: 'r1',
    started_at: '2026-11-30T00:00:00.000Z',
    orderflow_version: '0.1.0',
    node_version: 'v20.0.0',
    git: { commit: 'abc', dirty: false },
    provider: 'sim',
    model: 'sim',
    concurrency: 4,
    repeat: 1,
    guards_enabled: true,
    gates_enabled: true,
    cache_mode: 'read_write',
    shard: null,
    filters: { modules: [], case_types: [], ids: [] },
    prompts: {
      intent_recognition: { name: 'intent_v2', version: 'v2.0.0', path: 'prompts/intent_v2.md', sha256: 'aaa' },
      customer_response_generation: { name: 'response_v2', version: 'v2.0.0', path: 'prompts/response_v2.md', sha256: 'bbb' },
    },
    config_file: 'orderflow.config.yaml',
    config: {},
    ...patch,
  };
}

const withPrompt = (module: string, p: Partial<RunProvenance['prompts'][string]> | undefined): Partial<RunProvenance> => {
  const prompts = { ...provenance().prompts };
  if (p === undefined) delete prompts[module];
  else prompts[module] = { ...prompts[module]!, ...p };
  return { prompts };
};

describe('setupDifference: results of two runs may be mixed (resume, merge) only on the same setup', () => {
  it.each([
    ['provider', { provider: 'sim:gullible' }],
    ['model', { model: 'gpt-x' }],
    ['repeat', { repeat: 3 }],
    ['guards_enabled', { guards_enabled: false, gates_enabled: false }],
    ['prompts.intent_recognition', withPrompt('intent_recognition', { name: 'intent_v3', version: 'v3.0.0', path: 'prompts/intent_v3.md', sha256: 'ccc' })],
    ['prompts.customer_response_generation', withPrompt('customer_response_generation', { sha256: 'edited-in-place' })],
  ] as const)('%s differs', (what, patch) => {
    expect(setupDifference(provenance(), provenance())).toBeUndefined();
    expect(setupDifference(provenance(), provenance(patch as Partial<RunProvenance>))).toBe(what);
    expect(setupDifference(provenance(patch as Partial<RunProvenance>), provenance())).toBe(what);
  });

  it.each([
    ['call_settings.temperature', { temperature: 1.5 }],
    ['call_settings.max_tokens', { max_tokens: 16 }],
    ['call_settings.server', { server: 'llama.cpp' }],
    ['call_settings.base_url', { base_url: 'http://127.0.0.1:9999/v1' }],
  ] as const)('openai %s differs: answers made otherwise are not mixed', (what, change) => {
    const calls = { server: 'openai', output_mode: 'json_schema', base_url: 'https://api.openai.com/v1', temperature: 0, max_tokens: 2048 };
    const before = provenance({ provider: 'openai', model: 'm', call_settings: calls });
    expect(setupDifference(before, provenance({ provider: 'openai', model: 'm', call_settings: { ...calls } }))).toBeUndefined();
    expect(setupDifference(before, provenance({ provider: 'openai', model: 'm', call_settings: { ...calls, ...change } }))).toBe(what);
    // A header written before call settings were recorded is taken as it is.
    expect(
      setupDifference(provenance({ provider: 'openai', model: 'm' }), provenance({ provider: 'openai', model: 'm', call_settings: { ...calls, ...change } })),
    ).toBeUndefined();
  });

  it('a module the earlier run did not have counts as a different prompt', () => {
    expect(setupDifference(provenance(withPrompt('intent_recognition', undefined)), provenance())).toBe('prompts.intent_recognition');
  });

  it('what may differ: the run id, time, concurrency, cache mode, shard, filters and git state', () => {
    const other = provenance({
      id: 'r2',
      started_at: 'later',
      concurrency: 1,
      cache_mode: 'off',
      shard: { index: 2, count: 3 },
      filters: { modules: ['x'], case_types: [], ids: [] },
      git: { commit: 'def', dirty: true },
    });
    expect(setupDifference(provenance(), other)).toBeUndefined();
    // The same prompt under another path (a moved checkout) is the same prompt.
    expect(setupDifference(provenance(), provenance(withPrompt('intent_recognition', { path: '/elsewhere/intent_v2.md' })))).toBeUndefined();
  });
});

describe('run provenance', () => {
  it('a run id carries the time and a filesystem-safe provider name', () => {
    const id = newRunId('sim:gullible', new Date('2026-11-30T23:04:05.678Z'));
    expect(id).toMatch(/^20261130-230405-sim-gullible-[0-9a-f]{4}$/);
    expect(newRunId('sim', new Date(0))).not.toBe(newRunId('sim', new Date(0)));
    expect(newRunId('openai::gpt/4', new Date(0))).toMatch(/^19700101-000000-openai-gpt-4-[0-9a-f]{4}$/);
  });

  it('records every active prompt with its hash, and never credentials of the base URL', async () => {
    const ws = await loadWorkspace();
    const config = { ...ws.config, openai: { ...ws.config.openai, base_url: 'https://user:s3cret@llm.example/v1' } };
    const filter = { modules: ['intent_recognition'], shard: { index: 1, count: 2 } };
    const p = await buildProvenance({
      id: 'x',
      provider: 'sim',
      model: 'sim',
      concurrency: 2,
      repeat: 3,
      guards: false,
      cacheMode: 'off',
      filter,
      active: ws.active,
      config,
      configFile: 'orderflow.config.yaml',
    });
    expect(Object.keys(p.prompts).sort()).toEqual([...ws.active.keys()].sort());
    const intent = ws.active.get('intent_recognition')!;
    expect(p.prompts.intent_recognition).toEqual({ name: 'intent_v2', version: intent.metadata.version, path: intent.path, sha256: intent.sha256 });
    expect(p.prompts.intent_recognition!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(p).toMatchObject({
      repeat: 3,
      concurrency: 2,
      guards_enabled: false,
      gates_enabled: false,
      cache_mode: 'off',
      shard: { index: 1, count: 2 },
      filters: { modules: ['intent_recognition'], case_types: [], ids: [] },
    });
    expect(JSON.stringify(p)).not.toContain('s3cret');
    expect(JSON.stringify(p)).not.toContain('user:');
    expect((p.config as { openai: { base_url: string } }).openai.base_url).toBe('https://llm.example/v1');
    const broken = await plainProvenance(ws.active, { ...config, openai: { ...config.openai, base_url: 'not a url:s3cret' } });
    expect(JSON.stringify(broken)).not.toContain('s3cret');
    expect((broken.config as { openai: { base_url: string } }).openai.base_url).toBe('(unparseable)');
    expect(broken.filters).toEqual({ modules: [], case_types: [], ids: [] });
    expect(p.orderflow_version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });

  it('records config paths relative to the working directory, and leaves unset values unset', async () => {
    const ws = await loadWorkspace();
    const abs = (rel: string) => join(process.cwd(), rel);
    const config = {
      ...ws.config,
      paths: { prompts: abs('prompts'), cases: abs('cases'), reports: abs('reports') },
      cache: { ...ws.config.cache, dir: abs('.orderflow-cache') },
      baseline: abs('reports/baseline.json'),
      openai: { ...ws.config.openai, base_url: null },
    };
    const p = await plainProvenance(ws.active, config as typeof ws.config);
    const recorded = p.config as { paths: Record<string, string>; cache: { dir: string }; baseline: string | null; openai: { base_url: string | null } };
    expect(recorded.paths).toEqual({ prompts: 'prompts', cases: 'cases', reports: 'reports' });
    expect(recorded.cache.dir).toBe('.orderflow-cache');
    expect(recorded.baseline).toBe(join('reports', 'baseline.json'));
    expect(recorded.openai.base_url).toBeNull();
    const none = await plainProvenance(ws.active, { ...config, baseline: null } as typeof ws.config);
    expect((none.config as { baseline: string | null }).baseline).toBeNull();
  });

  it('git state: the commit, and whether tracked files were changed', async () => {
    expect(await gitState(tempDir())).toEqual({ commit: null, dirty: null });
    const repo = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, env: { PATH: process.env.PATH!, HOME: repo } });
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'one');
    git('add', 'a.txt');
    git('commit', '-qm', 'one');
    const head = git('rev-parse', 'HEAD').toString().trim();
    expect(await gitState(repo)).toEqual({ commit: head, dirty: false });
    writeFileSync(join(repo, 'a.txt'), 'two');
    expect(await gitState(repo)).toEqual({ commit: head, dirty: true });
  });

  it("git state never writes the index (no .git/index.lock to collide with the user's own git commands)", async () => {
    const repo = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, env: { PATH: process.env.PATH!, HOME: repo } });
    git('init', '-q');
    writeFileSync(join(repo, 'a.txt'), 'one');
    git('add', 'a.txt');
    git('commit', '-qm', 'one');
    // Same content, new timestamp: a plain `git status` refreshes the index's stat data and rewrites it under index.lock.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(repo, 'a.txt'), later, later);
    const index = readFileSync(join(repo, '.git/index'));
    expect(await gitState(repo)).toMatchObject({ dirty: false });
    expect(readFileSync(join(repo, '.git/index')).equals(index)).toBe(true);
  });

  it('git state: an untracked file under the prompt or case folder or the config makes the run dirty; elsewhere it does not', async () => {
    const repo = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, env: { PATH: process.env.PATH!, HOME: repo } });
    git('init', '-q');
    mkdirSync(join(repo, 'prompts'));
    mkdirSync(join(repo, 'cases/intent_recognition'), { recursive: true });
    writeFileSync(join(repo, 'prompts/response_v2.md'), 'v2');
    writeFileSync(join(repo, 'orderflow.config.yaml'), 'provider: sim');
    git('add', '.');
    git('commit', '-qm', 'one');
    const head = git('rev-parse', 'HEAD').toString().trim();
    const watched = ['prompts', 'cases', 'orderflow.config.yaml'];
    writeFileSync(join(repo, 'notes.txt'), 'scratch');
    expect(await gitState(repo, watched)).toEqual({ commit: head, dirty: false });
    writeFileSync(join(repo, 'prompts/response_v3.md'), 'v3');
    writeFileSync(join(repo, 'cases/intent_recognition/new.yaml'), 'test_cases: []');
    expect(await gitState(repo, watched)).toEqual({
      commit: head,
      dirty: true,
      untracked: ['cases/intent_recognition/new.yaml', 'prompts/response_v3.md'],
      untracked_count: 2,
    });
  });
});
