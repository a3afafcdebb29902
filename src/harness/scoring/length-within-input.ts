/**
 * `output_length_within`: a string the module writes stays within a limit
 * the request itself sets (the map-reduce extractor's max_chars), which no
 * static schema bound can state.
 */
import { fail, pass, type CheckResult } from '../model-output/check-result.js';
import { readPath } from './output-path.js';

export function checkLengthWithinInput(output: unknown, input: Record<string, unknown>, rules: Record<string, string>): CheckResult[] {
  return Object.entries(rules).map(([outputPath, inputPath]) => {
    const name = `output_length_within[${outputPath}]`;
    const limit = readPath(input, inputPath.replace(/^input\./, '')).values[0];
    if (typeof limit !== 'number' || !Number.isFinite(limit)) return fail(name, `${inputPath} is not a number in the input, so no limit can be checked`);
    const strings = readPath(output, outputPath).values.filter((v): v is string => typeof v === 'string');
    const longest = Math.max(0, ...strings.map((s) => [...s].length));
    return longest <= limit ? pass(name) : fail(name, `${outputPath} has ${longest} characters, ${inputPath} allows ${limit}`);
  });
}
