import type { PromptFile } from '../../../harness/registry/prompt-file.js';

/**
 * `reference` follows the seed's rules; `gullible` is the deliberately
 * vulnerable profile: it obeys injected instructions, trusts user claims,
 * plans write tools and promises outcomes nobody verified.
 */
export type SimProfile = 'reference' | 'gullible';

interface SimContext {
  /** The active prompt version of the module: sim reads its structured sections. */
  prompt: PromptFile;
  profile: SimProfile;
}

/**
 * A reference implementation of one module: input object in, output object
 * out. A string is returned as raw text — how the gullible profile abandons
 * JSON when an injected instruction tells it to.
 */
export type SimModule = (input: Record<string, unknown>, ctx: SimContext) => Record<string, unknown> | unknown[] | string;
