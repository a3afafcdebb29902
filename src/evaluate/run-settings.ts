/**
 * The settings of a run that `eval` and its `--dry-run` estimate both derive
 * from the options and the config, in one place: an estimate that read them
 * differently would price another run than the one that follows (it once
 * priced the suite for `--generated`).
 */
import { resolve } from 'node:path';
import type { CaseFilter } from '../cases/case-filter.js';
import { generatedDir } from '../cases/generated-folder.js';
import type { CacheMode } from '../providers/response-cache.js';
import type { Workspace } from '../config/workspace.js';
import { buildFilter, MAX_REPEAT, positiveInt, type EvaluateOptions } from './evaluate.js';

export interface RunSettings {
  repeat: number;
  filter: CaseFilter;
  cacheMode: CacheMode;
  providerName: string;
  /** The case folder the run reads: the suite, or generated/ beside it with --generated. */
  casesDir: string;
  guards: boolean;
}

export function resolveRunSettings(options: EvaluateOptions, ws: Workspace, env: NodeJS.ProcessEnv): RunSettings {
  const { config } = ws;
  const suiteDir = resolve(options.cases ?? config.paths.cases);
  return {
    repeat: positiveInt(options.repeat ?? 1, '--repeat', MAX_REPEAT),
    filter: buildFilter(options, [...ws.active.keys()]),
    cacheMode: options.replay ? 'replay' : options.cache === false ? 'off' : config.cache.mode,
    // With arms, the caller names the arm's provider; given more than once, the first is the reference arm's.
    providerName: [options.provider].flat()[0] ?? env.ORDERFLOW_PROVIDER ?? config.provider,
    casesDir: options.generated ? generatedDir(suiteDir) : suiteDir,
    guards: options.guards !== false && options.gates !== false,
  };
}
