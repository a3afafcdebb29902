/**
 * vitest globalSetup: a folder for this test run's shared eval results
 * (test/support/shared-eval.ts fills it on first use). Only the folder is made
 * here, so that a run of one file that needs no shared eval pays nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sharedEvalDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'orderflow-shared-eval-'));
  project.provide('sharedEvalDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
