/**
 * What makes `orderflow lint` and `list` start quickly (bench/run.ts measures it):
 * with the parse cache warm they load none of the parsing and validation
 * libraries, the openai client or sim's module implementations. A static import
 * on their path undoes that, and this test names it. Child processes of the
 * built launcher: only a fresh process shows what is loaded.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runNode } from '../../support/run-cli.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';

const TRACER = join(process.cwd(), 'test/support/trace-imports.mjs');
const HEAVY = /node_modules\/(zod|yaml|js-yaml|markdown-it|openai)\/|\/providers\/sim\/modules\//;

function loadedBy(args: string[], cwd: string, extra: Record<string, string> = {}): { code: number; heavy: string[] } {
  const trace = join(tempDir(), 'imports.txt');
  const r = runNode(['--import', TRACER, BIN], args, { cwd, env: { TRACE_IMPORTS_FILE: trace, ...extra } });
  const urls = readFileSync(trace, 'utf8').trim().split('\n');
  return { code: r.code, heavy: [...new Set(urls.filter((u) => HEAVY.test(u)).map((u) => HEAVY.exec(u)![0]))] };
}

describe('start-up of lint and list', () => {
  it('with the parse cache warm, neither loads zod, yaml, markdown-it, openai or the sim modules', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    for (const command of ['lint', 'list']) {
      // Without the cache every file is parsed: the check would be vacuous if the tracer saw nothing then.
      const uncached = loadedBy([command], root, { ORDERFLOW_PARSE_CACHE: 'off' });
      expect(uncached.code, command).toBe(0);
      expect(uncached.heavy, command).toContain('node_modules/zod/');
      // The installation's cache (node_modules/.cache/orderflow): warm after one run, whoever ran it first.
      expect(runNode([BIN], [command], { cwd: root }).code, command).toBe(0);
      const warm = loadedBy([command], root);
      expect(warm.code, command).toBe(0);
      expect(warm.heavy, command).toEqual([]);
    }
  });
});
