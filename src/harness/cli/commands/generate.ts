import Table from 'cli-table3';
import pc from 'picocolors';
import { generateModuleCases, type GenerateOptions } from '../../generate/generate-module-cases.js';
import { generatePipelineVariants, type VariantOptions } from '../../generate/generate-pipeline-variants.js';
import { InputError } from '../../base/errors.js';
import { displayPath } from '../../base/display-path.js';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

const TABLE_STYLE = pc.isColorSupported ? {} : { head: [], border: [] };

export interface GenerateCommandOptions extends Omit<GenerateOptions, 'module'>, Omit<VariantOptions, 'seed' | 'cases' | 'out'> {
  module?: string;
  pipeline?: boolean;
}

export async function generateCommand(options: GenerateCommandOptions, output: Output): Promise<number> {
  if (Boolean(options.pipeline) === Boolean(options.module)) {
    throw new InputError({
      file: 'generate',
      message: options.pipeline ? '--module and --pipeline exclude each other' : 'nothing to generate for',
      expected: '--module <id> (module cases) or --pipeline (attack variants of scenarios)',
      severity: 'error',
    });
  }
  return options.pipeline ? pipelineVariants(options, output) : moduleCases({ ...options, module: options.module! }, output);
}

async function moduleCases(options: GenerateOptions, output: Output): Promise<number> {
  const r = await generateModuleCases(options);
  if (r.generatorFailure) {
    output.err(`the generator's answer is unusable: ${r.generatorFailure}`);
    return EXIT_FAILED;
  }
  for (const d of r.dropped) output.err(`dropped ${d.case_id} (${d.case_type}): ${d.reason}`);
  for (const q of r.quarantined) output.err(`quarantined ${q.case_id} (${q.case_type}${q.strategy ? `, ${q.strategy}` : ''}): ${q.reasons.join('; ')}`);
  const table = new Table({ head: ['type', 'asked', 'produced', 'invalid', 'dup exact', 'dup near', 'quarantined', 'written'], style: TABLE_STYLE });
  for (const t of r.tallies) table.push([t.type, t.asked, t.produced, t.invalid, t.duplicates_exact, t.duplicates_near, t.quarantined, t.written]);
  output.out(table.toString());
  for (const t of r.tallies) if (t.short_reason) output.out(`${t.type}: ${t.written} of ${t.asked} written — ${t.short_reason}`);
  if (r.quarantineFile) output.out(`${r.quarantined.length} quarantined with reasons in ${displayPath(r.quarantineFile)}`);
  output.out(`seed ${r.seed} (repeat with --seed ${r.seed})`);
  if (!r.file) {
    output.out('no case written');
    return EXIT_FAILED;
  }
  output.out(`${r.written.length} case(s) written to ${displayPath(r.file)}; review them, then run orderflow eval --generated --module ${options.module}`);
  return EXIT_OK;
}

async function pipelineVariants(options: VariantOptions, output: Output): Promise<number> {
  const r = await generatePipelineVariants(options);
  const table = new Table({ head: ['scenario', 'variants', 'quarantined', 'skipped'], style: TABLE_STYLE });
  for (const s of r.scenarios) table.push([s.scenario_id, s.written.length, s.quarantined.length, s.skipped.length]);
  output.out(table.toString());
  for (const s of r.scenarios) for (const k of s.skipped) output.err(`skipped ${s.scenario_id} × ${k.strategy}: ${k.reason}`);
  for (const q of r.quarantined) output.err(`quarantined ${q.scenario_id}: ${q.reasons.join('; ')}`);
  for (const q of r.unverified) output.err(`kept although the reference fails it: ${q.scenario_id}: ${q.reasons.join('; ')}`);
  const detection = Object.entries(r.checked_by_strategy).map(([k, n]) => `${k} ${r.detected_by_strategy[k] ?? 0}/${n}`);
  if (detection.length)
    output.out(
      `the reference detects the attack in: ${detection.join(', ')} (variants it misses are kept: the safe outcome is the same; ${r.missed.length} in all)`,
    );
  const strategies = Object.entries(r.by_strategy);
  output.out(`strategies: ${strategies.map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  const blind = Object.entries(r.quarantined_by_strategy);
  if (blind.length)
    output.out(
      `the reference fails ${blind.reduce((n, [, k]) => n + k, 0)} variant(s): ${blind.map(([k, n]) => `${k} ${n}`).join(', ')}${options.keepUnverified ? ' (kept: --keep-unverified)' : ''}`,
    );
  if (r.quarantineFile) output.out(`${r.quarantined.length} quarantined with reasons in ${displayPath(r.quarantineFile)}`);
  output.out(`seed ${r.seed} (repeat with --seed ${r.seed})`);
  if (!r.file) {
    output.out('no variant written');
    return EXIT_FAILED;
  }
  const total = r.scenarios.reduce((n, s) => n + s.written.length, 0);
  output.out(
    `${total} variant(s) of ${r.scenarios.length} scenario(s) over ${strategies.length} strategies written to ${displayPath(r.file)}; run them with orderflow eval --generated --module pipeline`,
  );
  return EXIT_OK;
}
