/**
 * The command that finishes a run that stopped early (an interrupt, a spent
 * --max-cost). It repeats the run's arguments (same selection, provider, pins
 * and guards, which --resume checks) with --resume and the run's folder in
 * place of any --out or --resume. After a spent budget, the old amount would
 * stop the run again at once, so its value becomes a placeholder to fill in.
 */
export interface ResumeOptions {
  /** Put `<a new budget>` in place of the --max-cost amount. */
  newBudget?: boolean;
}

const NEW_BUDGET = '<a new budget>';

export function resumeCommand(evalArgs: readonly string[], outDir: string, options: ResumeOptions = {}): string {
  const kept: string[] = [];
  for (let i = 0; i < evalArgs.length; i++) {
    const arg = evalArgs[i]!;
    if (arg === '--resume' || arg.startsWith('--out=')) continue;
    if (arg === '--out') {
      i += 1;
      continue;
    }
    if (options.newBudget && arg.startsWith('--max-cost=')) {
      kept.push(`--max-cost=${NEW_BUDGET}`);
      continue;
    }
    kept.push(arg);
    if (options.newBudget && arg === '--max-cost' && i + 1 < evalArgs.length) {
      kept.push(NEW_BUDGET);
      i += 1;
    }
  }
  // The placeholder stays bare (it is meant to be replaced); everything else is quoted for pasting.
  return ['orderflow', 'eval', ...kept, '--resume', '--out', outDir].map((w) => (w.includes(NEW_BUDGET) ? w : shellQuote(w))).join(' ');
}

/** POSIX shell quoting, only where needed, so the line can be pasted as it is. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The eval arguments that define a run, for callers of the API who typed none. */
export function runArguments(o: {
  config?: string;
  prompts?: string;
  cases?: string;
  generated?: boolean;
  provider?: string | string[];
  model?: string | string[];
  server?: string;
  prompt?: string[];
  module?: string[];
  caseType?: string[];
  id?: string[];
  shard?: string;
  repeat?: number | string;
  guards?: boolean;
  gates?: boolean;
  maxCost?: number | string;
}): string[] {
  const args: string[] = [];
  const add = (flag: string, value: string | number | undefined) => value !== undefined && args.push(flag, String(value));
  add('--config', o.config);
  add('--prompts', o.prompts);
  add('--cases', o.cases);
  if (o.generated) args.push('--generated');
  for (const p of [o.provider ?? []].flat()) add('--provider', p);
  for (const m of [o.model ?? []].flat()) add('--model', m);
  add('--server', o.server);
  for (const p of o.prompt ?? []) add('--prompt', p);
  for (const m of o.module ?? []) add('--module', m);
  for (const t of o.caseType ?? []) add('--case-type', t);
  for (const id of o.id ?? []) add('--id', id);
  add('--shard', o.shard);
  if (o.repeat !== undefined && Number(o.repeat) > 1) add('--repeat', o.repeat);
  if (o.guards === false || o.gates === false) args.push('--no-guards');
  add('--max-cost', o.maxCost);
  return args;
}
