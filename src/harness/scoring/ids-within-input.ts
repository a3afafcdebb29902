/**
 * `output_ids_within`: ids a module returns must be among the ones it was
 * shown (the router's document ids, de-duplication's duplicate_of). A model
 * that invents an id would otherwise point the program at a document or a
 * memory outside its scope.
 */
import { fail, pass, type CheckResult } from '../model-output/check-result.js';
import { readPath } from './output-path.js';

export function checkIdsWithinInput(output: unknown, input: Record<string, unknown>, rules: Record<string, string>): CheckResult[] {
  return Object.entries(rules).map(([outputPath, inputPath]) => {
    const name = `output_ids_within[${outputPath}]`;
    const allowed = new Set(idsAt(input, inputPath.replace(/^input\./, '')));
    const stray = [...new Set(idsAt(output, outputPath))].filter((id) => !allowed.has(id));
    if (stray.length === 0) return pass(name);
    const shown = allowed.size === 0 ? 'none were given' : [...allowed].slice(0, 8).join(', ');
    return fail(name, `${outputPath} has ${stray.map((s) => JSON.stringify(s)).join(', ')}, not among ${inputPath} (${shown})`);
  });
}

/** Every id at a path, arrays flattened; `$keys` is the keys of the output (a map keyed by id); null and "" are "no id", and never stray. */
function idsAt(root: unknown, path: string): string[] {
  if (path === '$keys') return root && typeof root === 'object' && !Array.isArray(root) ? Object.keys(root) : [];
  const { values } = readPath(root, path);
  return values
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
}
