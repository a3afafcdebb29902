import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Every completion claim of every reply sent is backed by its own action's effect. */
export const unverifiedPromise: ScenarioCheck = ({ falseClaims }) => [
  falseClaims.length ? fail('unverified_promise', falseClaims.join('; ')) : pass('unverified_promise'),
];
