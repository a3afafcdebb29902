/**
 * One writer per run folder: two real orderflow processes on one --out, the
 * first slowed by a loopback model server that holds its replies. The second
 * (eval, eval --resume, merge --out) is refused naming the first one's pid,
 * prune leaves the running folder alone, and the lock goes when the run ends:
 * normally, on SIGINT, on an error; one left by a killed process is taken over
 * with a warning.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAICompatibleServer, type LoopbackServer } from '../../support/openai-compatible-server.js';
import { runCli, runCliChildAsync, startCli } from '../../support/run-cli.js';
import { intentExample, intentProject, waitFor } from '../../support/intent-project.js';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A project of six intent cases, and a server that holds every reply while `held()` is true. */
async function slowProject(held: () => boolean): Promise<{ root: string; env: Record<string, string> }> {
  const answer = intentExample();
  server = await startOpenAICompatibleServer(async () => {
    while (held()) await new Promise((resolve) => setTimeout(resolve, 25));
    return { content: answer };
  });
  const root = intentProject({
    prefix: 'w',
    count: 6,
    config: 'provider: sim\nbaseline: null\ncache: { mode: off }\nopenai: { max_retries: 0, timeout_ms: 600000 }\n',
  });
  return { root, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.baseURL } };
}

const EVAL = ['eval', '-p', 'openai', '-m', 'm', '-j', '1', '--module', 'intent_recognition'];
const lockOf = (root: string, out: string) => join(root, out, '.orderflow-lock');

describe('one writer per run folder', () => {
  it('a second eval, --resume or merge --out on a running folder is exit 2 naming the first pid; prune keeps it; the lock goes when the run ends', async () => {
    let hold = true;
    const { root, env } = await slowProject(() => hold);
    // Two finished shards to merge, made before the slow run starts.
    for (const shard of ['1/2', '2/2'])
      expect((await runCli(['eval', '--module', 'intent_recognition', '--shard', shard, '--out', `s${shard[0]}`, '-q'], { cwd: root })).code).toBe(0);

    const first = startCli([...EVAL, '--out', 'reports/same'], { cwd: root, env });
    await waitFor(() => server!.completionRequests().length >= 1);
    const pid = first.child.pid!;
    expect(JSON.parse(readFileSync(lockOf(root, 'reports/same'), 'utf8')).pid).toBe(pid);

    const naming = new RegExp(`^reports/same: error: another orderflow run is writing this folder \\(pid ${pid}, started [^)]+\\) \\(expected another --out`);
    const second = await runCliChildAsync([...EVAL, '--out', 'reports/same'], { cwd: root, env });
    expect(second.code, second.stderr).toBe(2);
    expect(second.stderr.trim()).toMatch(naming);
    expect(second.stderr.trim().split('\n')).toHaveLength(1);
    const resume = await runCliChildAsync([...EVAL, '--resume', '--out', 'reports/same'], { cwd: root, env });
    expect(resume.code).toBe(2);
    expect(resume.stderr.trim()).toMatch(naming);
    const merge = await runCli(['merge', 's1', 's2', '--out', 'reports/same'], { cwd: root });
    expect(merge.code).toBe(2);
    expect(merge.stderr.trim()).toMatch(naming);
    const mergeInput = await runCli(['merge', 'reports/same', 's2'], { cwd: root });
    expect(mergeInput.code).toBe(2);
    expect(mergeInput.stderr).toContain(`(pid ${pid}`);
    const prune = await runCli(['reports', 'prune', '--keep', '0'], { cwd: root });
    expect(prune.code, prune.stderr).toBe(0);
    expect(prune.stdout).toContain('kept reports/same: a run is writing it now');

    hold = false;
    const r = await first.done;
    expect(r.code, r.stderr).toBe(0);
    const results = readFileSync(join(root, 'reports/same/results.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('"case_result"'));
    expect(results).toHaveLength(6);
    expect(existsSync(lockOf(root, 'reports/same'))).toBe(false);
    expect(existsSync(join(root, 'reports/same/.orderflow-run'))).toBe(true);
  }, 120_000);

  it('the lock goes on SIGINT; a lock left by a killed run is taken over with a warning', async () => {
    let hold = true;
    const { root, env } = await slowProject(() => hold);
    const interrupted = startCli([...EVAL, '--out', 'run'], { cwd: root, env });
    await waitFor(() => server!.completionRequests().length >= 1);
    interrupted.child.kill('SIGINT');
    expect((await interrupted.done).code).toBe(130);
    expect(existsSync(lockOf(root, 'run'))).toBe(false);

    const killed = startCli([...EVAL, '--resume', '--out', 'run'], { cwd: root, env });
    await waitFor(() => server!.completionRequests().length >= 2);
    const pid = killed.child.pid!;
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(JSON.parse(readFileSync(lockOf(root, 'run'), 'utf8')).pid).toBe(pid);

    hold = false;
    const taken = await runCliChildAsync([...EVAL, '--resume', '--out', 'run'], { cwd: root, env });
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toMatch(new RegExp(`^run: warning: took over the lock left by pid ${pid} \\(started [^)]+\\), which is no longer running$`, 'm'));
    expect(existsSync(lockOf(root, 'run'))).toBe(false);
  }, 120_000);

  it('the lock goes when the run ends in an error (a report file that cannot be written)', async () => {
    const { root } = await slowProject(() => false);
    expect((await runCli(['eval', '--module', 'intent_recognition', '--out', 'run', '-q'], { cwd: root })).code).toBe(0);
    // A folder where report.md goes: the report step fails.
    rmSync(join(root, 'run/report.md'));
    mkdirSync(join(root, 'run/report.md'));
    writeFileSync(join(root, 'run/report.md/keep'), '');
    const r = await runCli(['eval', '--module', 'intent_recognition', '--resume', '--out', 'run'], { cwd: root });
    expect(r.code, r.stdout).not.toBe(0);
    expect(r.stderr).toContain('report.md');
    expect(existsSync(lockOf(root, 'run'))).toBe(false);
  });

  it('a fresh folder holding only a dead run lock is taken', async () => {
    const { root } = await slowProject(() => false);
    mkdirSync(join(root, 'run'));
    writeFileSync(lockOf(root, 'run'), JSON.stringify({ pid: 2 ** 22 + 4321, host: hostname(), started_at: 'then' }));
    const r = await runCli(['eval', '--module', 'intent_recognition', '--out', 'run'], { cwd: root });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`run: warning: took over the lock left by pid ${2 ** 22 + 4321} (started then), which is no longer running`);
  });
});
