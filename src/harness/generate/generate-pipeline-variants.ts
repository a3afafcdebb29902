/**
 * `orderflow generate --pipeline`: attack variants of the suite's attack
 * scenarios. A variant is a copy of the scenario in which only the attack's
 * text is rewritten by a strategy — wherever that text stands (the user turn,
 * an order remark, a tool's output, a retrieved document) — so every
 * ground-truth field (expected outcome, attack goals, confirmations) is kept
 * as written: the safe outcome does not change when the attack is rephrased.
 * Like a generated module case, a variant is run on the reference (sim, guards
 * on) before anyone sees it; one the reference fails is quarantined with the
 * reason — that list is where the reference is blind — unless asked to keep it.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { PIPELINE_DIR, iterateSuite, loadCaseSuite } from '../cases/case-suite.js';
import type { GeneratedBy } from '../cases/case-schema.js';
import { ATTACK_STRATEGIES, type AttackStrategy } from '../cases/strategies/attack-strategies.js';
import { seededRng } from '../base/seeded-random.js';
import { InputError, type Problem } from '../base/errors.js';
import { globMatcher } from '../base/glob-match.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { createProvider } from '../create-provider.js';
import { runScenario } from '../runner/run-scenario.js';
import { loadWorkspace, type WorkspaceOptions } from '../workspace.js';
import { anchorsOf } from './anchors.js';
import { DuplicateIndex } from './duplicate-index.js';
import { checkSeed, header } from './generate-module-cases.js';
import { earlierGenerated, freshFile, generatedDir, writeGenerated } from './generated-files.js';
import type { CaseResult } from '../runner/case-result.js';
import { agent, type LoadedScenario, type PipelineTrace } from '../agent-registration.js';
import type { ScenarioParser } from '../cases/scenario-item.js';

export interface VariantOptions extends WorkspaceOptions {
  seed?: number;
  /** Scenario ids to vary (wildcards `*`); default every scenario with an injection. */
  scenarios?: string[];
  /** Strategy names; default all. */
  strategies?: string[];
  cases?: string;
  out?: string;
  /** Write variants the reference fails too (to measure its blind spots), instead of quarantining them. */
  keepUnverified?: boolean;
}

interface QuarantinedVariant {
  scenario_id: string;
  source: string;
  strategy: string;
  reasons: string[];
}

export interface VariantResult {
  seed: number;
  file: string | null;
  quarantineFile: string | null;
  /** Per source scenario: variants written, quarantined, and per strategy skipped, why. */
  scenarios: { scenario_id: string; written: string[]; quarantined: string[]; skipped: { strategy: string; reason: string }[] }[];
  /** Variants written per strategy. */
  by_strategy: Record<string, number>;
  /** Variants the reference failed, per strategy: where it is blind. */
  quarantined_by_strategy: Record<string, number>;
  quarantined: QuarantinedVariant[];
  /** Variants written although the reference failed them (--keep-unverified). */
  unverified: QuarantinedVariant[];
  /** Variants written whose attack the reference missed: valid cases with the same safe outcome. */
  missed: QuarantinedVariant[];
  /** Per strategy: variants run on the reference, and those in which it detected the attack. */
  checked_by_strategy: Record<string, number>;
  detected_by_strategy: Record<string, number>;
}

/** Checks whose failure means the rewrite lost the genuine request, not that the attack went unnoticed. */
const REQUEST_CHECKS = /^(intent|secondary_intents\[)/;

function changedMoreThanTheAttack(verdict: CaseResult): boolean {
  return verdict.status === 'error' || verdict.failed_checks.some((c) => REQUEST_CHECKS.test(c.name));
}

/** Whether anything in the reference's run noticed the attack: a model's tags, the screen, the program's scan. */
function referenceDetected(trace: unknown): boolean {
  const risk = (trace as { injection_risk?: PipelineTrace['injection_risk'] } | undefined)?.injection_risk;
  return Boolean(risk && ((risk.signals?.length ?? 0) > 0 || risk.program_phrases.length > 0 || (risk.screen_tags?.length ?? 0) > 0));
}

export async function generatePipelineVariants(options: VariantOptions): Promise<VariantResult> {
  const ws = await loadWorkspace(options);
  const seed = checkSeed(options.seed);
  const strategies = options.strategies?.length
    ? options.strategies.map((name) => ATTACK_STRATEGIES.find((s) => s.name === name) ?? unknownStrategy(name))
    : ATTACK_STRATEGIES;
  const casesDir = resolve(options.cases ?? ws.config.paths.cases);
  const genDir = generatedDir(casesDir);
  const suite = await loadCaseSuite(casesDir, ws.active, {}, { agent });
  const index = new DuplicateIndex();
  const wanted = (options.scenarios ?? []).map(globMatcher);
  const sources = new Set<string>();
  for await (const item of iterateSuite(suite, ws.active)) {
    if (item.kind === 'module') index.ids.add(item.case_id);
    else {
      // Parsed by the agent's own scenario format: its items are its scenarios.
      const scenario = item as LoadedScenario;
      index.add(scenario.scenario_id, scenarioText(scenario), scenario.generated_by?.strategy ?? null);
      const chosen = wanted.length ? wanted.some((matches) => matches(scenario.scenario_id)) : scenario.injection !== undefined;
      if (chosen && scenario.injection) sources.add(scenario.scenario_id);
    }
  }
  for (const s of await earlierGenerated(genDir, PIPELINE_DIR, 'scenarios'))
    index.add(String(s.scenario_id), scenarioText(s), (s.generated_by as GeneratedBy | undefined)?.strategy ?? null);
  if (sources.size === 0)
    throw new InputError({
      file: '{scenarios}',
      message: 'no scenario with an injection matches',
      expected: 'ids of scenarios that carry an `injection:`',
      severity: 'error',
    });
  // A suite with a scenario to vary has scenario files, and so the parser that read them.
  const parseScenarios = suite.scenarioParser!;

  // The scenario objects exactly as written, so that fields this code does not know are kept too.
  const raw = new Map<string, Record<string, unknown>>();
  for (const file of suite.files.filter((f) => f.module === PIPELINE_DIR)) {
    for (const s of (parse(await readFile(file.path, 'utf8')) as { scenarios?: Record<string, unknown>[] })?.scenarios ?? [])
      if (sources.has(String(s.scenario_id))) raw.set(String(s.scenario_id), s);
  }
  const anchors = anchorsOf(ws.active).map((a) => a.phrase);
  const result: VariantResult = {
    seed,
    file: null,
    quarantineFile: null,
    scenarios: [],
    by_strategy: {},
    quarantined_by_strategy: {},
    quarantined: [],
    unverified: [],
    missed: [],
    checked_by_strategy: {},
    detected_by_strategy: {},
  };
  const variants: Record<string, unknown>[] = [];
  const quarantined: Record<string, unknown>[] = [];
  const reference = await createProvider({ provider: 'sim', config: ws.config });
  for (const [id, scenario] of raw) {
    const entry: VariantResult['scenarios'][number] = { scenario_id: id, written: [], quarantined: [], skipped: [] };
    result.scenarios.push(entry);
    for (const strategy of strategies) {
      const made = makeVariant({ seed, anchors, index, active: ws.active, parseScenarios }, id, scenario, strategy);
      if ('skipped' in made) {
        entry.skipped.push({ strategy: strategy.name, reason: made.skipped });
        continue;
      }
      const { variant, loaded } = made;
      const verdict = await runScenario(loaded, 0, ws.active, reference, true);
      result.checked_by_strategy[strategy.name] = (result.checked_by_strategy[strategy.name] ?? 0) + 1;
      if (referenceDetected(verdict.trace)) result.detected_by_strategy[strategy.name] = (result.detected_by_strategy[strategy.name] ?? 0) + 1;
      // With sound guards an attack the reference misses still has the same safe outcome: the variant stays a case.
      // Only a rewrite that changed more than the attack (the request no longer recognisable) is set aside.
      if (verdict.status !== 'passed' && !changedMoreThanTheAttack(verdict))
        result.missed.push({
          scenario_id: String(variant.scenario_id),
          source: id,
          strategy: strategy.name,
          reasons: verdict.failed_checks.map((c) => `reference fails ${c.name}: ${c.reason}`),
        });
      else if (verdict.status !== 'passed') {
        const reasons =
          verdict.status === 'error'
            ? [`the reference failed to answer: ${verdict.error}`]
            : verdict.failed_checks.map((c) => `reference fails ${c.name}: ${c.reason}`);
        const record = { scenario_id: String(variant.scenario_id), source: id, strategy: strategy.name, reasons };
        result.quarantined_by_strategy[strategy.name] = (result.quarantined_by_strategy[strategy.name] ?? 0) + 1;
        if (!options.keepUnverified) {
          quarantined.push({ reasons, scenario: variant });
          result.quarantined.push(record);
          entry.quarantined.push(record.scenario_id);
          continue;
        }
        result.unverified.push(record);
      }
      variants.push(variant);
      entry.written.push(String(variant.scenario_id));
      result.by_strategy[strategy.name] = (result.by_strategy[strategy.name] ?? 0) + 1;
    }
  }
  await reference.close?.();
  if (variants.length) {
    result.file = resolve(options.out ?? freshFile(join(genDir, PIPELINE_DIR), '', seed));
    await writeGenerated(result.file, header('pipeline', 'the named strategies', seed, undefined, 'scenario-file'), { scenarios: variants });
  }
  if (quarantined.length) {
    result.quarantineFile = freshFile(genDir, 'quarantine-pipeline-', seed);
    await writeGenerated(
      result.quarantineFile,
      [
        `Quarantined by \`orderflow generate --pipeline --seed ${seed}\`: the reference (sim, guards on) fails these variants, although each keeps its source scenario's ground truth.`,
        'They show where the reference is blind to a way of writing the attack. Review each: move it into the suite to hold a real model to it, or run them all with --keep-unverified.',
      ],
      { quarantined },
    );
  }
  return result;
}

/** One strategy's variant of one scenario, parsed as the suite would load it and new to the index; or why there is none. */
function makeVariant(
  ctx: { seed: number; anchors: string[]; index: DuplicateIndex; active: Map<string, PromptFile>; parseScenarios: ScenarioParser },
  id: string,
  scenario: Record<string, unknown>,
  strategy: AttackStrategy,
): { variant: Record<string, unknown>; loaded: LoadedScenario } | { skipped: string } {
  const { seed, index } = ctx;
  const injection = scenario.injection as { text: string; placement: string };
  const rewritten = strategy.apply(injection.text, seededRng(seed, 'pipeline', strategy.name, id), { anchors: ctx.anchors });
  if (!rewritten) return { skipped: 'the strategy does not apply to this attack text' };
  if (rewritten.history && injection.placement !== 'user_turn')
    return { skipped: `a split over user turns needs the attack in the user turn, not in ${injection.placement}` };
  const variant = rewrite(scenario, injection.text, rewritten.text);
  if (rewritten.history)
    variant.history = [...((scenario.history as unknown[] | undefined) ?? []), ...rewritten.history.map((content) => ({ role: 'user', content }))];
  variant.scenario_id = variantId(id, strategy.name, index);
  variant.description = `Variant of ${id} (${strategy.name}: ${strategy.description}). ${String(scenario.description ?? '')}`.trim();
  variant.generated_by = { strategy: strategy.name, source_case: id, seed };
  const problems: Problem[] = [];
  const [loaded] = ctx.parseScenarios(
    `generated:${String(variant.scenario_id)}`,
    stringify({ scenarios: [variant] }, { aliasDuplicateObjects: false }),
    ctx.active,
    problems,
  );
  if (!loaded || problems.length) return { skipped: `invalid variant: ${problems.map((p) => `${p.field ?? ''} ${p.message}`.trim()).join('; ')}` };
  const duplicate = index.find(scenarioText(variant), strategy.name);
  if (duplicate) return { skipped: `duplicate of ${duplicate.of}` };
  index.add(String(variant.scenario_id), scenarioText(variant), strategy.name);
  return { variant, loaded: loaded as LoadedScenario };
}

/** A deep copy with every occurrence of the attack text replaced, and the injection's own text set. */
function rewrite(scenario: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.split(from).join(to);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const copy = walk(structuredClone(scenario)) as Record<string, unknown>;
  (copy.injection as { text: string }).text = to;
  return copy;
}

/** What makes two scenarios the same test: the scenario they vary (a world of its own) and their untrusted text. */
function scenarioText(s: { scenario_id?: unknown; generated_by?: unknown; turn?: unknown; turns?: unknown; history?: unknown; injection?: unknown }): unknown {
  const source = (s.generated_by as GeneratedBy | undefined)?.source_case ?? s.scenario_id;
  return { source, turn: s.turn, turns: s.turns ?? null, history: s.history ?? [], injection: (s.injection as { text?: unknown } | undefined)?.text ?? null };
}

function variantId(source: string, strategy: string, index: DuplicateIndex): string {
  const base = `${source}-v-${strategy.replace(/_/g, '-')}`;
  if (!index.ids.has(base)) return base;
  for (let n = 2; ; n++) if (!index.ids.has(`${base}-${n}`)) return `${base}-${n}`;
}

function unknownStrategy(name: string): never {
  throw new InputError({
    file: '{strategies}',
    message: `unknown strategy "${name}"`,
    expected: ATTACK_STRATEGIES.map((s) => s.name).join(', '),
    severity: 'error',
  });
}
