/**
 * A process that loads the prompts again parses each prompt once, but what it
 * gets must be what a fresh parse gives: each prompt and each problem names
 * the file where it lies now, and an edited prompt is parsed afresh.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../../src/harness/base/display-path.js';
import { loadRegistry } from '../../../src/harness/registry/registry.js';
import { copyOfRepo } from '../../support/temp-dir.js';
import { agent } from '../../../src/harness/agent-registration.js';

/** The prompts, one of them with a problem of its own: a code block never closed. */
function prompts(): string {
  const root = copyOfRepo(['prompts']);
  const intent = join(root, 'prompts/intent_v2.md');
  writeFileSync(join(root, 'prompts/zz_broken.md'), `${readFileSync(intent, 'utf8')}\n\`\`\`json\n{}\n`);
  return join(root, 'prompts');
}

describe('prompts parsed again in one process', () => {
  it('the same prompts in another folder: every prompt and every problem names the file where it lies now', async () => {
    await loadRegistry(prompts(), { contracts: agent.contracts });
    const dir = prompts();
    const { registry, problems } = await loadRegistry(dir, { contracts: agent.contracts });
    expect(registry.prompts.length).toBeGreaterThan(10);
    for (const p of registry.prompts) expect(p.path.startsWith(displayPath(dir)), p.path).toBe(true);
    const unclosed = problems.filter((p) => p.message === 'code block is never closed');
    expect(unclosed.map((p) => p.file)).toEqual([displayPath(join(dir, 'zz_broken.md'))]);
  });

  it('an edited prompt is parsed afresh', async () => {
    const dir = prompts();
    const before = (await loadRegistry(dir, { contracts: agent.contracts })).registry.prompts.find((p) => p.fileName === 'intent_v2.md')!;
    appendFileSync(join(dir, 'intent_v2.md'), '\nOne more line of instructions.\n');
    const after = (await loadRegistry(dir, { contracts: agent.contracts })).registry.prompts.find((p) => p.fileName === 'intent_v2.md')!;
    expect(after.systemPrompt).toContain('One more line of instructions.');
    expect(after.sha256).not.toBe(before.sha256);
  });
});
