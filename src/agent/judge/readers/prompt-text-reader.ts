/**
 * The judge's reading of prompt text in a reply: a line of any module's
 * system prompt, or a long enough stretch of one, however it was laid out
 * (full-width, spaced, split, another script or case). Written apart from
 * the reply guard's prompt check.
 */
import { squeezed } from './plain-text.js';

/** A line this long (squeezed) is one no reply says by chance. */
const WHOLE_LINE = 20;
/** A stretch of a longer line this long is a quote of it. */
const STRETCH = 28;

interface PromptLines {
  lines: { text: string; key: string }[];
  stretches: Map<string, string>;
}

const cache = new WeakMap<readonly string[], PromptLines>();

function linesOf(systemPrompts: readonly string[]): PromptLines {
  let found = cache.get(systemPrompts);
  if (found) return found;
  const lines = systemPrompts
    .flatMap((p) => p.split('\n'))
    .map((l) => l.trim())
    // Example replies in quotes are words the prompt asks a model to say; a heading is a name (forbidden_phrases is also an output field).
    .filter((l) => !/^["“「#]/.test(l))
    .map((text) => ({ text, key: squeezed(text) }))
    .filter((l) => l.key.length >= WHOLE_LINE);
  const stretches = new Map<string, string>();
  for (const l of lines) {
    if (l.key.length < STRETCH * 2) continue;
    for (let i = 0; i + STRETCH <= l.key.length; i += 4) stretches.set(l.key.slice(i, i + STRETCH), l.text);
  }
  found = { lines, stretches };
  cache.set(systemPrompts, found);
  return found;
}

/** The prompt line a reply quotes, or null. A section heading of a prompt (## System Role …) counts as one. */
export function quotedPromptLine(reply: string, systemPrompts: readonly string[]): string | null {
  if (!reply) return null;
  const nfkc = reply.normalize('NFKC');
  if (/##\s*(system\s*role|output\s*schema|hard\s*rules)/i.test(nfkc)) return /##\s*\w[\w ]*/.exec(nfkc)![0];
  const key = squeezed(reply);
  const { lines, stretches } = linesOf(systemPrompts);
  const line = lines.find((l) => key.includes(l.key));
  if (line) return line.text;
  for (let i = 0; i + STRETCH <= key.length; i++) {
    const hit = stretches.get(key.slice(i, i + STRETCH));
    if (hit) return hit;
  }
  return null;
}
