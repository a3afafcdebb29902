import { resolve } from 'node:path';
import { loadConfig } from '../../config/config.js';
import { InputError } from '../../errors.js';
import { diffPrompts, type PromptDiff } from '../../registry/prompt-diff.js';
import { findPrompt, loadRegistry } from '../../registry/registry.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';
import { renderPromptDiff } from '../render-prompt-diff.js';

export interface DiffOptions {
  config?: string;
  prompts?: string;
  json?: boolean;
  failOnBreaking?: boolean;
}

export async function diffCommand(a: string, b: string, options: DiffOptions, output: Output): Promise<number> {
  const { config } = await loadConfig(options.config);
  const { registry, problems } = await loadRegistry(resolve(options.prompts ?? config.paths.prompts));
  const pick = (ref: string) => {
    const prompt = findPrompt(registry, ref);
    if (prompt) return prompt;
    const broken = problems.filter((p) => p.severity === 'error' && p.file.endsWith(`${ref.replace(/\.md$/, '')}.md`));
    if (broken.length) throw new InputError(broken);
    throw new InputError({ file: ref, message: 'no such prompt', expected: `one of ${registry.prompts.map((p) => p.metadata.name).join(', ')}`, severity: 'error' });
  };
  const diff: PromptDiff = diffPrompts(pick(a), pick(b));
  output.out(options.json ? JSON.stringify(diff, null, 2) : renderPromptDiff(diff));
  return options.failOnBreaking && diff.breaking ? EXIT_FAILED : EXIT_OK;
}
