/**
 * The parse cache (src/parse-cache.ts) that makes `orderflow lint` and `list`
 * start quickly: with it they say exactly what they say without it, an edited
 * file is parsed again, a damaged entry is a miss, and an entry is really read.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { copyOfRepo, tempDir } from '../../support/temp-dir.js';

const entries = (cache: string) => readdirSync(cache).flatMap((fp) => readdirSync(join(cache, fp)).map((name) => join(cache, fp, name)));

function project(): { root: string; cache: string } {
  return { root: copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']), cache: join(tempDir(), 'parse-cache') };
}

/** Makes the example intent of intent_v2 one the enum does not have; returns its line. */
function breakIntentExample(root: string): number {
  const path = join(root, 'prompts/intent_v2.md');
  const text = readFileSync(path, 'utf8');
  const at = text.indexOf('"intent": "refund_request"', text.indexOf('## Example Output'));
  writeFileSync(path, `${text.slice(0, at)}"intent": "refund_please"${text.slice(at + '"intent": "refund_request"'.length)}`);
  return text.slice(0, at).split('\n').length;
}

describe('the parse cache', () => {
  it('lint and list print the same with a cold cache, a warm one and none, and the warm run reads what the cold one wrote', async () => {
    const { root, cache } = project();
    for (const args of [['lint'], ['lint', '--json'], ['list'], ['list', '--json']]) {
      const uncached = await runCli(args, { cwd: root });
      const cold = await runCli(args, { cwd: root, parseCache: cache });
      const warm = await runCli(args, { cwd: root, parseCache: cache });
      expect(cold, args.join(' ')).toEqual(uncached);
      expect(warm, args.join(' ')).toEqual(uncached);
    }
    const kinds = entries(cache).map((f) => /([a-z-]+)-[0-9a-f]{64}\.json$/.exec(f)?.[1]);
    // One parsed prompt and one set of lint problems per file, and the config.
    const promptFiles = readdirSync(join(root, 'prompts')).filter((f) => f.endsWith('.md')).length;
    expect(promptFiles).toBeGreaterThan(10);
    expect(kinds.filter((k) => k === 'prompt')).toHaveLength(promptFiles);
    expect(kinds.filter((k) => k === 'lint')).toHaveLength(promptFiles);
    expect(kinds.filter((k) => k === 'config')).toHaveLength(1);
  });

  it('an edited prompt is parsed and checked again: the bad example is caught after a warm run, and the fix is seen', async () => {
    const { root, cache } = project();
    expect((await runCli(['lint'], { cwd: root, parseCache: cache })).code).toBe(0);
    const original = readFileSync(join(root, 'prompts/intent_v2.md'), 'utf8');
    const line = breakIntentExample(root);
    const broken = await runCli(['lint'], { cwd: root, parseCache: cache });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`prompts/intent_v2.md:${line}: error:`);
    writeFileSync(join(root, 'prompts/intent_v2.md'), original);
    expect((await runCli(['lint'], { cwd: root, parseCache: cache })).code).toBe(0);
  });

  it('an entry is read back: forged ones with a valid checksum are what lint reports (so a hit skips the checks)', async () => {
    const { root, cache } = project();
    await runCli(['lint'], { cwd: root, parseCache: cache });
    const forged = JSON.stringify([{ file: 'prompts/intent_v2.md', line: 1, severity: 'error', message: 'forged by the test' }]);
    for (const file of entries(cache).filter((f) => f.includes('/lint-')))
      writeFileSync(file, `${createHash('sha256').update(forged).digest('hex')}\n${forged}`);
    const r = await runCli(['lint'], { cwd: root, parseCache: cache });
    expect(r.stderr).toContain('prompts/intent_v2.md:1: error: forged by the test');
    expect(r.code).toBe(2);
  });

  it('a corrupt entry is a miss: truncated, edited without its checksum, not JSON or empty, lint and list say what they say uncached', async () => {
    const { root, cache } = project();
    const uncached = { lint: await runCli(['lint'], { cwd: root }), list: await runCli(['list'], { cwd: root }) };
    await runCli(['lint'], { cwd: root, parseCache: cache });
    const damages = [
      (text: string) => text.slice(0, text.length / 2),
      // Trusted, this would move every warning of lint to another line.
      (text: string) => text.replace(/"line":\d+/g, '"line":99999'),
      (text: string) => `${text.slice(0, 65)}{not json`,
      () => '',
    ];
    for (const damage of damages) {
      for (const file of entries(cache)) writeFileSync(file, damage(readFileSync(file, 'utf8')));
      // Each run writes the entries again, whole, for the next damage.
      expect(await runCli(['lint'], { cwd: root, parseCache: cache })).toEqual(uncached.lint);
      expect(await runCli(['list'], { cwd: root, parseCache: cache })).toEqual(uncached.list);
    }
  });

  it('a config from the cache names the same line for a pin that names nothing', async () => {
    const { root, cache } = project();
    const config = join(root, 'orderflow.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('pins: {}', 'pins:\n  intent_recognition: intent_v9'));
    const uncached = await runCli(['list'], { cwd: root });
    expect(uncached.code).toBe(2);
    expect(uncached.stderr).toMatch(/orderflow\.config\.yaml:\d+: error: pins\.intent_recognition/);
    await runCli(['list'], { cwd: root, parseCache: cache });
    expect(entries(cache).some((f) => f.includes('/config-'))).toBe(true);
    expect(await runCli(['list'], { cwd: root, parseCache: cache })).toEqual(uncached);
  });

  it('entries of older code (another fingerprint folder) are removed when the cache is first written', async () => {
    const { root, cache } = project();
    mkdirSync(join(cache, 'older-code'), { recursive: true });
    writeFileSync(join(cache, 'older-code/prompt-x.json'), 'stale');
    await runCli(['lint'], { cwd: root, parseCache: cache });
    expect(readdirSync(cache)).toHaveLength(1);
    expect(readdirSync(cache)).not.toContain('older-code');
  });
});
