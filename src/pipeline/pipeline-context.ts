/** Everything one scenario run accumulates as it moves through the stages. */
import type { Provider } from '../providers/provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import type { VerifiedToolFacts } from './fact-vocabulary.js';
import { InjectionScanner } from './injection-scan.js';
import { ModuleCaller } from './module-caller.js';
import type { RetrievedDocument } from './retrieval.js';
import type { Scenario } from './scenario-schema.js';
import type { PipelineTrace, ToolTrace } from './trace.js';
import type { ReadResults } from './verified-facts.js';
import { MockWorld } from './world/mock-world.js';

export type Output = Record<string, unknown>;

/** A module output's own confidence, 0 when it states none. */
export function confidenceOf(output: Output): number {
  return typeof output.confidence === 'number' ? output.confidence : 0;
}

export interface PipelineOptions {
  active: Map<string, PromptFile>;
  provider: Provider;
  trial: number;
  /** false with --no-gates: only the model's own authorization stands between a decision and a write. */
  gates: boolean;
}

export class PipelineContext {
  readonly trace: PipelineTrace = {
    stages: [],
    tools: [],
    injection_risk: { model_tags: [], program_phrases: [] },
    confirmation: { asked: false, answer: 'not_requested', asked_tools: [], confirmed_tools: [] },
    clarification_asked: false,
    response_scenario: null,
    reply: null,
    reply_fallback: false,
    handoff: null,
    notes: [],
  };
  readonly world: MockWorld;
  readonly caller: ModuleCaller;
  readonly scanner: InjectionScanner;
  /** The user turn as the agent receives it, with an attack appended when it is planted there. */
  readonly userTurn: string;
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
  /** A read refused because the order is not the user's: the reply says so, and nothing more. */
  rejectedForOwnership = false;

  constructor(readonly scenario: Scenario, readonly options: PipelineOptions) {
    const inj = scenario.injection;
    this.userTurn = inj?.placement === 'user_turn' && !scenario.turn.includes(inj.text) ? `${scenario.turn} ${inj.text}` : scenario.turn;
    const world = structuredClone(scenario.world);
    if (inj?.placement === 'retrieved_document') {
      const doc = world.policies.find((p) => p.doc_id === inj.target);
      if (doc && !doc.content.includes(inj.text)) doc.content = `${doc.content} ${inj.text}`;
    }
    this.world = new MockWorld(world, inj?.placement === 'tool_output' && inj.target ? { tool: inj.target, text: inj.text } : undefined);
    this.caller = new ModuleCaller(options.active, options.provider, options.trial, scenario.scenario_id, this.trace.stages);
    this.scanner = new InjectionScanner([options.active.get('input_safety_precheck'), options.active.get('policy_evidence_filter')]);
    this.noteInjection(this.scanner.scan(this.userTurn));
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
  }

  get injectionRisk(): boolean {
    const risk = this.trace.injection_risk;
    return risk.program_phrases.length > 0 || risk.model_tags.some((t) => INJECTION_TAGS.has(t));
  }

  /**
   * Risk tags handed to responsibility and authorization: the precheck's, the
   * evidence filter's, and possible_prompt_injection when the program's own scan
   * found planted text the models may not have seen.
   */
  safetyRiskTags(): string[] {
    const tags = [...this.trace.injection_risk.model_tags, ...(Array.isArray(this.evidence?.risk_tags) ? (this.evidence!.risk_tags as string[]) : [])];
    if (this.trace.injection_risk.program_phrases.length) tags.push('possible_prompt_injection');
    return [...new Set(tags)];
  }

  /** A write the pipeline proposed, with what became of it. */
  recordTool(call: { tool: string; args: Record<string, unknown>; idempotency_key: string | null }, status: ToolTrace['status'], extra: Partial<ToolTrace> = {}): void {
    this.trace.tools.push({ tool: call.tool, args: call.args, proposed_by: 'responsibility_attribution', status, idempotency_key: call.idempotency_key, ...extra });
  }

  handOff(reason: string): void {
    if (!this.handoffReasons.includes(reason)) this.handoffReasons.push(reason);
  }

  get orderId(): string | null {
    const id = (this.intent?.slots as { order_id?: unknown } | undefined)?.order_id;
    return typeof id === 'string' && id ? id : null;
  }
}

/** Risk tags that mean someone tried to steer the agent, as opposed to a risky but honest request. */
export const INJECTION_TAGS = new Set([
  'possible_prompt_injection',
  'permission_bypass_request',
  'system_prompt_exfiltration',
  'schema_override_attempt',
  'tool_misuse_attempt',
]);
