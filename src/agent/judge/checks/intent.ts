import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The intent the understanding stage recognised. */
export const intent: ScenarioCheck = ({ input, intent: got }) => {
  const want = input.scenario.expected.intent;
  if (want === undefined) return [];
  return [got === want ? pass('intent') : fail('intent', `expected ${want}, got ${got ?? 'none'}`)];
};
