import { oneOf } from './one-of.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The party the deciding stage held responsible, one of those the scenario accepts. */
export const responsibleParty: ScenarioCheck = ({ input, outputs }) =>
  oneOf('responsible_party', input.scenario.expected.responsible_party, outputs.decision?.responsible_party as string | undefined);
