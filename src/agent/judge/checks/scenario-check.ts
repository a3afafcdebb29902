/**
 * One rule of the scenario judge: what it reads of the run, the checks it
 * makes (none where the scenario does not ask for it). The judge runs every
 * check of SCENARIO_CHECKS in order and folds their results.
 */
import type { CheckResult } from '../../../harness/model-output/check-result.js';
import type { ScenarioReading } from '../scenario-reading.js';

export type ScenarioCheck = (run: ScenarioReading) => CheckResult[];
