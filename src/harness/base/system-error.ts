/**
 * Errors from the operating system, as Node reports them (a code, the call that
 * failed, usually a path). A path that is a folder where a file is wanted, a
 * broken link, a file in the way of a folder: the user pointed orderflow at
 * it, so it is bad input (exit 2) said in words. A full disk or an I/O error is
 * the machine's problem: not a bug to report either, but not bad input.
 */
import { relative } from 'node:path';

interface SystemError {
  code: string;
  syscall: string;
  path?: string;
  dest?: string;
  message: string;
}

const ABOUT_A_PATH: Record<string, string> = {
  EISDIR: 'is a folder, where a file is expected',
  ENOTDIR: 'a part of this path is a file, where a folder is expected',
  ENOENT: 'does not exist (or is a broken symbolic link)',
  EEXIST: 'already exists, and is in the way',
  ELOOP: 'is a symbolic link that loops',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'is on a read-only file system',
  ENAMETOOLONG: 'the path is too long',
};

export function isSystemError(error: unknown): error is SystemError {
  const e = error as { code?: unknown; syscall?: unknown } | null;
  return typeof e?.code === 'string' && /^E[A-Z]+$/.test(e.code) && typeof e.syscall === 'string';
}

/** What is wrong with the path just used, in words, when the error is about a path. */
export function pathProblem(error: unknown): string | undefined {
  return isSystemError(error) ? ABOUT_A_PATH[error.code] : undefined;
}

/** The line to print, and whether the input is what was wrong. */
export function describeSystemError(error: SystemError): { message: string; badInput: boolean } {
  const about = ABOUT_A_PATH[error.code];
  // A rename onto a folder is about where it was going, not the temp file it came from.
  const path = error.syscall === 'rename' && error.dest ? error.dest : error.path;
  if (about && path) {
    const shown = relative(process.cwd(), path) || '.';
    return { message: `${shown.startsWith('..') ? path : shown}: ${about} (${error.code}, ${error.syscall})`, badInput: true };
  }
  return { message: error.message, badInput: false };
}
