/**
 * The one error boundary: every error class orderflow has lives in
 * base/errors.ts, and cli/error-boundary.ts maps each to its exit code and its
 * lines by instanceof. Each row is a class with the exit code and the first
 * line its users rely on; a class added without a mapping, or a mapping
 * changed, fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import * as errors from '../../../src/harness/base/errors.js';
import { ERROR_HANDLING, handleError, type BoundaryContext } from '../../../src/harness/cli/error-boundary.js';

const {
  BudgetExhausted,
  CallTimedOut,
  InputError,
  MalformedReply,
  NotationError,
  ProviderError,
  RateLimitWait,
  ReplyTooLarge,
  ReportWriteError,
  ResultsWriteError,
  RunInterrupted,
} = errors;

function handled(error: unknown, context: Partial<BoundaryContext> = {}): { code: number; err: string[]; out: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = handleError(error, { out: (l) => out.push(l), err: (l) => err.push(l) }, { interruptedBy: null, debug: false, ...context });
  return { code, err, out };
}

const INTERNAL = /^orderflow: internal error: /;

const ROWS: { name: string; error: Error; code: number; firstLine: RegExp }[] = [
  { name: 'InputError', error: new InputError({ file: 'a.yaml', line: 3, message: 'bad', severity: 'error' }), code: 2, firstLine: /a\.yaml:3: error: bad/ },
  {
    name: 'ResultsWriteError',
    error: new ResultsWriteError('r/results.jsonl', new Error('ENOSPC')),
    code: 3,
    // The option is named as the flag the user types.
    firstLine: /^orderflow: cannot write r\/results\.jsonl: ENOSPC; .* run again with --resume\)$/,
  },
  {
    name: 'ReportWriteError',
    error: new ReportWriteError('cannot write report.md: full', 'report.md', new Error('full')),
    code: 3,
    firstLine: /^orderflow: cannot write report\.md: full$/,
  },
  { name: 'NotationError', error: new NotationError('bad notation', 4, 'x'), code: 3, firstLine: INTERNAL },
  { name: 'ProviderError', error: new ProviderError('down', 'http'), code: 3, firstLine: INTERNAL },
  { name: 'BudgetExhausted', error: new BudgetExhausted('spent'), code: 3, firstLine: INTERNAL },
  { name: 'RateLimitWait', error: new RateLimitWait(5000), code: 3, firstLine: INTERNAL },
  { name: 'ReplyTooLarge', error: new ReplyTooLarge(1024), code: 3, firstLine: INTERNAL },
  { name: 'CallTimedOut', error: new CallTimedOut(), code: 3, firstLine: INTERNAL },
  { name: 'MalformedReply', error: new MalformedReply('no body'), code: 3, firstLine: INTERNAL },
  {
    name: 'RunInterrupted',
    error: new RunInterrupted('/tmp/x/results.jsonl', 3, 9, 'orderflow eval --resume --out /tmp/x'),
    code: 130,
    firstLine: /^interrupted: 3 of 9 results are on disk/,
  },
];

describe('the error boundary', () => {
  it.each(ROWS)('$name: exit $code', ({ error, code, firstLine }) => {
    const r = handled(error);
    expect(r.code).toBe(code);
    expect(r.err[0]).toMatch(firstLine);
    // Bad input and the machine's problems are said without a stack trace or a plea to report a bug.
    if (!firstLine.test('orderflow: internal error: ')) expect(r.err.join('\n')).not.toMatch(/internal error|ORDERFLOW_DEBUG|\n\s+at /);
  });

  it('exits 128 + the signal that interrupted the run, and says how to finish it', () => {
    const error = new RunInterrupted('/tmp/x/results.jsonl', 3, 9, 'orderflow eval --resume --out /tmp/x');
    expect(handled(error, { interruptedBy: 'SIGTERM' }).code).toBe(143);
    expect(handled(error, { interruptedBy: 'SIGINT' }).err).toEqual([
      'interrupted: 3 of 9 results are on disk in /tmp/x/results.jsonl; no report was written',
      'resume with: orderflow eval --resume --out /tmp/x',
    ]);
  });

  it('covers every error class of base/errors.ts, and each row above is a class of it', () => {
    const classes = Object.entries(errors).filter(([, v]) => typeof v === 'function' && v.prototype instanceof Error);
    expect(classes.map(([name]) => name).sort()).toEqual(ROWS.map((r) => r.name).sort());
    for (const [name, type] of classes)
      expect(
        ERROR_HANDLING.some((h) => h.type === type),
        name,
      ).toBe(true);
  });

  it('commander: --help and --version exit 0, a usage error is bad input', () => {
    expect(handled(new CommanderError(0, 'commander.helpDisplayed', '')).code).toBe(0);
    expect(handled(new CommanderError(1, 'commander.unknownOption', "error: unknown option '--x'")).code).toBe(2);
  });

  it("the system's refusal: a wrong path is bad input (2), a full disk the machine's problem (3), neither a bug", () => {
    const wrongPath = Object.assign(new Error('EISDIR'), { code: 'EISDIR', syscall: 'open', path: '/tmp/some-folder' });
    const fullDisk = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    expect(handled(wrongPath)).toMatchObject({ code: 2, err: ['orderflow: /tmp/some-folder: is a folder, where a file is expected (EISDIR, open)'] });
    expect(handled(fullDisk)).toMatchObject({ code: 3, err: ['orderflow: ENOSPC: no space left on device, write'] });
  });

  it('anything else is a bug: exit 3, the stack only with ORDERFLOW_DEBUG', () => {
    expect(handled(new TypeError('x is undefined')).err).toEqual([
      'orderflow: internal error: x is undefined',
      '(set ORDERFLOW_DEBUG=1 for the stack trace; please report this)',
    ]);
    expect(handled(new TypeError('x is undefined'), { debug: true }).err[1]).toMatch(/^TypeError: x is undefined\n\s+at /);
  });
});

/** Every .ts file under src/, as [path relative to the repository, text]. */
function sources(dir = 'src'): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') ? [[path, readFileSync(path, 'utf8')] as [string, string]] : [];
  });
}

describe('one boundary, in the source', () => {
  const files = sources();

  it('declares error classes only in base/errors.ts', () => {
    const declaring = files.filter(([path, text]) => /class \w+ extends \w*Error\b/.test(text) && path !== join('src', 'harness', 'base', 'errors.ts'));
    expect(declaring.map(([path]) => path)).toEqual([]);
  });

  it('exits only in cli/main.ts: commands return their exit code', () => {
    const exiting = files.filter(([path, text]) => /process\.exit\(/.test(text) && path !== join('src', 'harness', 'cli', 'main.ts'));
    expect(exiting.map(([path]) => path)).toEqual([]);
  });

  it('recognises no error by its name', () => {
    const byName = files.filter(([, text]) => /\.name\s*===?\s*'\w*(Error|Interrupted|Exhausted)'/.test(text));
    expect(byName.map(([path]) => path)).toEqual([]);
  });
});
