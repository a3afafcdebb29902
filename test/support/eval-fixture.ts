/** Runs evaluate() in-process over a temp copy of the repository, with reports under the temp folder. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, type EvaluateOptions, type EvaluateResult } from '../../src/evaluate/evaluate.js';
import type { Report } from '../../src/report/report-types.js';
import type { CaseResult } from '../../src/runner/case-result.js';
import { copyOfRepo } from './temp-dir.js';

export function repoCopy(): string {
  return copyOfRepo(['prompts', 'cases', 'orderflow.config.yaml']);
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
