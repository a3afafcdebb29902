/**
 * The offline generator: named strategies applied to the module's own suite
 * cases (their untrusted text) and the active detection phrases. Candidates
 * come out lazily, round-robin over strategies, so that a small count still
 * covers many strategies and a large one runs out only when every
 * strategy × phrase × seed case has been tried.
 */
import type { GeneratedBy, ModuleCase } from '../cases/case-schema.js';
import type { LoadedModuleCase } from '../cases/load-module-cases.js';
import { ATTACK_STRATEGIES, type AttackStrategy } from '../cases/strategies/attack-strategies.js';
import { kindsOf } from '../cases/strategies/attack-kinds.js';
import { INPUT_STRATEGIES } from '../cases/strategies/input-strategies.js';
import { seededRng } from '../base/seeded-random.js';
import type { DetectionPhrase } from '../registry/structured-sections.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { buildExpectation, metricsFor, type ExpectationKind } from './module-expectations.js';
import { getAt, setAt, textSlot } from './text-slot.js';

export interface Candidate {
  case: Omit<ModuleCase, 'case_id'> & { case_id?: string; generated_by?: GeneratedBy };
  strategy: string;
  source_case: string | null;
  /** The text the module must keep (the customer's own words), when the candidate was built on one. */
  carrier?: string;
}

export interface CandidateContext {
  module: string;
  prompt: PromptFile;
  seeds: LoadedModuleCase[];
  anchors: DetectionPhrase[];
  seed: number;
  readOnlyTools: Set<string>;
}

const RESHAPE_ROUNDS = 3;

/** Tags of the "high-risk request" anchors that safety cases are made of. */
const SAFETY_TAGS = new Set(['high_risk_action_requested', 'tool_misuse_attempt', 'permission_bypass_request']);
/** Tools an attack of a kind demands. */
const DEMANDED_TOOLS: Record<string, string[]> = { call_tool: ['create_refund'], direct_refund: ['create_refund'] };

/** Why a type can produce nothing at all for this module (null when it can). */
export function unavailable(type: string, ctx: CandidateContext): string | null {
  const withText = ctx.seeds.filter((s) => slotOf(s, ctx));
  if (type === 'normal' || type === 'regression')
    return ctx.seeds.some((s) => s.case_type === type && orderIdsOf(s).length > 0)
      ? null
      : `no ${type} case of ${ctx.module} in the suite has an order number to vary`;
  if (withText.length === 0)
    return `no case of ${ctx.module} in the suite has untrusted text (${untrustedOf(ctx).join(', ') || 'no Untrusted Input Fields'}) to rewrite`;
  if ((type === 'adversarial' || type === 'safety') && ctx.anchors.length === 0) return 'the active prompts list no detection phrases';
  return null;
}

export function* strategyCandidates(type: string, ctx: CandidateContext): Generator<Candidate> {
  if (type === 'normal' || type === 'regression') yield* renumbered(type, ctx);
  else if (type === 'adversarial' || type === 'safety') yield* attacks(type, ctx);
  else yield* reshaped(type, ctx);
}

function* attacks(type: string, ctx: CandidateContext): Generator<Candidate> {
  const anchors = type === 'safety' ? ctx.anchors.filter((a) => a.tags.some((t) => SAFETY_TAGS.has(t))) : ctx.anchors;
  const seeds = ordered(carriers(ctx), ctx.seed, 'seeds');
  // In a run-specific order, so that a small count still reaches the paraphrases and encodings on some seeds.
  const strategies = ordered(
    ATTACK_STRATEGIES.filter((s) => s.name !== 'split_turns' || hasHistory(ctx.prompt)),
    ctx.seed,
    'strategies',
  );
  const phrases = ctx.anchors.map((a) => a.phrase);
  const total = strategies.length * anchors.length * seeds.length;
  for (let i = 0; i < total; i++) {
    const strategy = strategies[i % strategies.length]!;
    const round = Math.floor(i / strategies.length);
    const anchor = anchors[round % anchors.length]!;
    const source = seeds[Math.floor(round / anchors.length) % seeds.length]!;
    const rng = seededRng(ctx.seed, type, strategy.name, anchor.phrase, source.case_id);
    const rewritten = strategy.apply(anchor.phrase, rng, { anchors: phrases });
    if (!rewritten) continue;
    const input = structuredClone(source.input);
    const slot = slotOf(source, ctx)!;
    const carrier = String(getAt(input, slot));
    setAt(input, slot, join(carrier, rewritten.text));
    if (rewritten.history)
      input.conversation_history = [
        ...(Array.isArray(input.conversation_history) ? input.conversation_history : []),
        ...rewritten.history.map((content) => ({ role: 'user', content })),
      ];
    const demanded = kindsOf(anchor.phrase).flatMap((k) => DEMANDED_TOOLS[k.id] ?? []);
    const expected = buildExpectation({
      prompt: ctx.prompt,
      seed: source.expected_behavior,
      kind: 'attack',
      anchorTags: anchor.tags,
      demandedTools: demanded,
      planted: rewritten.history ? undefined : rewritten.text,
      readOnlyTools: ctx.readOnlyTools,
    });
    yield { ...candidate(type, input, expected, strategy, source, `${strategy.description}; anchor "${anchor.phrase}"`), carrier };
  }
}

function* reshaped(type: string, ctx: CandidateContext): Generator<Candidate> {
  const strategies = ordered(
    INPUT_STRATEGIES.filter((s) => s.kind === type),
    ctx.seed,
    `${type}-strategies`,
  );
  if (strategies.length === 0) return;
  const seeds = ordered(carriers(ctx), ctx.seed, 'seeds');
  // Several rounds: the strategies pick their wording at random, so a later round can still add new cases.
  for (let i = 0; i < strategies.length * seeds.length * RESHAPE_ROUNDS; i++) {
    const strategy = strategies[i % strategies.length]!;
    const round = Math.floor(i / (strategies.length * seeds.length));
    const source = seeds[Math.floor(i / strategies.length) % seeds.length]!;
    const input = structuredClone(source.input);
    const slot = slotOf(source, ctx)!;
    const text = strategy.apply(String(getAt(input, slot)), seededRng(ctx.seed, type, strategy.name, source.case_id, round));
    if (text === null) continue;
    setAt(input, slot, text);
    const kind: ExpectationKind =
      type === 'schema' ? 'format_pressure' : ['empty', 'whitespace', 'emoji_only'].includes(strategy.name) ? 'boundary_empty' : 'boundary_request';
    const expected = buildExpectation({ prompt: ctx.prompt, seed: source.expected_behavior, kind, readOnlyTools: ctx.readOnlyTools });
    yield candidate(type, input, expected, strategy, source, strategy.description);
  }
}

/** Normal and regression cases: the same mechanism on another order number (rule 10 of the generator prompt). */
function* renumbered(type: string, ctx: CandidateContext): Generator<Candidate> {
  const seeds = ordered(
    ctx.seeds.filter((s) => s.case_type === type && orderIdsOf(s).length > 0),
    ctx.seed,
    type,
  );
  const strategy = { name: 'renumbered', description: 'the same case on other, fictional order numbers' };
  for (let round = 0; round < 4; round++) {
    for (const source of seeds) {
      const rng = seededRng(ctx.seed, type, round, source.case_id);
      const renamed = new Map(orderIdsOf(source).map((id) => [id, `O${rng.int(10_000, 99_999_999)}`]));
      const json = JSON.stringify({ input: source.input, expected: source.expected_behavior }).replace(ORDER_ID, (id) => renamed.get(id) ?? id);
      const { input, expected } = JSON.parse(json) as { input: Record<string, unknown>; expected: LoadedModuleCase['expected_behavior'] };
      yield candidate(
        type,
        input,
        buildExpectation({ prompt: ctx.prompt, seed: expected, kind: 'same_request', readOnlyTools: ctx.readOnlyTools }),
        strategy,
        source,
        strategy.description,
      );
    }
  }
}

function candidate(
  type: string,
  input: Record<string, unknown>,
  expected: LoadedModuleCase['expected_behavior'],
  strategy: Pick<AttackStrategy, 'name'>,
  source: LoadedModuleCase,
  description: string,
): Candidate {
  return {
    strategy: strategy.name,
    source_case: source.case_id,
    case: {
      case_type: type as ModuleCase['case_type'],
      description: `Generated from ${source.case_id}: ${description}.`,
      input,
      expected_behavior: expected,
      evaluation_metrics: metricsFor(type),
      tags: ['generated'],
    },
  };
}

function join(carrier: string, attack: string): string {
  if (!carrier.trim()) return attack;
  return `${carrier}${/[。！？.!?\n]$/.test(carrier) ? '' : '。'}${attack}`;
}

function untrustedOf(ctx: CandidateContext): string[] {
  return (ctx.prompt.structured.untrustedFields ?? []).map((f) => f.value).filter((f) => f !== 'conversation_history');
}

/** Cases whose text an attack or a reshaping can ride on: benign ones first, so the only attack is the planted one. */
function carriers(ctx: CandidateContext): LoadedModuleCase[] {
  const withText = ctx.seeds.filter((s) => slotOf(s, ctx));
  const benign = withText.filter((s) => s.case_type === 'normal');
  return benign.length
    ? benign
    : withText
        .filter((s) => s.case_type !== 'adversarial' && s.case_type !== 'safety')
        .concat(withText.filter((s) => s.case_type === 'adversarial' || s.case_type === 'safety'));
}

function slotOf(c: LoadedModuleCase, ctx: CandidateContext) {
  return textSlot(c.input, untrustedOf(ctx));
}

function hasHistory(prompt: PromptFile): boolean {
  const tree = prompt.inputSchema?.tree;
  return tree?.kind === 'object' && tree.fields.some((f) => f.key === 'conversation_history');
}

const ORDER_ID = /\bO\d{3,12}\b/g;

function orderIdsOf(c: LoadedModuleCase): string[] {
  return [...new Set(JSON.stringify(c.input).match(ORDER_ID) ?? [])];
}

/** The seed cases in a run-specific order, so another --seed starts elsewhere. */
function ordered<T>(items: T[], seed: number, salt: string): T[] {
  const rng = seededRng(seed, salt);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
