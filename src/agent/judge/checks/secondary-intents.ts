import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Each secondary intent the scenario expects among those recognised. */
export const secondaryIntents: ScenarioCheck = ({ input, outputs }) => {
  const got = Array.isArray(outputs.intent?.secondary_intents) ? (outputs.intent.secondary_intents as unknown[]).map(String) : [];
  return (input.scenario.expected.secondary_intents ?? []).map((want) =>
    got.includes(want)
      ? pass(`secondary_intents[${want}]`)
      : fail(`secondary_intents[${want}]`, `expected ${want} among the secondary intents, got [${got.join(', ')}]`),
  );
};
