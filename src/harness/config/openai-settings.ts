/**
 * The openai client settings a person overrides per run: the kind of server,
 * the output mode, the per-attempt deadline and the retries. Flags beat
 * environment variables, which beat the config file.
 */
import { InputError } from '../base/errors.js';

export const SERVER_KINDS = ['auto', 'openai', 'deepseek', 'vllm', 'ollama', 'llama.cpp', 'other'] as const;
export type ServerSetting = (typeof SERVER_KINDS)[number];

export const OUTPUT_MODES = ['auto', 'json_object', 'json_schema'] as const;
export type OutputModeSetting = (typeof OUTPUT_MODES)[number];

/**
 * The deadline of one attempt. With three silent attempts in a row marking
 * the endpoint as hung, a dead server ends a run in 30 s at -j 3 or more and
 * in about 95 s at -j 1; a slow local model may need --timeout.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface CallLimitOverrides {
  /** `--timeout`: seconds, or a number with ms/s/m. */
  timeout?: string;
  /** `--max-retries`. */
  maxRetries?: string | number;
  env?: Record<string, string | undefined>;
}

export interface CallLimits {
  timeoutMs?: number;
  maxRetries?: number;
}

/** The overrides that were given, validated; absent ones leave the config's value. */
export function resolveCallLimits(options: CallLimitOverrides): CallLimits {
  const env = options.env ?? {};
  const limits: CallLimits = {};
  const timeout = options.timeout ?? env.ORDERFLOW_TIMEOUT;
  if (timeout !== undefined && timeout !== '')
    limits.timeoutMs = parseDuration(String(timeout), options.timeout !== undefined ? '{timeout}' : 'ORDERFLOW_TIMEOUT');
  const retries = options.maxRetries ?? env.ORDERFLOW_MAX_RETRIES;
  if (retries !== undefined && retries !== '') {
    const source = options.maxRetries !== undefined ? '{maxRetries}' : 'ORDERFLOW_MAX_RETRIES';
    const n = Number(retries);
    if (!/^\d+$/.test(String(retries).trim()) || n > 10) {
      throw new InputError({ file: source, message: `"${retries}" is not a retry count`, expected: 'a whole number from 0 to 10', severity: 'error' });
    }
    limits.maxRetries = n;
  }
  return limits;
}

/** `30`, `30s`, `1500ms`, `2m` → milliseconds. A bare number means seconds. */
export function parseDuration(text: string, source: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/.exec(text);
  const unit = m?.[2] ?? 's';
  const ms = m ? Number(m[1]) * (unit === 'ms' ? 1 : unit === 's' ? 1000 : 60_000) : NaN;
  if (!Number.isFinite(ms) || ms < 1 || ms > 3_600_000) {
    throw new InputError({
      file: source,
      message: `"${text}" is not a time-out`,
      expected: 'seconds, or a number with ms, s or m, e.g. 30, 45s, 1500ms, 2m (at most 60m)',
      severity: 'error',
    });
  }
  return Math.round(ms);
}
