/**
 * The settings of a run that `eval` and its `--dry-run` estimate both derive
 * from the options and the config, in one place: an estimate that read them
 * differently would price another run than the one that follows (it once
 * priced the suite for `--generated`).
 */
import { resolve } from 'node:path';
import type { CaseFilter } from '../cases/case-filter.js';
import { CASE_TYPES } from '../cases/case-schema.js';
import { generatedDir } from '../cases/generated-folder.js';
import type { CacheMode } from '../providers/response-cache.js';
import type { Workspace } from '../workspace.js';
import { InputError, type Problem } from '../base/errors.js';
import type { Config } from '../config/config.js';
import { MAX_REPEAT, positiveInt } from './option-values.js';
import type { CheckedOptions } from './evaluate-options.js';

export interface RunSettings {
  /** Trials per case; with `auto`, the most a case may get (the cap). */
  repeat: number;
  /** `--repeat auto`: one pass, then more trials only of the cases that differ, up to `repeat` each. */
  auto: boolean;
  filter: CaseFilter;
  cacheMode: CacheMode;
  providerName: string;
  /** The case folder the run reads: the suite, or generated/ beside it with --generated. */
  casesDir: string;
  guards: boolean;
}

export function resolveRunSettings(options: CheckedOptions, ws: Workspace, env: NodeJS.ProcessEnv): RunSettings {
  const { config } = ws;
  const suiteDir = resolve(options.cases ?? config.paths.cases);
  const { repeat, auto } = repeatOf(options, config);
  return {
    repeat,
    auto,
    filter: buildFilter(options, [...ws.active.keys()]),
    cacheMode: options.replay ? 'replay' : options.cache === false ? 'off' : config.cache.mode,
    // With arms, the caller names the arm's provider; given more than once, the first is the reference arm's.
    providerName: [options.provider].flat()[0] ?? env.ORDERFLOW_PROVIDER ?? config.provider,
    casesDir: options.generated ? generatedDir(suiteDir) : suiteDir,
    guards: options.guards !== false && options.gates !== false,
  };
}

/** `--repeat 3`, `--repeat auto` (with `--repeat-cap N`), or the config's `repeat` and `repeat_cap` when the flags are not given. */
function repeatOf(options: CheckedOptions, config: Pick<Config, 'repeat' | 'repeat_cap'>): { repeat: number; auto: boolean } {
  const value = options.repeat ?? config.repeat;
  const flag = options.repeat !== undefined ? '{repeat}' : 'repeat (config)';
  if (typeof value === 'string' && value.trim().toLowerCase() === 'auto') {
    const cap = positiveInt(options.repeatCap ?? config.repeat_cap, options.repeatCap !== undefined ? '{repeatCap}' : 'repeat_cap (config)', MAX_REPEAT);
    return { repeat: cap, auto: true };
  }
  if (options.repeatCap !== undefined) {
    throw new InputError({
      file: '{repeatCap}',
      message: 'only goes with {repeat} auto (it caps the trials of one case)',
      expected: '{repeat} auto {repeatCap} N, or {repeat} N alone',
      severity: 'error',
    });
  }
  if (typeof value === 'string') {
    throw new InputError({
      file: flag,
      message: `"${value}" is neither a number of trials nor auto`,
      expected: `a whole number of at least 1 (e.g. ${flag} 3), or auto (one pass, then more trials of the cases that differ)`,
      severity: 'error',
    });
  }
  return { repeat: positiveInt(value, flag, MAX_REPEAT), auto: false };
}

/** The selection the filter options name: every unknown module, case type or malformed shard said at once. */
function buildFilter(options: CheckedOptions, modules: string[]): CaseFilter {
  const problems: Problem[] = [];
  for (const m of options.module ?? []) {
    if (!modules.includes(m) && m !== 'pipeline')
      problems.push({ file: '{module}', message: `unknown module "${m}"`, expected: `one of ${[...modules, 'pipeline'].join(', ')}`, severity: 'error' });
  }
  for (const t of options.caseType ?? []) {
    if (!(CASE_TYPES as readonly string[]).includes(t))
      problems.push({ file: '{caseType}', message: `unknown case type "${t}"`, expected: CASE_TYPES.join(', '), severity: 'error' });
  }
  let shard: CaseFilter['shard'];
  if (options.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(options.shard);
    const index = Number(m?.[1]);
    const count = Number(m?.[2]);
    if (!m || count < 1 || index < 1 || index > count)
      problems.push({ file: '{shard}', message: `"${options.shard}" is not i/n with 1 ≤ i ≤ n`, expected: 'e.g. {shard} 2/4', severity: 'error' });
    else shard = { index, count };
  }
  if (problems.length) throw new InputError(problems);
  return {
    ...(options.module?.length ? { modules: options.module } : {}),
    ...(options.caseType?.length ? { caseTypes: options.caseType } : {}),
    ...(options.id?.length ? { ids: options.id } : {}),
    ...(shard ? { shard } : {}),
  };
}
