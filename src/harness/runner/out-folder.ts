/**
 * The report folder of a run (`--out`). Checked before anything runs, so that
 * a mistyped or unusable folder is bad input (exit 2) with nothing written,
 * and created one level at a time: Node's recursive mkdir spins forever on
 * some paths (`/proc/x`).
 */
import { accessSync, constants, existsSync, lstatSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { InputError, type Problem } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';
import { LOCK_FILE, lockRunFolder, refuseIfLocked, type RunFolderLock } from './run-folder-lock.js';

export const RESULTS_FILE = 'results.jsonl';
/**
 * Written into every run folder orderflow makes: what `reports prune` goes by,
 * so that a folder of the user's that merely holds a report.json is never one
 * it deletes.
 */
export const RUN_MARKER = '.orderflow-run';
const OWN_FILES = new Set([RUN_MARKER, LOCK_FILE]);

/** A real file (never a link someone planted) named RUN_MARKER. */
export function isRunFolder(dir: string): boolean {
  return lstatSync(join(dir, RUN_MARKER), { throwIfNoEntry: false })?.isFile() ?? false;
}

const fail = (dir: string, message: string, expected?: string): never => {
  throw new InputError({ file: displayPath(dir), message, severity: 'error', ...(expected ? { expected } : {}) });
};

/** A fresh run writes only into a new or empty folder: never over someone's files, never over a run. */
export function checkNewOutFolder(dir: string): void {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) fail(dir, 'is a file, not a folder', '{out} naming a new or empty folder');
    refuseIfLocked(dir);
    if (existsSync(join(dir, RESULTS_FILE))) fail(dir, `already holds a run (${RESULTS_FILE})`, '{resume} to finish it, or another {out}');
    // A marker and a dead run's lock alone are a run that died before its first line: nothing to lose.
    if (readdirSync(dir).some((name) => !OWN_FILES.has(name)))
      fail(dir, 'folder is not empty and holds no orderflow run', '{out} naming a new or empty folder');
    writable(dir);
    return;
  }
  let parent = dirname(dir);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  if (!statSync(parent).isDirectory()) fail(parent, 'is a file, not a folder', '{out} naming a new or empty folder');
  // The folder asked for is what cannot be made: named as itself, with the parent that is in the way.
  if (!canWrite(parent)) fail(dir, `cannot be created: ${displayPath(parent)} is not writable`, 'a folder this user may write to');
}

/** --resume needs the folder of the interrupted run, with its results file. */
export function checkResumeFolder(dir: string): void {
  if (!existsSync(dir)) fail(dir, 'no interrupted run here: folder not found', 'the {out} folder of the run to finish');
  if (!statSync(dir).isDirectory()) fail(dir, 'is a file, not a folder', 'the {out} folder of the run to finish');
  refuseIfLocked(dir);
  if (!existsSync(join(dir, RESULTS_FILE))) fail(dir, `no interrupted run here: no ${RESULTS_FILE}`, 'the {out} folder of the run to finish');
  writable(dir);
}

function writable(dir: string): void {
  if (!canWrite(dir)) fail(dir, 'folder is not writable', 'a folder this user may write to');
}

function canWrite(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export async function createOutFolder(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      await mkdir(d);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') fail(dir, `cannot create the report folder (${code ?? (error as Error).message})`, 'a folder this user may write to');
    }
  }
}

/**
 * Makes the (checked, created) folder this run's: its lock, so that no second
 * run writes it, and, for a new run, the marker that says orderflow made it.
 * A resumed folder keeps what it has: a refused resume leaves it as it was,
 * and one from before the marker existed is never taken for orderflow's.
 * Release the lock when the run ends, however it ends.
 */
export function claimRunFolder(dir: string, warnings: Problem[], options: { newRun: boolean }): RunFolderLock {
  const lock = lockRunFolder(dir, warnings);
  if (!options.newRun) return lock;
  try {
    // wx: never through a link planted under the marker's name (such a folder is then simply never pruned).
    if (!isRunFolder(dir))
      writeFileSync(join(dir, RUN_MARKER), `${JSON.stringify({ orderflow: 'run folder', created_at: new Date().toISOString() })}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      lock.release();
      throw error;
    }
  }
  return lock;
}

/** Temp files of the report step (report.json.<pid>.cases.part, junit.xml.<n>.<pid>.part, <file>.<pid>.tmp). */
const TEMP_FILE = /^(?:report\.json|report\.md|report\.html|junit\.xml|results\.jsonl)\.(?:\d+\.)?(\d+)\.(?:cases\.part|part|tmp)$/;

/**
 * A run stopped hard in its report step (a second Ctrl-C) leaves its temp files
 * behind; the run that finishes it removes them, so that the folder holds a
 * run and nothing else.
 */
export async function removeStaleTempFiles(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    const m = TEMP_FILE.exec(name);
    if (m && Number(m[1]) !== process.pid) await rm(join(dir, name), { force: true });
  }
}
