/**
 * What makes `orderflow lint` and `list` start quickly (bench/run.ts measures it):
 * with the parse cache warm they load none of the parsing and validation
 * libraries, the openai client or sim's module implementations; `eval` loads
 * zod and sim, which it runs, but no parser of files it reads from the cache
 * and, with -q, no terminal widget. A static import on their path undoes that,
 * and this test names it. Child processes of the built launcher: only a fresh
 * process shows what is loaded.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, runNode } from '../../support/run-cli.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';

const TRACER = join(process.cwd(), 'test/support/trace-imports.mjs');
// sim's implementations: a folder per module, and the table naming them (its list of module ids is light).
const HEAVY = /node_modules\/(zod|yaml|js-yaml|markdown-it|openai)\/|\/models\/sim\/(?:[a-z-]+\/|sim-modules\.js)/;
/** What a run needs only on a parse-cache miss (the file parsers), or only in a terminal (the widgets), or never offline. */
const NOT_FOR_A_CACHED_RUN = /node_modules\/(yaml|js-yaml|jsonc-parser|markdown-it|openai|cli-progress|cli-table3)\//;

/** The launcher runs the CLI's bundle (scripts/bundle-cli.ts): a file of it loaded stands for every module it holds. */
const BUNDLED = JSON.parse(readFileSync(join(process.cwd(), 'dist/cli/modules.json'), 'utf8')) as Record<string, string[]>;
const modulesOf = (loaded: string): string[] => BUNDLED[relative(process.cwd(), loaded.startsWith('file:') ? fileURLToPath(loaded) : loaded)] ?? [loaded];

function loadedBy(args: string[], cwd: string, extra: Record<string, string> = {}, heavy = HEAVY): { code: number; heavy: string[]; stderr: string } {
  const trace = join(tempDir(), 'imports.txt');
  const r = runNode(['--import', TRACER, BIN], args, { cwd, env: { TRACE_IMPORTS_FILE: trace, ...extra } });
  const urls = readFileSync(trace, 'utf8').trim().split('\n').flatMap(modulesOf);
  return { code: r.code, heavy: [...new Set(urls.filter((u) => heavy.test(u)).map((u) => heavy.exec(u)![0]))], stderr: r.stderr };
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

describe('start-up of eval', () => {
  it('with the parse cache warm and -q, loads no file parser, markdown-it, openai or terminal widget', () => {
    const root = copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
    // Each run its own report folder.
    const args = (...flags: string[]) => ['eval', ...flags, '--module', 'intent_recognition', '--out', join(tempDir(), 'out')];
    const uncached = loadedBy(args('-q'), root, { ORDERFLOW_PARSE_CACHE: 'off' }, NOT_FOR_A_CACHED_RUN);
    expect(uncached.code, uncached.stderr).toBe(0);
    // The check would be vacuous if the tracer did not see them where they are used.
    expect(uncached.heavy).toEqual(expect.arrayContaining(['node_modules/yaml/', 'node_modules/markdown-it/', 'node_modules/js-yaml/']));
    expect(runNode([BIN], args('-q'), { cwd: root }).code).toBe(0);
    const warm = loadedBy(args('-q'), root, {}, NOT_FOR_A_CACHED_RUN);
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.heavy).toEqual([]);
    // Without -q the summary table is drawn: the widget loads where it is used, and the tracer sees it.
    expect(loadedBy(args(), root, {}, NOT_FOR_A_CACHED_RUN).heavy).toEqual(['node_modules/cli-table3/']);
  });
});
