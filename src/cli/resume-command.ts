/**
 * After an interrupt: the command that finishes the run. It repeats what the
 * user typed (same selection, same provider and pins, which --resume checks)
 * with --resume and the run's folder in place of any --out or --resume.
 */
export function resumeCommand(evalArgs: readonly string[], outDir: string): string {
  const kept: string[] = [];
  for (let i = 0; i < evalArgs.length; i++) {
    const arg = evalArgs[i]!;
    if (arg === '--resume' || arg.startsWith('--out=')) continue;
    if (arg === '--out') {
      i += 1;
      continue;
    }
    kept.push(arg);
  }
  return ['orderflow', 'eval', ...kept, '--resume', '--out', outDir].map(shellQuote).join(' ');
}

/** POSIX shell quoting, only where needed, so the line can be pasted as it is. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
