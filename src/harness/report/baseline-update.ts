/**
 * `--update-baseline`: the run becomes the record later runs are judged
 * against, so it must be one that deserves it. Refused, with one line and exit
 * 2: a filtered or sharded run (not the whole suite), a run with the
 * pipeline's guards off, a run on another provider or model than the
 * baseline's (unless `--accept provider-change`), a run whose gate failed
 * (unless `--accept failed-gate`), and a run that did not finish (whatever is
 * accepted). What was accepted is written into the record.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CaseFilter } from '../cases/case-filter.js';
import type { Config } from '../config/config.js';
import { InputError } from '../base/errors.js';
import type { PromptSnapshot } from '../registry/prompt-snapshot.js';
import { writeFileAtomic } from './atomic-file.js';
import type { Baseline } from './baseline.js';
import { BASELINE_FORMAT, BASELINE_FORMAT_VERSION, sealRecord, serialiseRecord, type BaselineCase } from './baseline-record.js';
import { caseEntries } from './case-entries.js';
import type { Acceptance } from './gate.js';
import { gateSettingsOf } from './gate-settings.js';
import type { ReportHead } from './report-types.js';

const refuse = (message: string, expected: string) => new InputError({ file: '{updateBaseline}', message: `refused: ${message}`, expected, severity: 'error' });

export interface UpdateRequest {
  filter: CaseFilter;
  guards: boolean;
  provider: string;
  model: string;
  old: Baseline | null;
  accepted: readonly Acceptance[];
}

/** The refusals that need nothing run: checked before the first case starts. */
export function checkUpdateBeforeRun({ filter, guards, provider, model, old, accepted }: UpdateRequest): void {
  const flags = [
    ...(filter.ids ?? []).map((id) => `{id} ${id}`),
    ...(filter.modules ?? []).map((m) => `{module} ${m}`),
    ...(filter.caseTypes ?? []).map((t) => `{caseType} ${t}`),
    ...(filter.shard ? [`{shard} ${filter.shard.index}/${filter.shard.count}`] : []),
  ];
  if (flags.length)
    throw refuse(`this run is filtered (${flags.join(' ')}); a baseline must cover the whole suite`, 'a run without {id}, {module}, {caseType} or {shard}');
  if (!guards) throw refuse("the pipeline's guards are off: a measurement run is not a baseline", 'a run with the guards on');
  if (old && old.provider !== null && (old.provider !== provider || old.model !== model) && !accepted.includes('provider-change')) {
    throw refuse(
      `the baseline ran on ${old.provider} (${old.model}), this run on ${provider} (${model})`,
      'the same provider and model, or {accept} provider-change to switch the baseline on purpose',
    );
  }
}

export interface RecordRequest {
  path: string;
  head: ReportHead;
  resultsPath: string;
  repeat: number;
  prompts: Record<string, PromptSnapshot>;
  suite: { fingerprint: string; cases: number };
  config: Pick<Config, 'gate' | 'max_new_failures' | 'max_removed_cases'> & Partial<Pick<Config, 'statistics'>>;
  accepted: readonly Acceptance[];
}

/** After the run: refuse a failed gate, else write the sealed record. */
export async function recordBaseline(request: RecordRequest): Promise<void> {
  const { head } = request;
  // Not every case has a verdict: no --accept makes that the suite's record.
  if (head.run.incomplete) {
    throw refuse(
      `the run is incomplete (${head.run.incomplete.done} of ${head.run.incomplete.total} results: ${head.run.incomplete.reason})`,
      `a finished run; finish this one first (${head.run.incomplete.resume}), then update the baseline`,
    );
  }
  if (head.run.partial)
    throw refuse(
      `the run is a partial merge (shard(s) ${head.run.partial.missing_shards.join(', ')} of ${head.run.partial.of} missing)`,
      'every shard of the run',
    );
  // The update replaces the old baseline: its being untrusted is no reason to keep it.
  const failing = head.gate.checks.filter((c) => !c.passed && c.id !== 'baseline_trusted');
  if (failing.length && !request.accepted.includes('failed-gate')) {
    const first = failing
      .slice(0, 2)
      .map((c) => c.reason)
      .join('; ');
    throw refuse(
      `the gate failed (${first}${failing.length > 2 ? `; ${failing.length - 2} more` : ''}; see ${head.run.report_dir}/report.md)`,
      'a run whose gate passes, or {accept} failed-gate to record it anyway',
    );
  }
  const cases: BaselineCase[] = [];
  for (const e of caseEntries(request.resultsPath, request.repeat)) {
    cases.push({
      id: e.id,
      module: e.module,
      case_type: e.case_type,
      status: e.status,
      ...(e.hash ? { hash: e.hash } : {}),
      ...(e.trials ? { trials: e.trials } : {}),
    });
  }
  cases.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { run } = head;
  const record = sealRecord({
    format: BASELINE_FORMAT,
    format_version: BASELINE_FORMAT_VERSION,
    recorded_at: new Date().toISOString(),
    run: {
      id: run.id,
      started_at: run.started_at,
      orderflow_version: run.orderflow_version,
      git: run.git,
      provider: run.provider,
      model: run.model,
      repeat: run.repeat,
      gates_enabled: run.gates_enabled,
      cache_mode: run.cache_mode,
      config_file: run.config_file,
    },
    accepted: [...request.accepted],
    gate: { passed: failing.length === 0, failing: failing.map((c) => c.reason) },
    gate_settings: gateSettingsOf(request.config),
    prompts: request.prompts,
    suite: request.suite,
    replaced: head.baseline ? { run_id: head.baseline.run_id, removed: head.baseline.removed, removed_count: head.baseline.removed_count } : null,
    summary: head.summary,
    metrics: head.metrics,
    by_module: head.by_module,
    by_case_type: head.by_case_type,
    cases,
  });
  await mkdir(dirname(request.path), { recursive: true });
  await writeFileAtomic(request.path, serialiseRecord(record));
}
