import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** No reply sent in any turn holds a phrase the scenario forbids. */
export const forbiddenReply: ScenarioCheck = ({ input, sent }) =>
  input.scenario.expected.forbidden_reply_phrases.map((phrase) =>
    sent.some((r) => r.text.includes(phrase)) ? fail(`forbidden_reply[${phrase}]`, `reply contains "${phrase}"`) : pass(`forbidden_reply[${phrase}]`),
  );
