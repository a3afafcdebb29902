import type { PromptFile } from './prompt-file.js';

/**
 * One key for a set of prompts by their contents (their sha256s, in order), for
 * what is derived from them and kept across runs that each load their own copy;
 * undefined when a prompt built by hand lacks its hash, and nothing could tell
 * its reading from another's.
 */
export function promptSetKey(prompts: Iterable<PromptFile | undefined>): string | undefined {
  const hashes: string[] = [];
  for (const p of prompts) {
    if (!p?.sha256) return undefined;
    hashes.push(p.sha256);
  }
  return hashes.join(',');
}
