/**
 * One writer per run folder. A run (eval, eval --resume, merge --out) holds
 * `.orderflow-lock` in its folder while it writes: the file is created with
 * O_EXCL, so of two runs started at once exactly one gets it, and the other
 * is refused naming the holder's pid. The lock goes when the run ends, however
 * it ends; one left by a process that no longer exists (SIGKILL, power loss)
 * is taken over with a warning. `reports prune` reads the same file to leave a
 * running folder alone.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError, type Problem } from '../base/errors.js';
import { displayPath } from '../base/display-path.js';

export const LOCK_FILE = '.orderflow-lock';

export interface LockHolder {
  pid: number;
  host: string;
  started_at: string;
}

/** Locks this process holds: released on any exit, process.exit (a second Ctrl-C) included. */
const held = new Set<string>();
let exitHookInstalled = false;

function readHolder(path: string): LockHolder | 'none' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : 'unreadable';
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isSafeInteger(value.pid) && (value.pid as number) > 0 && typeof value.host === 'string')
      return { pid: value.pid!, host: value.host, started_at: String(value.started_at ?? '') };
  } catch {
    // A lock torn by a crash while it was written names no live holder.
  }
  return 'unreadable';
}

function isAlive(holder: LockHolder, path: string): boolean {
  // Another machine's pid cannot be checked from here: held, to be safe.
  if (holder.host !== hostname()) return true;
  // Our own pid is alive by definition, but the lock is ours only if this process took it (an earlier, leaked in-process run is not a writer).
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live writer of a run folder, or null when nobody writes it now. */
export function liveWriter(dir: string): LockHolder | null {
  const path = join(dir, LOCK_FILE);
  const holder = readHolder(path);
  return typeof holder === 'object' && isAlive(holder, path) ? holder : null;
}

function refuse(dir: string, holder: LockHolder): never {
  const where = holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on ${holder.host}`;
  throw new InputError({
    file: displayPath(dir),
    message: `another orderflow run is writing this folder (${where}, started ${holder.started_at || 'at an unknown time'})`,
    expected: `another {out}, or wait for that run to end (its lock is ${displayPath(join(dir, LOCK_FILE))})`,
    severity: 'error',
  });
}

/** Checked before anything is written, so that the refusal leaves nothing behind. */
export function refuseIfLocked(dir: string): void {
  const holder = liveWriter(dir);
  if (holder) refuse(dir, holder);
}

export interface RunFolderLock {
  release(): void;
}

/** Takes the folder's lock; a stale one becomes a warning in `warnings`. */
export function lockRunFolder(dir: string, warnings: Problem[]): RunFolderLock {
  const path = join(dir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
    }
    const holder = readHolder(path);
    if (typeof holder === 'object' && isAlive(holder, path)) refuse(dir, holder);
    // Moved aside first: of two runs taking over the same stale lock, only one rename finds it.
    const aside = `${path}.${process.pid}.stale`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    const moved = readHolder(aside);
    if (typeof moved === 'object' && isAlive(moved, path)) {
      // A live run's fresh lock was moved in the gap: put it back and step aside.
      renameSync(aside, path);
      refuse(dir, moved);
    }
    unlinkSync(aside);
    warnings.push({
      file: displayPath(dir),
      severity: 'warning',
      message:
        typeof moved === 'object'
          ? `took over the lock left by pid ${moved.pid} (started ${moved.started_at}), which is no longer running`
          : 'took over an unreadable lock file, left by a run that did not end cleanly',
    });
  }
  held.add(path);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const lock of held) releaseLock(lock);
    });
  }
  return { release: () => releaseLock(path) };
}

function releaseLock(path: string): void {
  if (!held.delete(path)) return;
  // Only our own lock: a takeover by another run after ours was judged stale is theirs.
  const holder = readHolder(path);
  if (typeof holder === 'object' && holder.pid === process.pid && holder.host === hostname()) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone (the folder was removed): nothing to release.
    }
  }
}
