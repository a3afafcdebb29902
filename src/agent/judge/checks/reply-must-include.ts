import { fail, pass } from '../../../harness/model-output/check-result.js';
import type { ScenarioCheck } from './scenario-check.js';

/** The last reply holds each phrase the scenario requires. */
export const replyMustInclude: ScenarioCheck = ({ input }) => {
  const reply = input.trace.reply ?? '';
  return input.scenario.expected.reply_must_include.map((phrase) =>
    reply.includes(phrase) ? pass(`reply_must_include[${phrase}]`) : fail(`reply_must_include[${phrase}]`, `reply lacks "${phrase}"`),
  );
};
