import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Report } from '../../../src/harness/report/report-types.js';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { childEnv, runCli, runNode } from '../../support/run-cli.js';
import { copyOfRepo } from '../../support/temp-dir.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAICompatibleServer();
  server.setHandler(() => ({ content: '{}' }));
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** What a developer's shell might export: a live provider, a real-looking key, a server that would answer. */
function stubShell(): void {
  vi.stubEnv('ORDERFLOW_PROVIDER', 'openai');
  vi.stubEnv('ORDERFLOW_DEBUG', '1');
  vi.stubEnv('OPENAI_API_KEY', 'sk-live-FROM-THE-SHELL');
  vi.stubEnv('OPENAI_BASE_URL', server.baseURL);
  vi.stubEnv('OPENAI_MODEL', 'gpt-from-shell');
}

const leaked = (env: Record<string, unknown>) => Object.keys(env).filter((k) => /^(ORDERFLOW|OPENAI)_/.test(k));

describe('CLI tests are hermetic', () => {
  it('the child started by the test helper sees no ORDERFLOW_* or OPENAI_* variable of the parent', () => {
    stubShell();
    expect(process.env.OPENAI_API_KEY).toBe('sk-live-FROM-THE-SHELL');
    const r = runNode(['-e', 'process.stdout.write(JSON.stringify(process.env))'], []);
    expect(r.code, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout) as Record<string, string>;
    expect(leaked(seen)).toEqual([]);
    expect(r.stdout).not.toContain('sk-live');
    expect(seen.NO_COLOR).toBe('1');
  });

  it('a variable reaches the child only when the test names it', () => {
    stubShell();
    const env = childEnv({ OPENAI_API_KEY: 'k-for-this-test', PATH: undefined });
    expect(env.OPENAI_API_KEY).toBe('k-for-this-test');
    expect(leaked(env)).toEqual(['OPENAI_API_KEY']);
    expect(env).not.toHaveProperty('PATH');
    expect(leaked(childEnv({}, { ORDERFLOW_PROVIDER: 'sim:gullible', OPENAI_API_KEY: 'x', PATH: '/bin' }))).toEqual([]);
  });

  it('orderflow eval started by the helper runs on sim and never calls the server the shell points at', async () => {
    stubShell();
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const out = join(root, 'out');
    const before = server.requests.length;
    const r = await runCli(['eval', '-q', '--module', 'intent_recognition', '--out', out], { cwd: root });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.run.provider).toBe('sim');
    expect(report.run.model).toBe('sim');
    expect(server.requests.length - before).toBe(0);
    expect(r.stdout + r.stderr + readFileSync(join(out, 'results.jsonl'), 'utf8')).not.toContain('sk-live');
  });

  it('with ORDERFLOW_PROVIDER=sim:gullible in the shell the CLI still runs the reference sim', async () => {
    vi.stubEnv('ORDERFLOW_PROVIDER', 'sim:gullible');
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    const out = join(root, 'out');
    const r = await runCli(['eval', '-q', '--module', 'input_safety_precheck', '--out', out], { cwd: root });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect((JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report).run.provider).toBe('sim');
    // The same variable given on purpose does reach it: the helper filters the shell, not the test's intent.
    const chosen = await runCli(['eval', '-q', '--module', 'input_safety_precheck', '--out', join(root, 'gullible')], {
      cwd: root,
      env: { ORDERFLOW_PROVIDER: 'sim:gullible' },
    });
    expect(chosen.code).toBe(1);
    expect((JSON.parse(readFileSync(join(root, 'gullible', 'report.json'), 'utf8')) as Report).run.provider).toBe('sim:gullible');
  });

  it('every test that starts a child process gives it the helper environment, never process.env', () => {
    const files = readdirSync('test', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const offenders = files.filter((f) => {
      const text = readFileSync(join('test', f), 'utf8');
      // A child started with the parent's environment, whole or filtered: the shell's variables would reach it.
      return (
        /\b(spawn|spawnSync|fork|exec|execFile|execSync|execFileSync)\(/.test(text) &&
        /env:\s*\{?\s*\.\.\.(process\.env|env\b)|Object\.entries\(process\.env\)/.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });
});
