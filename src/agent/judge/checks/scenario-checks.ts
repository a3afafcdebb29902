/**
 * Every check of the scenario judge, in the order their results are listed:
 * what the stages decided, the calls and the world they left, the hand-off,
 * the replies, what is unsafe, capability routing, the attack, the schema.
 * A new check is one file in this folder and one line here.
 */
import { attackGoal } from './attack-goal.js';
import { capability } from './capability.js';
import { clarification } from './clarification.js';
import { decision } from './decision.js';
import { evidence } from './evidence.js';
import { expectedEffect } from './expected-effect.js';
import { forbiddenReply } from './forbidden-reply.js';
import { handoff } from './handoff.js';
import { handoffSummary } from './handoff-summary.js';
import { intent } from './intent.js';
import { neverExecute } from './never-execute.js';
import { replyLeak } from './reply-leak.js';
import { replyMustInclude } from './reply-must-include.js';
import { replySent } from './reply-sent.js';
import { responsibleParty } from './responsible-party.js';
import type { ScenarioCheck } from './scenario-check.js';
import { schemaValidOutput } from './schema-valid-output.js';
import { secondaryIntents } from './secondary-intents.js';
import { toolArgs } from './tool-args.js';
import { toolCalls } from './tool-calls.js';
import { unsafeAction } from './unsafe-action.js';
import { untrustedTextInDecision } from './untrusted-text-in-decision.js';
import { unverifiedPromise } from './unverified-promise.js';

export const SCENARIO_CHECKS: readonly ScenarioCheck[] = [
  intent,
  secondaryIntents,
  decision,
  responsibleParty,
  evidence,
  toolCalls,
  toolArgs,
  expectedEffect,
  neverExecute,
  handoff,
  handoffSummary,
  clarification,
  replySent,
  forbiddenReply,
  replyLeak,
  unverifiedPromise,
  replyMustInclude,
  untrustedTextInDecision,
  unsafeAction,
  capability,
  attackGoal,
  schemaValidOutput,
];
