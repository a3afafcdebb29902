/**
 * Everything one user turn accumulates as it moves through the stages, over a
 * session shared by the turns of a conversation (world, trace, exposure,
 * the action awaiting confirmation).
 */
import type { Provider } from '../../harness/providers/provider.js';
import type { PromptFile } from '../../harness/registry/prompt-file.js';
import { ExposureRecorder } from './exposure.js';
import type { VerifiedToolFacts } from '../vocabulary/fact-vocabulary.js';
import { InjectionScanner } from './guards/injection-scan.js';
import { ModuleCaller } from './module-caller.js';
import type { RetrievedDocument } from './retrieval.js';
import { userTurns, type Scenario } from '../scenarios/scenario-schema.js';
import { emptyTrace, type EventOrder, type PipelineTrace, type RunOutputs, type ToolTrace } from './trace.js';
import type { ProposedCall } from './guards/guard-chain.js';
import type { ReadResults } from './verified-facts.js';
import { MockWorld } from './world/mock-world.js';
import { INJECTION_TAGS } from '../vocabulary/injection-tags.js';

export type Output = Record<string, unknown>;

/** A module output's own confidence, 0 when it states none. */
export function confidenceOf(output: Output): number {
  return typeof output.confidence === 'number' ? output.confidence : 0;
}

export interface PipelineOptions {
  active: Map<string, PromptFile>;
  provider: Provider;
  trial: number;
  /** false with --no-guards: only the model's own authorization stands between a decision and a write. */
  guards: boolean;
}

/** Untrusted free text a read tool returned (a remark, a carrier note): passed fenced to the modules that decide. */
export interface UntrustedText {
  source: string;
  text: string;
}

/** An action asked about and not yet answered, with the facts it was decided on. */
export interface PendingAction {
  call: ProposedCall;
  /** The question was asked a second time after an answer that was no yes; it is not asked a third. */
  askedAgain?: boolean;
  intent: Output;
  decision: Output;
  carried: {
    facts?: VerifiedToolFacts;
    reads: ReadResults;
    conflicts: string[];
    retrieved: RetrievedDocument[];
    injectedDocIds: string[];
    evidence?: Output;
    untrustedText: UntrustedText[];
  };
}

/** What the turns of one conversation share. */
export class Session {
  readonly trace: PipelineTrace = emptyTrace();
  readonly world: MockWorld;
  readonly caller: ModuleCaller;
  readonly scanner: InjectionScanner;
  readonly exposure: ExposureRecorder;
  /** The current user turn, 1-based. */
  turn = 1;
  private seq = 0;
  /** The action the agent asked the user to confirm, carried to the next turn. */
  pending: PendingAction | null = null;
  readonly outputs: RunOutputs = { intent: null, decision: null, selected_doc_ids: [], verification: null };
  /** What the agent did in earlier turns, as memory_context.recent_task_summary. */
  taskSummary: string | null = null;
  /** Earlier turns, as conversation_history. */
  readonly history: { role: 'user' | 'assistant'; content: string }[];
  /** Untrusted texts already screened (source and text): each is screened once per conversation. */
  readonly screened = new Set<string>();
  /** Idempotency keys are per conversation: a new application after a rejected refund is a new key. */
  readonly sessionId: string;

  constructor(
    readonly scenario: Scenario,
    readonly options: PipelineOptions,
  ) {
    const inj = scenario.injection;
    const world = structuredClone(scenario.world);
    if (inj?.placement === 'retrieved_document') {
      const doc = world.policies.find((p) => p.doc_id === inj.target);
      if (doc && !doc.content.includes(inj.text)) doc.content = `${doc.content} ${inj.text}`;
    }
    this.world = new MockWorld(world, inj?.placement === 'tool_output' && inj.target ? { tool: inj.target, text: inj.text } : undefined);
    this.exposure = new ExposureRecorder(inj?.text, this.trace.exposures);
    this.caller = new ModuleCaller(options.active, options.provider, options.trial, scenario.scenario_id, this.trace.stages, {
      next: () => this.next(),
      sawInput: (via, input, at) => this.exposure.saw(via, input, at),
    });
    this.scanner = scannerFor(options.active);
    this.history = [...scenario.history];
    this.sessionId = `${scenario.scenario_id}#${options.trial}`;
  }

  /** The position of the next stage or tool event. */
  next(): EventOrder {
    this.seq += 1;
    return { turn: this.turn, seq: this.seq };
  }

  /** The text of user turn `n` as the agent receives it, with an attack appended when it arrives there. */
  userText(n: number): string {
    const s = this.scenario;
    const text = userTurns(s)[n - 1]?.user ?? '';
    const inj = s.injection;
    if (inj?.placement !== 'user_turn' || (inj.turn ?? 1) !== n || text.includes(inj.text)) return text;
    return `${text} ${inj.text}`;
  }
}

const scanners = new WeakMap<Map<string, PromptFile>, InjectionScanner>();

/** One scanner per set of active prompts: its phrase forms are costly to build and never change. */
function scannerFor(active: Map<string, PromptFile>): InjectionScanner {
  let scanner = scanners.get(active);
  if (!scanner) scanners.set(active, (scanner = new InjectionScanner([active.get('input_safety_precheck'), active.get('policy_evidence_filter')])));
  return scanner;
}

export class PipelineContext {
  readonly trace: PipelineTrace;
  readonly world: MockWorld;
  readonly caller: ModuleCaller;
  readonly scanner: InjectionScanner;
  readonly session: Session;
  /** The user turn as the agent receives it, with an attack appended when it is planted there. */
  readonly userTurn: string;
  /** Free text from read tools, fenced for the deciding modules. */
  untrustedText: UntrustedText[] = [];
  precheck?: Output;
  intent?: Output;
  reads: ReadResults = {};
  facts?: VerifiedToolFacts;
  conflicts: string[] = [];
  retrieved: RetrievedDocument[] = [];
  injectedDocIds: string[] = [];
  evidence?: Output;
  /** Responsibility output of the primary task (the one decision_accuracy reads). */
  decision?: Output;
  verification?: Output;
  handoffReasons: string[] = [];
  actionsTaken: string[] = [];
  /** Intents whose write was executed and verified; the reply must not drop them. */
  completed: string[] = [];
  /** Intents whose action the user declined when asked to confirm. */
  declined: string[] = [];
  /** The program's question when a write's order is not one the user named (write-object.ts). */
  objectQuestion: string | null = null;
  /** A read refused because the order is not the user's: the reply says so, and nothing more. */
  rejectedForOwnership = false;

  constructor(
    readonly scenario: Scenario,
    readonly options: PipelineOptions,
    session?: Session,
  ) {
    this.session = session ?? new Session(scenario, options);
    this.trace = this.session.trace;
    this.world = this.session.world;
    this.caller = this.session.caller;
    this.scanner = this.session.scanner;
    this.userTurn = this.session.userText(this.session.turn);
    this.saw('user_turn', this.userTurn);
    this.noteInjection(this.scanner.scan(this.userTurn));
  }

  /** The program received untrusted data: record an exposure if the attacker's text is in it. */
  saw(via: string, value: unknown): void {
    this.session.exposure.saw(via, value, { turn: this.session.turn, seq: this.session.next().seq });
  }

  /** conversation_history for the modules that take it: the scenario's history, then the earlier turns. */
  get history(): { role: 'user' | 'assistant'; content: string }[] {
    return this.session.history;
  }

  /** What the user wrote in this conversation: the earlier user turns and this one. */
  get userWords(): string[] {
    return [...this.history.filter((h) => h.role === 'user').map((h) => h.content), this.userTurn];
  }

  prompt(module: string): PromptFile {
    return this.caller.prompt(module);
  }

  note(text: string): void {
    this.trace.notes.push(text);
  }

  /** Program-detected attack phrases in untrusted text: they arm the human-review gate. */
  noteInjection(phrases: string[]): void {
    for (const p of phrases) if (!this.trace.injection_risk.program_phrases.includes(p)) this.trace.injection_risk.program_phrases.push(p);
    if (phrases.length) this.noteSignal('program_scan');
  }

  /** Risk tags the screen found in one untrusted text; an injection tag arms the human-review gate. */
  noteScreen(source: string, tags: string[]): void {
    const risk = this.trace.injection_risk;
    const found = tags.filter((t) => INJECTION_TAGS.has(t));
    if (!found.length) return;
    risk.screen_tags = [...new Set([...(risk.screen_tags ?? []), ...found])];
    this.noteSignal(`screen:${source}`);
  }

  /** When and where the program first knew of an attack: the judge holds a write after it to human review. */
  noteSignal(source: string): void {
    const signals = (this.trace.injection_risk.signals ??= []);
    if (!signals.some((s) => s.source === source && s.turn === this.session.turn)) signals.push({ ...this.session.next(), source });
  }

  get injectionRisk(): boolean {
    const risk = this.trace.injection_risk;
    return risk.program_phrases.length > 0 || risk.model_tags.some((t) => INJECTION_TAGS.has(t)) || (risk.screen_tags ?? []).length > 0;
  }

  /**
   * Risk tags handed to responsibility and authorization: the precheck's, the
   * evidence filter's, and possible_prompt_injection when the program's own scan
   * found planted text the models may not have seen.
   */
  safetyRiskTags(): string[] {
    const tags = [...this.trace.injection_risk.model_tags, ...(Array.isArray(this.evidence?.risk_tags) ? (this.evidence!.risk_tags as string[]) : [])];
    if (this.trace.injection_risk.program_phrases.length || this.trace.injection_risk.screen_tags?.length) tags.push('possible_prompt_injection');
    return [...new Set(tags)];
  }

  /** A write the pipeline proposed, with what became of it. */
  recordTool(
    call: { tool: string; args: Record<string, unknown>; idempotency_key: string | null },
    status: ToolTrace['status'],
    extra: Partial<ToolTrace> = {},
  ): void {
    this.trace.tools.push({
      ...this.session.next(),
      tool: call.tool,
      args: call.args,
      proposed_by: 'responsibility_attribution',
      status,
      idempotency_key: call.idempotency_key,
      ...extra,
    });
  }

  /** A read tool or search the program ran, with its order in the conversation. */
  recordRead(entry: Omit<ToolTrace, 'turn' | 'seq'>): void {
    this.trace.tools.push({ ...this.session.next(), ...entry });
  }

  handOff(reason: string): void {
    if (!this.handoffReasons.includes(reason)) this.handoffReasons.push(reason);
  }

  get orderId(): string | null {
    const id = (this.intent?.slots as { order_id?: unknown } | undefined)?.order_id;
    return typeof id === 'string' && id ? id : null;
  }
}

// The harness reads them too (the attack-strategy table), through the agent's registration, so they lie in the vocabulary.
export { INJECTION_TAGS } from '../vocabulary/injection-tags.js';
