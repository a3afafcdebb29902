/**
 * Breaking prompt changes that a changelog acknowledges ship on purpose: the
 * gate passes, and every report says "passed with N acknowledged breaking
 * change(s)" and lists them. The entry report.md suggests parses when pasted;
 * acknowledgements accumulate over versions (v4 keeps v3's), and lint names a
 * version that drops one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { suitePartCopy } from '../../support/eval-fixture.js';

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

function withoutForbiddenPhrases(v2: string): { text: string; phrases: string[] } {
  const section = /(## Forbidden Phrases\n\n[^\n]*\n\n)((?:- [^\n]+\n)+)/.exec(v2)!;
  const phrases = section[2]!
    .trim()
    .split('\n')
    .map((l) => l.slice(2));
  return { text: v2.replace(section[2]!, ''), phrases };
}

const bump = (text: string, from: string, to: string, entry: string) =>
  text
    .replaceAll(`response_${from}`, `response_${to}`)
    .replace(/^version: v\d+\.\d+\.\d+$/m, `version: ${to}.0.0`)
    .replace('changelog:\n', `changelog:\n  - ${entry}\n`);

describe('acknowledged breaking changes, a review item', () => {
  it('fails unacknowledged, passes with the suggested entries pasted, lists them everywhere, and keeps them over v4', async () => {
    // Part of the suite, with its baseline recorded on v2: five whole runs of every case would take minutes.
    const root = suitePartCopy();
    const recorded = await runCli(['eval', '-q', '--update-baseline', '--out', join(root, 'recorded')], { cwd: root });
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(0);
    const v2 = readFileSync(join(root, 'prompts/response_v2.md'), 'utf8').replace(/^name: response_v2$/m, 'name: response_v2');
    const { text: weaker, phrases } = withoutForbiddenPhrases(v2);
    expect(phrases.length).toBeGreaterThan(1);
    const v3 = bump(weaker, 'v2', 'v3', 'v3.0.0: Shorter list.');
    writeFileSync(join(root, 'prompts/response_v3.md'), v3);

    const refused = await runCli(['eval', '-q', '--out', join(root, 'refused')], { cwd: root });
    expect(refused.code).toBe(1);
    const md = readFileSync(join(root, 'refused/report.md'), 'utf8');
    const block = /<pre>\n([\s\S]*?)<\/pre>/.exec(md)?.[1];
    expect(block, 'report.md suggests changelog entries').toBeDefined();

    // Pasted as shown, under changelog:, the entries parse and acknowledge every removal.
    writeFileSync(join(root, 'prompts/response_v3.md'), v3.replace('changelog:\n', `changelog:\n${block}`));
    const lint = await runCli(['lint'], { cwd: root });
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    const run = await runCli(['eval', '--out', join(root, 'acked')], { cwd: root });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const headline = `passed with ${phrases.length} acknowledged breaking change(s)`;
    const terminal = plain(run.stdout);
    const summary = await runCli(['summary', join(root, 'acked')], { cwd: root });
    const reports = {
      terminal,
      'report.md': readFileSync(join(root, 'acked/report.md'), 'utf8'),
      summary: summary.stdout,
      'report.html': readFileSync(join(root, 'acked/report.html'), 'utf8'),
    };
    for (const [where, text] of Object.entries(reports)) {
      expect(text, where).toContain(headline);
      for (const phrase of phrases)
        expect(text, `${where}: ${phrase}`).toContain(
          `forbidden phrase "${phrase}" removed (acknowledged in v3.0.0)`.replace(/"/g, where === 'report.html' ? '&quot;' : '"'),
        );
    }
    expect(reports['report.html']).toContain('verdict-review');

    // v4, made from v3, keeps v3's entries: still acknowledged against the v2 baseline.
    const v3acked = readFileSync(join(root, 'prompts/response_v3.md'), 'utf8');
    writeFileSync(join(root, 'prompts/response_v4.md'), bump(v3acked, 'v3', 'v4', 'v4.0.0: Friendlier tone.'));
    const v4run = await runCli(['eval', '-q', '--out', join(root, 'v4')], { cwd: root });
    expect(v4run.code, v4run.stdout).toBe(0);
    expect(plain(v4run.stdout)).toContain(`${headline}`);

    // A v4 that drops them is named by lint, and fails the gate again.
    writeFileSync(join(root, 'prompts/response_v4.md'), bump(v3acked.replace(block!, ''), 'v3', 'v4', 'v4.0.0: Friendlier tone.'));
    const dropped = await runCli(['lint'], { cwd: root });
    expect(plain(dropped.stdout + dropped.stderr)).toContain(
      `response_v4 drops the acknowledgement "v3.0.0: BREAKING: forbidden phrase "${phrases[0]}" removed" that response_v3 had`,
    );
    expect((await runCli(['eval', '-q', '--out', join(root, 'dropped')], { cwd: root })).code).toBe(1);
  }, 300_000);
});
