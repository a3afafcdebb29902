import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh folder under the OS temp dir, removed after the test. */
export function tempDir(prefix = 'orderflow-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A temp copy of the repository's prompts/ (and optionally cases/) to mutate. */
export function copyOfRepo(parts: ('prompts' | 'cases' | 'reports' | 'orderflow.config.yaml')[] = ['prompts']): string {
  const dir = tempDir();
  for (const part of parts) cpSync(join(process.cwd(), part), join(dir, part), { recursive: true });
  return dir;
}

/** Removes the folders tempDir made: after each test (test/support/temp-dir-cleanup.ts). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const shared: string[] = [];

/** A temp copy of the repository parts kept for every test of a file (made in beforeAll), removed after the file. */
export function sharedCopyOfRepo(parts: ('prompts' | 'cases' | 'orderflow.config.yaml')[] = ['prompts', 'cases', 'orderflow.config.yaml']): string {
  const dir = mkdtempSync(join(tmpdir(), 'orderflow-shared-'));
  shared.push(dir);
  for (const part of parts) cpSync(join(process.cwd(), part), join(dir, part), { recursive: true });
  return dir;
}

/** Removes the folders sharedCopyOfRepo made: after each file (test/support/temp-dir-cleanup.ts). */
export function removeSharedCopies(): void {
  for (const dir of shared.splice(0)) rmSync(dir, { recursive: true, force: true });
}
