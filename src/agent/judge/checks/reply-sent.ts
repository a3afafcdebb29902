import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** Some reply reached the customer. */
export const replySent: ScenarioCheck = ({ input }) => [input.trace.reply ? pass('reply_sent') : fail('reply_sent', 'no reply reached the user')];
