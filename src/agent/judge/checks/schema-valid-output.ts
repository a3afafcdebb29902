import { fail } from '../../../harness/model-output/check-result.js';
import { invalidOutputs } from '../invalid-outputs.js';
import type { ScenarioCheck } from './scenario-check.js';

/**
 * A model answer the schema refused fails the scenario only where the config
 * says it may not pass (judge.invalid_output_may_pass: false); either way the
 * facts name it.
 */
export const schemaValidOutput: ScenarioCheck = ({ input }) => {
  const invalid = invalidOutputs(input.trace);
  if (!invalid.length || input.invalidOutputMayPass !== false) return [];
  return [fail('schema_valid_output', `schema-invalid output from ${[...new Set(invalid.map((x) => x.stage))].join(', ')}`)];
};
