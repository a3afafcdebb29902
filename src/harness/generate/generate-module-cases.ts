/**
 * `orderflow generate --module <id>`: new cases for one module. Offline
 * (`sim`), the named strategies write them; with a real provider the
 * eval-case-generator prompt does. Either way every candidate goes through the
 * same funnel (validation, duplicates, the prompt's rules, the reference), and
 * the run reports per type how many were asked, produced, dropped, quarantined
 * and written — and why fewer than asked.
 */
import { join, resolve } from 'node:path';
import { CASE_TYPES, type GeneratedBy } from '../cases/case-schema.js';
import { iterateSuite, loadCaseSuite } from '../cases/case-suite.js';
import type { LoadedModuleCase } from '../cases/load-module-cases.js';
import { newSeed } from '../base/seeded-random.js';
import { InputError } from '../base/errors.js';
import { createProvider } from '../create-provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { loadWorkspace, type Workspace, type WorkspaceOptions } from '../workspace.js';
import { anchorsOf } from './anchors.js';
import { DuplicateIndex } from './duplicate-index.js';
import { count, funnel, newTally, type FunnelContext, type TypeTally } from './generation-funnel.js';
import { earlierGenerated, freshFile, generatedDir, writeGenerated } from './generated-files.js';
import { askGenerator } from './llm-candidates.js';
import { strategyCandidates, unavailable, type CandidateContext } from './strategy-candidates.js';
import { agent } from '../agent-registration.js';

export interface GenerateOptions extends WorkspaceOptions {
  module: string;
  /** Text when the flag was not a whole number, so that the error can quote it. */
  count?: number | string;
  types?: string[];
  seed?: number;
  provider?: string;
  model?: string;
  cases?: string;
  out?: string;
  env?: NodeJS.ProcessEnv;
}

interface QuarantinedCase {
  case_id: string;
  case_type: string;
  strategy: string | null;
  reasons: string[];
}

export interface GenerateResult {
  provider: string;
  seed: number;
  file: string | null;
  quarantineFile: string | null;
  tallies: TypeTally[];
  written: string[];
  dropped: { case_id: string; case_type: string; reason: string }[];
  quarantined: QuarantinedCase[];
  /** The generator's own answer was unusable (not JSON, or not its Output Schema). */
  generatorFailure?: string;
}

const DEFAULT_TYPES = ['adversarial', 'boundary', 'schema'];
/** Candidates tried per case asked before a type gives up (the offline pool is large; quarantine thins it). */
const ATTEMPTS_PER_CASE = 25;

export async function generateModuleCases(options: GenerateOptions): Promise<GenerateResult> {
  const ws = await loadWorkspace(options);
  const { target, types, total, seed } = checkRequest(options, ws);
  const providerName = options.provider ?? ws.config.provider;

  const casesDir = resolve(options.cases ?? ws.config.paths.cases);
  const genDir = generatedDir(casesDir);
  const suite = await loadCaseSuite(casesDir, ws.active, {}, { agent });
  const index = new DuplicateIndex();
  const seeds: LoadedModuleCase[] = [];
  for await (const item of iterateSuite(suite, ws.active)) {
    if (item.kind !== 'module') {
      index.ids.add(item.scenario_id);
      continue;
    }
    if (item.module === options.module) {
      index.add(item.case_id, item.input, item.generated_by?.strategy ?? null);
      seeds.push(item);
    } else index.ids.add(item.case_id);
  }
  for (const c of await earlierGenerated(genDir, options.module, 'test_cases'))
    index.add(String(c.case_id), c.input, (c.generated_by as GeneratedBy | undefined)?.strategy ?? null);

  const reference = await createProvider({ provider: 'sim', config: ws.config });
  const ctx: FunnelContext = { module: options.module, prompt: target, reference, index };
  const asked = spread(total, types);
  const tallies = types.map((t) => newTally(t, asked[t]!));
  const result: GenerateResult = { provider: providerName, seed, file: null, quarantineFile: null, tallies, written: [], dropped: [], quarantined: [] };
  const writtenCases: Record<string, unknown>[] = [];
  const quarantinedCases: Record<string, unknown>[] = [];

  const take = async (raw: Record<string, unknown>, strategy: string | null, carrier: string | undefined, tally: TypeTally) => {
    const verdict = await funnel(raw, strategy, carrier, ctx);
    count(tally, verdict);
    const id = String(raw.case_id);
    if (verdict.outcome === 'written') {
      writtenCases.push(raw);
      result.written.push(id);
    } else if (verdict.outcome === 'quarantined') {
      quarantinedCases.push({ reasons: verdict.reasons, case: raw });
      result.quarantined.push({ case_id: id, case_type: tally.type, strategy, reasons: verdict.reasons });
    } else result.dropped.push({ case_id: id, case_type: tally.type, reason: `${verdict.outcome.replace('_', ' ')}: ${verdict.reason}` });
  };

  if (providerName === 'sim' || providerName === 'sim:gullible') {
    const candidates: CandidateContext = {
      module: options.module,
      prompt: target,
      seeds,
      anchors: anchorsOf(ws.active, target),
      seed,
      readOnlyTools: readOnlyTools(ws.active),
    };
    for (const tally of tallies) {
      const why = unavailable(tally.type, candidates);
      if (why) {
        tally.short_reason = why;
        continue;
      }
      let tries = 0;
      for (const c of strategyCandidates(tally.type, candidates)) {
        if (tally.written >= tally.asked || tries++ >= tally.asked * ATTEMPTS_PER_CASE) break;
        const raw = { case_id: nextId(c.source_case, c.strategy, index), ...c.case, generated_by: { strategy: c.strategy, source_case: c.source_case, seed } };
        await take(raw, c.strategy, c.carrier, tally);
      }
    }
  } else {
    const provider = await createProvider({
      provider: providerName,
      model: options.model ?? null,
      config: ws.config,
      ...(options.env ? { env: options.env } : {}),
    });
    try {
      const answer = await askGenerator({ ws, target, module: options.module, provider, types, count: total, seeds, existingIds: [...index.ids] });
      if ('failure' in answer) return { ...result, generatorFailure: answer.failure };
      for (const raw of answer.cases) {
        const tally = tallies.find((t) => t.type === raw.case_type);
        if (!tally) {
          result.dropped.push({ case_id: String(raw.case_id), case_type: String(raw.case_type), reason: `type ${String(raw.case_type)} was not requested` });
          continue;
        }
        await take({ ...raw, generated_by: { strategy: 'llm', source_case: null, seed: null } }, null, undefined, tally);
      }
    } finally {
      await provider.close?.();
    }
  }
  for (const t of tallies) if (t.written < t.asked && !t.short_reason) t.short_reason = shortReason(t, providerName);

  if (writtenCases.length) {
    result.file = resolve(options.out ?? freshFile(join(genDir, options.module), '', seed));
    await writeGenerated(result.file, header(options.module, result.provider, seed, target, 'case-file'), { test_cases: writtenCases });
  }
  if (quarantinedCases.length) {
    result.quarantineFile = freshFile(genDir, `quarantine-${options.module}-`, seed);
    await writeGenerated(
      result.quarantineFile,
      [
        `Quarantined by \`orderflow generate --module ${options.module} --seed ${seed}\`: the reference (sim) or the prompt's rules contradict these expectations.`,
        'Review each: fix the expectation and move the case into the suite, or report the reference as wrong.',
      ],
      { quarantined: quarantinedCases },
    );
  }
  return result;
}

/** What was asked for, checked before anything is generated: the module, the case types, the count and the seed. */
function checkRequest(options: GenerateOptions, ws: Workspace): { target: PromptFile; types: string[]; total: number; seed: number } {
  const target = ws.active.get(options.module);
  if (!target || options.module === 'prompt_evaluation') {
    throw new InputError({
      file: '{module}',
      message: `unknown module "${options.module}"`,
      expected: [...ws.active.keys()].filter((m) => m !== 'prompt_evaluation').join(', '),
      severity: 'error',
    });
  }
  const types = options.types?.length ? [...new Set(options.types)] : DEFAULT_TYPES;
  const badType = types.find((t) => !(CASE_TYPES as readonly string[]).includes(t));
  if (badType) throw new InputError({ file: '{types}', message: `unknown case type "${badType}"`, expected: CASE_TYPES.join(', '), severity: 'error' });
  const total = options.count ?? 10;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 1 || total > 200)
    throw new InputError({ file: '{count}', message: `"${options.count}" is not an integer from 1 to 200`, severity: 'error' });
  const seed = checkSeed(options.seed);
  return { target, types, total, seed };
}

export function header(what: string, provider: string, seed: number, generator: PromptFile | undefined, schema: 'case-file' | 'scenario-file'): string[] {
  return [
    `yaml-language-server: $schema=../../schemas/${schema}.schema.json`,
    `Generated by \`orderflow generate ${what === 'pipeline' ? '--pipeline' : `--module ${what}`} --seed ${seed}\` with ${provider}${generator ? ` against ${generator.metadata.name} (sha256 ${generator.sha256.slice(0, 12)})` : ''}.`,
    'Review every case before moving it into cases/: generated expectations are proposals, checked only against the reference.',
  ];
}

export function checkSeed(seed: number | undefined): number {
  if (seed === undefined) return newSeed();
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31)
    throw new InputError({ file: '{seed}', message: `"${seed}" is not an integer from 0 to 2147483648`, severity: 'error' });
  return seed;
}

function readOnlyTools(active: Map<string, PromptFile>): Set<string> {
  const levels = active.get('tool_authorization')?.structured.toolRiskLevels ?? {};
  return new Set((levels.read_only ?? []).map((t) => t.value));
}

/** count over the types, the first ones taking the remainder: 10 over three types is 4, 3, 3. */
function spread(total: number, types: string[]): Record<string, number> {
  return Object.fromEntries(types.map((t, i) => [t, Math.floor(total / types.length) + (i < total % types.length ? 1 : 0)]));
}

function nextId(source: string | null, strategy: string, index: DuplicateIndex): string {
  const prefix = `${(source ?? 'gen').split('-')[0]}-gen-${strategy.replace(/_/g, '-')}`;
  for (let n = 1; ; n++) {
    const id = `${prefix}-${String(n).padStart(3, '0')}`;
    if (!index.ids.has(id)) return id;
  }
}

function shortReason(t: TypeTally, provider: string): string {
  const lost = [
    t.invalid && `${t.invalid} invalid`,
    t.duplicates_exact + t.duplicates_near && `${t.duplicates_exact + t.duplicates_near} duplicates`,
    t.quarantined && `${t.quarantined} quarantined`,
  ]
    .filter(Boolean)
    .join(', ');
  if (provider.startsWith('sim')) return `the strategies ran out of new candidates after ${t.produced} tried${lost ? ` (${lost})` : ''}`;
  return `the generator returned ${t.produced} of this type${lost ? ` (${lost})` : ''}`;
}
