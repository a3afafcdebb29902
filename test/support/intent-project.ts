/**
 * A small project for CLI tests that talk to a loopback model: the
 * repository's prompts, a config, and a few intent cases with no
 * expectations beyond the schema (whatever the model answers decides them).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

/** A project in a fresh temp folder: `count` cases `<prefix>-<i>`, the given config text. */
export function intentProject(options: { prefix: string; count: number; config: string }): string {
  const root = tempDir(`orderflow-${options.prefix}-`);
  cpSync(join(process.cwd(), 'prompts'), join(root, 'prompts'), { recursive: true });
  writeFileSync(join(root, 'orderflow.config.yaml'), options.config);
  mkdirSync(join(root, 'cases/intent_recognition'), { recursive: true });
  const cases = Array.from(
    { length: options.count },
    (_, i) => `  - case_id: ${options.prefix}-${i}\n    case_type: normal\n    input: { user_query: "订单 O12${i} 我要退款" }\n    expected_behavior: {}\n`,
  );
  writeFileSync(join(root, `cases/intent_recognition/${options.prefix}.yaml`), `test_cases:\n${cases.join('')}`);
  return root;
}

/** The intent prompt's own example output: a reply every intent case passes with. */
export const intentExample = () =>
  readFileSync(join(process.cwd(), 'prompts/intent_v2.md'), 'utf8').split('## Example Output')[1]!.split('```json')[1]!.split('```')[0]!;

export async function waitFor(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
