/**
 * A reports folder as a prompt engineer's week leaves it, made by real runs
 * of the suite's part on sim: a passing run recorded as the baseline, a
 * prompt change that breaks the build (response_v3 drops a forbidden phrase,
 * which sim reads from the prompt), the old version pinned back, and a run on
 * sim:gullible. Plus helpers that plant what disk and a hostile model can
 * leave there: a corrupt folder, a half-written one, hostile text.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { copySuitePart } from './eval-fixture.js';
import { runCli } from './run-cli.js';
import { sharedCopyOfRepo } from './temp-dir.js';

export interface ViewerRuns {
  root: string;
  reports: string;
  /** Run folder names, oldest first. */
  baseline: string;
  regressed: string;
  pinned: string;
  gullible: string;
}

/** Made once per test file (beforeAll): four evals, a few seconds. */
export async function makeViewerRuns(): Promise<ViewerRuns> {
  const root = copySuitePart(sharedCopyOfRepo([]));
  const reports = join(root, 'reports');
  const evalRun = async (args: string[], expected: number) => {
    const r = await runCli(['eval', '-q', ...args], { cwd: root });
    expect(r.code, r.stdout + r.stderr).toBe(expected);
    return /report: .*[/\\]reports[/\\]([^/\\]+)[/\\]report\.html/.exec(r.stdout)![1]!;
  };
  const baseline = await evalRun(['--update-baseline'], 0);
  const v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8');
  writeFileSync(
    join(root, 'prompts/response_v3.md'),
    v2
      .replaceAll('response_v2', 'response_v3')
      .replace(/version: v2\.\d+\.\d+/, 'version: v3.0.0')
      .replace('changelog:\n', 'changelog:\n  - v3.0.0: Shorter forbidden phrase list.\n')
      .replace(/^- 订单已取消\n/m, ''),
  );
  const regressed = await evalRun([], 1);
  const pinned = await evalRun(['--prompt', 'customer_response_generation=response_v2'], 0);
  const gullible = await evalRun(['-p', 'sim:gullible', '--no-baseline'], 1);
  return { root, reports, baseline, regressed, pinned, gullible };
}

/** Tries every way out of a text node or an attribute. */
export const HOSTILE = '</code></td><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">"\'`';

/** A copy of a run folder whose case id, provider and prompt version are hostile text, in report.json and results.jsonl alike. */
export function plantHostileRun(reports: string, from: string, name: string, caseId: string): void {
  cpSync(join(reports, from), join(reports, name), { recursive: true });
  for (const file of ['report.json', 'results.jsonl']) {
    const path = join(reports, name, file);
    const quoted = JSON.stringify(HOSTILE);
    writeFileSync(
      path,
      readFileSync(path, 'utf8')
        .replaceAll(JSON.stringify(caseId), quoted)
        .replaceAll('"response_v3"', quoted)
        .replace(/"provider":"sim"/g, `"provider":${quoted}`)
        .replace(/"provider": "sim"/g, `"provider": ${quoted}`)
        // The oldest run of the folder, so that it is nobody's "run before".
        .replace(/"started_at": ?"[^"]+"/g, '"started_at":"2000-01-01T00:00:00.000Z"'),
    );
  }
}
