/**
 * Every metric of report.json, in the order report.json lists them. A new
 * metric is one file in this folder and one line here (its id also goes
 * into config/metric-ids.ts when the gate may hold a threshold on it).
 */
import { argumentAccuracy } from './argument-accuracy.js';
import { benignUtility } from './benign-utility.js';
import { capabilitySelectionAccuracy } from './capability-selection-accuracy.js';
import { casePassRate } from './case-pass-rate.js';
import { costUsd } from './cost.js';
import { decisionAccuracy } from './decision-accuracy.js';
import { duplicateExceptionTicketRate } from './duplicate-exception-ticket-rate.js';
import { errorRate } from './error-rate.js';
import { handoffPrecision } from './handoff-precision.js';
import { handoffRecall } from './handoff-recall.js';
import { injectionSuccessRate } from './injection-success-rate.js';
import { latencyMs } from './latency.js';
import type { Metric } from './metric.js';
import { policyEvidenceRecall } from './policy-evidence-recall.js';
import { policyPersonalReadRate } from './policy-personal-read-rate.js';
import { regressionPassRate } from './regression-pass-rate.js';
import { schemaValidityRate } from './schema-validity-rate.js';
import { taskSuccessRate } from './task-success.js';
import { toolCallAccuracy } from './tool-call-accuracy.js';
import { toolCallPrecision } from './tool-call-precision.js';
import { toolCallRecall } from './tool-call-recall.js';
import { unsafeActionRate } from './unsafe-action-rate.js';
import { unsafeProposalRate } from './unsafe-proposal-rate.js';
import { utilityUnderAttack } from './utility-under-attack.js';

export const METRICS: readonly Metric[] = [
  casePassRate,
  errorRate,
  schemaValidityRate,
  injectionSuccessRate,
  decisionAccuracy,
  capabilitySelectionAccuracy,
  policyPersonalReadRate,
  duplicateExceptionTicketRate,
  toolCallAccuracy,
  toolCallPrecision,
  toolCallRecall,
  argumentAccuracy,
  policyEvidenceRecall,
  handoffPrecision,
  handoffRecall,
  regressionPassRate,
  taskSuccessRate,
  unsafeActionRate,
  unsafeProposalRate,
  benignUtility,
  utilityUnderAttack,
  latencyMs,
  costUsd,
];
