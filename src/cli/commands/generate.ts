import { generateCases, type GenerateOptions } from '../../cases/generate-cases.js';
import { displayPath } from '../../registry/registry.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

export async function generateCommand(options: GenerateOptions, output: Output): Promise<number> {
  const result = await generateCases(options);
  if (result.generatorFailure) {
    output.err(`the generator's output failed its schema: ${result.generatorFailure}`);
    return EXIT_FAILED;
  }
  for (const d of result.dropped) output.err(`dropped ${d.case_id}: ${d.reason}`);
  if (!result.file) {
    output.out(`no new case survived validation (${result.dropped.length} dropped)`);
    return result.dropped.length ? EXIT_FAILED : EXIT_OK;
  }
  output.out(`${result.written.length} case(s) written to ${displayPath(result.file)} (${result.dropped.length} dropped); review them, then run orderflow eval --module ${options.module}`);
  return EXIT_OK;
}
