/**
 * Whatever line of whatever section a prompt engineer edits, `orderflow diff`
 * shows it: for every shipped prompt, every section gets one random line
 * edited (fast-check picks which), and the rendered diff must carry both the
 * old and the new line under that section's heading.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderPromptDiff } from '../../../src/harness/cli/render-prompt-diff.js';
import { diffPrompts } from '../../../src/harness/registry/prompt-diff.js';
import { parsePromptFile } from '../../../src/harness/registry/prompt-file.js';
import { agent } from '../../../src/harness/agent-registration.js';

const PROMPTS = join(process.cwd(), 'prompts');
const files = readdirSync(PROMPTS).filter((f) => f.endsWith('.md'));
const FENCE = /^\s*(```|~~~)/;
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');
const unnumbered = (line: string) => line.trim().replace(/^(\d+[.)、]|[-*+])\s*/, '');

function parse(name: string, text: string) {
  const prompt = parsePromptFile(`prompts/${name}`, text, agent.contracts).prompt;
  if (!prompt) throw new Error(`${name} no longer parses`);
  return prompt;
}

/** The word goes after the line's last letter or digit, so a quoted YAML entry or a JSON value stays well-formed. */
function withWord(line: string, word: string): string {
  const at = line.search(/[\p{L}\p{N}][^\p{L}\p{N}]*$/u);
  return at < 0 ? `${line} ${word}` : `${line.slice(0, at + 1)} ${word}${line.slice(at + 1)}`;
}

const isMetadata = (title: string) => /^(prompt )?metadata$/i.test(title);

/**
 * The lines an edit may touch: written text, not blank, not a fence marker
 * (that would move section boundaries); in the metadata, the free-text values
 * (changelog entries, purpose, owner), since an edited name or version is a
 * different prompt, refused by the parser.
 */
function editable(text: string, title: string): number[] {
  const prompt = parse('x.md', text);
  const section = prompt.markdown.sections.find((s) => s.title === title)!;
  const free = isMetadata(title) ? (l: string) => /^\s*(- |purpose:|owner:)/.test(l) : (l: string) => l.trim() !== '' && !FENCE.test(l);
  return section.bodyLines.flatMap((l, i) => (free(l) ? [section.bodyStartLine + i - 1] : []));
}

describe('orderflow diff shows every edited line', () => {
  it.each(files)('%s: one random line of each section, edited, is in the diff', (file) => {
    const text = readFileSync(join(PROMPTS, file), 'utf8');
    const original = parse(file, text);
    const titles = original.markdown.sections.map((s) => s.title);
    expect(titles.length).toBeGreaterThan(2);
    for (const title of titles) {
      const lines = editable(text, title);
      if (lines.length === 0) continue;
      fc.assert(
        fc.property(fc.constantFrom(...lines), fc.stringMatching(/^[a-z]{4,10}$/), (lineIndex, word) => {
          const all = text.split('\n');
          const before = all[lineIndex]!;
          all[lineIndex] = withWord(before, `edited-${word}`);
          const output = plain(renderPromptDiff(diffPrompts(original, parse(file, all.join('\n')), agent.contracts.riskLevels)));
          const heading = isMetadata(title) ? (/^\s*- /.test(before) ? 'changelog' : 'metadata') : title;
          const shownUnder = output.split('\n  ## ').find((block) => block.startsWith(`${heading}\n`)) ?? '';
          expect(shownUnder, `${file} ## ${title} line ${lineIndex + 1}`).toContain(`edited-${word}`);
          if (heading === title) expect(shownUnder).toContain(`- ${unnumbered(before)}`);
        }),
        { numRuns: 3, seed: 23 },
      );
    }
  });
});
