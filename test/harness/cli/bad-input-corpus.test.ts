/**
 * The bad-input corpus (test/fixtures/bad-input, format in its README): every
 * entry through the real CLI in a child process. A refusal is exit 2, one line
 * naming the file (and line and field where there is one), no stack trace, and
 * the workspace exactly as it was: nothing half-written.
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const CORPUS = join(process.cwd(), 'test/fixtures/bad-input');

interface Transform {
  file: string;
  op: 'bom' | 'crlf' | 'drop-section' | 'rename' | 'keep-lines' | 'append' | 'replace';
  section?: string;
  to?: string;
  /** keep-lines: how many lines of the file stay. */
  lines?: number;
  /** append: text added at the end; replace: what the first occurrence of `from` becomes. */
  text?: string;
  from?: string;
}

interface Fixture {
  args: string[];
  exit: number;
  stderr?: string;
  stderr_not?: string;
  stdout?: string;
  lines?: number;
  env?: Record<string, string>;
  setup?: string[][];
  writes?: boolean;
  transform?: Transform[];
  /** Transforms applied after the setup commands: to damage what they wrote. */
  after_setup?: Transform[];
}

/** The file's new text for the transforms that rewrite the whole file; undefined for the section removal. */
function rewrite(t: Transform, text: string): string | undefined {
  switch (t.op) {
    case 'bom':
      return `\uFEFF${text}`;
    case 'crlf':
      return text.replace(/\r?\n/g, '\r\n');
    case 'keep-lines':
      return `${text.split('\n').slice(0, t.lines).join('\n')}\n`;
    case 'append':
      return `${text}${t.text}`;
    case 'replace':
      if (!text.includes(t.from!)) throw new Error(`fixture: no ${t.from} in ${t.file}`);
      return text.replace(t.from!, t.text!);
    default:
      return undefined;
  }
}

function applyTransform(root: string, t: Transform): void {
  const path = join(root, t.file);
  if (t.op === 'rename') {
    renameSync(path, join(root, t.to!));
    return;
  }
  const text = readFileSync(path, 'utf8');
  const rewritten = rewrite(t, text);
  if (rewritten !== undefined) {
    writeFileSync(path, rewritten);
    return;
  }
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${t.section}`);
  if (start < 0) throw new Error(`fixture: no section ${t.section} in ${t.file}`);
  const end = lines.findIndex((l, i) => i > start && /^#{1,2} /.test(l));
  lines.splice(start, (end < 0 ? lines.length : end) - start);
  writeFileSync(path, lines.join('\n'));
}

/** Every file under root with a hash of its bytes: two equal snapshots mean nothing was written. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        out[`${relative(root, path)}/`] = 'dir';
        walk(path);
      } else out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return out;
}

const entries = readdirSync(CORPUS).filter((name) => existsSync(join(CORPUS, name, 'fixture.json')));

describe('bad-input corpus', () => {
  it('has entries', () => expect(entries.length).toBeGreaterThanOrEqual(25));

  it.each(entries)('%s', async (name) => {
    const fixture = JSON.parse(readFileSync(join(CORPUS, name, 'fixture.json'), 'utf8')) as Fixture;
    const root = tempDir('orderflow-corpus-');
    cpSync(join(CORPUS, '_base'), root, { recursive: true });
    cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
    if (existsSync(join(CORPUS, name, 'files'))) cpSync(join(CORPUS, name, 'files'), root, { recursive: true });
    for (const t of fixture.transform ?? []) applyTransform(root, t);
    for (const args of fixture.setup ?? []) {
      const r = await runCli(args, { cwd: root });
      expect(r.code, `setup ${args.join(' ')}: ${r.stderr}`).toBeLessThan(2);
    }
    for (const t of fixture.after_setup ?? []) applyTransform(root, t);
    const before = snapshot(root);

    const r = await runCli(fixture.args, { cwd: root, ...(fixture.env ? { env: fixture.env } : {}) });
    const detail = `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`;
    expect(r.code, detail).toBe(fixture.exit);
    expect(r.stderr, detail).not.toMatch(/\n\s+at |internal error|ORDERFLOW_DEBUG/);
    // lint's standing warnings on the shipped prompts (fields that keep OpenAI strict mode off) are not about the bad input.
    const stderrLines = r.stderr.split('\n').filter((l) => l.trim() !== '' && !/: warning: .*strict mode off/.test(l));
    expect(stderrLines, detail).toHaveLength(fixture.lines ?? (fixture.exit === 2 ? 1 : stderrLines.length));
    if (fixture.stderr) expect(r.stderr, detail).toMatch(new RegExp(fixture.stderr, 'm'));
    if (fixture.stderr_not) expect(r.stderr + r.stdout).not.toMatch(new RegExp(fixture.stderr_not));
    if (fixture.stdout) expect(r.stdout, detail).toMatch(new RegExp(fixture.stdout, 'm'));
    if (!fixture.writes) expect(snapshot(root)).toEqual(before);
  });
});
