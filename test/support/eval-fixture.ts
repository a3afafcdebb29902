/** Runs evaluate() in-process over a temp copy of the repository, with reports under the temp folder. */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, type EvaluateOptions, type EvaluateResult } from '../../src/harness/evaluate/evaluate.js';
import type { Report } from '../../src/harness/report/report-types.js';
import type { CaseResult } from '../../src/harness/runner/case-result.js';
import { copyOfRepo, tempDir } from './temp-dir.js';

export function repoCopy(): string {
  return copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
}

/**
 * A part of the suite that keeps a whole-suite run short (about a sixth of the
 * cost): two modules, the response prompt's among them, and three scenario
 * files. Whole for the folder it is copied to, so a baseline can be recorded there.
 */
const SUITE_PART = [
  'prompts',
  'orderflow.config.yaml',
  'cases/intent_recognition',
  'cases/customer_response_generation',
  'cases/pipeline/policy-trust.yaml',
  'cases/pipeline/cancel.yaml',
  'cases/pipeline/refund.yaml',
];

/** Copies the part of the suite into dir (made if missing). */
export function copySuitePart(dir: string): string {
  for (const part of SUITE_PART) cpSync(join(process.cwd(), part), join(dir, part), { recursive: true });
  return dir;
}

/** A temp copy of the part of the suite, removed after the test. */
export function suitePartCopy(): string {
  return copySuitePart(tempDir());
}

export async function evalIn(root: string, options: EvaluateOptions = {}): Promise<EvaluateResult> {
  return evaluate({
    config: join(root, 'orderflow.config.yaml'),
    prompts: join(root, 'prompts'),
    cases: join(root, 'cases'),
    baseline: undefined,
    ...options,
    env: { ...options.env },
  });
}

export function readReport(dir: string): Report {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
}

export function readResults(dir: string): CaseResult[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((r) => r.type === 'case_result');
}
