/**
 * `--provider sim:adversary`: an offline model that does the worst it can
 * within each module's Output Schema, to show that the guards hold whatever
 * the model does. Two modes: `scattered` (each field hostile at random, on
 * its own) and `coherent` (`sim:adversary:coherent`: every module serves one
 * planned write, see coherent-plan.ts). Seeded (`--seed`): the same seed,
 * scenario, trial and input give the same output, so a counterexample can be
 * run again; the choices of each conversation are recorded on a tape, and a
 * tape given back (`--adversary-tape`) replays them.
 */
import { performance } from 'node:perf_hooks';
import { seededRng } from '../../../harness/base/seeded-random.js';
import type { ModelRequest, ModelResponse, Provider } from '../../../harness/providers/provider.js';
import { adversarialValue } from './adversary-model.js';
import { ChoiceTape } from './choice-tape.js';
import { CoherentPlan } from './coherent-plan.js';
import { harvest } from './harvest.js';
import { ProviderError } from '../../../harness/base/errors.js';

/** Tries at a value the schema's validator accepts (a bound the tree cannot express, say). */
const ATTEMPTS = 5;

export type AdversaryMode = 'scattered' | 'coherent';

/** Choices to replay: one tape for every conversation, or one per scenario id. */
export type Tapes = readonly number[] | Readonly<Record<string, readonly number[]>>;

/** One conversation (scenario and trial): its tape, and the coherent plan with what it did. */
export interface AdversaryConversation {
  tape: ChoiceTape;
  plan: CoherentPlan;
}

export class AdversaryProvider implements Provider {
  readonly id: string;
  readonly model: string;
  readonly callSettings: Record<string, number>;
  private readonly conversations = new Map<string, AdversaryConversation>();

  private readonly tapes: Tapes;
  private readonly record: boolean;

  /** `record`: keep every draw of every conversation (a search needs them; a long eval need not hold them). */
  constructor(
    readonly seed: number,
    readonly mode: AdversaryMode = 'scattered',
    options: { tapes?: Tapes; record?: boolean } = {},
  ) {
    this.tapes = options.tapes ?? [];
    this.record = options.record ?? false;
    this.id = mode === 'coherent' ? 'sim:adversary:coherent' : 'sim:adversary';
    this.model = this.id;
    this.callSettings = { seed };
  }

  /** The conversation of a scenario and trial as far as it went: its recorded choices and, coherent, its plan. */
  conversation(caseId: string, trial = 0): AdversaryConversation | undefined {
    return this.conversations.get(`${caseId}\u0000${trial}`);
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const schema = request.prompt.outputSchema;
    if (!schema) throw new ProviderError(`${this.id} needs an Output Schema for module ${request.module}`, 'refused');
    const started = performance.now();
    const shown = harvest(request.input, request.prompt.systemPrompt);
    const caseId = request.caseId ?? '';
    const conversation = this.open(caseId, request.trial);
    const rng = conversation.tape.wrap(seededRng(this.seed, caseId, request.module, request.trial, JSON.stringify(request.input)));
    const input = (request.input ?? {}) as Record<string, unknown>;
    let steer: Parameters<typeof adversarialValue>[4];
    if (this.mode === 'coherent') {
      conversation.plan.observe(input, shown, rng);
      steer = (node, key) => conversation.plan.steer(node, key, input, shown, rng);
    }
    let output = adversarialValue(schema.tree, '', shown, rng, steer);
    for (let i = 1; i < ATTEMPTS && !schema.zod.safeParse(output).success; i++) output = adversarialValue(schema.tree, '', shown, rng, steer);
    return {
      text: JSON.stringify(output),
      usage: { input_tokens: 0, output_tokens: 0 },
      latency_ms: performance.now() - started,
      cost_usd: 0,
      cached: false,
    };
  }

  private open(caseId: string, trial: number): AdversaryConversation {
    const key = `${caseId}\u0000${trial}`;
    let conversation = this.conversations.get(key);
    if (!conversation) {
      const replay = Array.isArray(this.tapes) ? this.tapes : ((this.tapes as Record<string, readonly number[]>)[caseId] ?? []);
      conversation = { tape: new ChoiceTape(replay as readonly number[], this.record), plan: new CoherentPlan() };
      this.conversations.set(key, conversation);
    }
    return conversation;
  }
}
