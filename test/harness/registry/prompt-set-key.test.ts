import { describe, expect, it } from 'vitest';
import type { PromptFile } from '../../../src/harness/registry/prompt-file.js';
import { promptSetKey } from '../../../src/harness/registry/prompt-set-key.js';

const prompt = (sha256: string) => ({ sha256 }) as PromptFile;

describe('promptSetKey', () => {
  it('is the hashes in order, so equal prompts give equal keys and another order another key', () => {
    expect(promptSetKey([prompt('a'), prompt('b')])).toBe('a,b');
    expect(promptSetKey([prompt('b'), prompt('a')])).not.toBe(promptSetKey([prompt('a'), prompt('b')]));
  });

  it('is undefined when a prompt is missing or has no hash (built by hand)', () => {
    expect(promptSetKey([prompt('a'), undefined])).toBeUndefined();
    expect(promptSetKey([prompt('a'), prompt('')])).toBeUndefined();
  });
});
