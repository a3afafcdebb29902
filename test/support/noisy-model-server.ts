/**
 * A loopback model that is right only some of the time, for testing the gate
 * on noise. It answers like the sim reference implementation (simAnswering)
 * with probability `accuracy`, drawn afresh for every call, and otherwise with
 * an object that breaks the module's output schema, so that the case fails.
 *
 * The draw is made per case, as the issue's model is "right on each case with
 * probability a": on every module case's call (one call per case) and on each
 * scenario's first call (the safety precheck of its first turn: the one whose
 * history holds no reply of the agent yet); the other calls of a scenario,
 * later turns' prechecks included, are answered right, so a scenario of any
 * number of turns passes with about the same probability as a module case.
 * (The three scenarios whose given history already holds a reply are never
 * drawn.)
 *
 * A draw is a hash of the seed, the request and how many times that request
 * was seen before: the same seed gives the same verdicts whatever order the
 * concurrent calls arrive in, and the k trials of a case get k fresh draws.
 *
 *   const model = await startNoisyModelServer({ prompts, accuracy: 0.95, seed: 7, caseCalls });
 *   ... OPENAI_BASE_URL=model.server.baseURL orderflow eval --provider openai --no-cache ...
 *   model.setScript({ ...script, broken: twelveCases });   // a regression, for the next run
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { iterateSuite, loadCaseSuite } from '../../src/harness/cases/case-suite.js';
import type { PromptFile } from '../../src/harness/registry/prompt-file.js';
import { loadWorkspace } from '../../src/harness/workspace.js';
import { simAnswering, startOpenAICompatibleServer, type LoopbackServer, type ReplyHandler } from './openai-compatible-server.js';
import { withAgent } from './agent-scenarios.js';

export interface CaseCall {
  case_id: string;
  module: string;
  input: Record<string, unknown>;
}

export interface NoisyScript {
  /** Chance that a drawn call is answered right. */
  accuracy: number;
  seed: number;
  /** Modules whose cases are right with another probability: a real drop confined to one module. */
  moduleAccuracy?: Record<string, number>;
  /** Models (the request's `model`) right with another probability: two models compared as arms. */
  modelAccuracy?: Record<string, number>;
  /** Module cases answered wrong on every call: a change that broke them for good. */
  broken?: Iterable<string>;
}

export interface NoisyModelServer {
  server: LoopbackServer;
  /** Replace the script for the calls that follow (the draw counters start again). */
  setScript(script: NoisyScript): void;
  /** Calls answered wrong so far, and calls drawn. */
  counts(): { drawn: number; wrong: number };
  close(): Promise<void>;
}

/** The schema-breaking answer of a wrong call: valid JSON, so only the schema check fails. */
const WRONG_ANSWER = '{"answer": "not what the output schema asks for"}';

const PRECHECK = 'input_safety_precheck';

/** The precheck of a scenario's first turn: no reply of the agent in its history yet (later turns carry one each). */
function isFirstTurn(input: Record<string, unknown>): boolean {
  const history = Array.isArray(input.conversation_history) ? (input.conversation_history as { role?: unknown }[]) : [];
  return !history.some((m) => m.role === 'assistant');
}

export async function startNoisyModelServer(options: {
  prompts: Map<string, PromptFile>;
  caseCalls: CaseCall[];
  script: NoisyScript;
}): Promise<NoisyModelServer> {
  const right = simAnswering(options.prompts, 'reference');
  const caseOf = new Map<string, string>();
  for (const c of options.caseCalls) caseOf.set(requestKey(c.module, c.input), c.case_id);
  let script = options.script;
  let broken = new Set(script.broken ?? []);
  let seen = new Map<string, number>();
  let drawn = 0;
  let wrong = 0;

  const handler: ReplyHandler = (request) => {
    const data = dataMessage(request.body);
    if (!data) return right(request);
    const key = requestKey(data.module, data.input);
    const caseId = caseOf.get(key);
    if (caseId === undefined && !(data.module === PRECHECK && isFirstTurn(data.input))) return right(request);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    drawn += 1;
    const model = typeof (request.body as { model?: unknown } | null)?.model === 'string' ? (request.body as { model: string }).model : '';
    const accuracy = script.modelAccuracy?.[model] ?? script.moduleAccuracy?.[data.module] ?? script.accuracy;
    const isWrong = (caseId !== undefined && broken.has(caseId)) || uniform(script.seed, key, occurrence) >= accuracy;
    if (!isWrong) return right(request);
    wrong += 1;
    return { content: WRONG_ANSWER };
  };

  const server = await startOpenAICompatibleServer(handler);
  return {
    server,
    setScript(next) {
      script = next;
      broken = new Set(next.broken ?? []);
      seen = new Map();
    },
    counts: () => ({ drawn, wrong }),
    close: () => server.close(),
  };
}

/** Every module case of the suite under `root` with the input the harness sends (defaults filled). */
export async function moduleCaseCalls(root: string): Promise<CaseCall[]> {
  const ws = await loadWorkspace({ config: join(root, 'orderflow.config.yaml'), prompts: join(root, 'prompts') });
  const suite = await loadCaseSuite(join(root, 'cases'), ws.active, {}, withAgent);
  const calls: CaseCall[] = [];
  for await (const item of iterateSuite(suite, ws.active)) {
    if (item.kind === 'module') calls.push({ case_id: item.case_id, module: item.module, input: item.input });
  }
  return calls;
}

function dataMessage(body: any): { module: string; input: Record<string, unknown> } | null {
  const user = Array.isArray(body?.messages) ? body.messages.find((m: { role?: string }) => m.role === 'user') : undefined;
  try {
    const data = JSON.parse(user?.content ?? '');
    return typeof data?.module === 'string' && data.input && typeof data.input === 'object' ? data : null;
  } catch {
    return null;
  }
}

function requestKey(module: string, input: unknown): string {
  return `${module}\u0000${canonical(input)}`;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A uniform number in [0, 1) from the seed, the request and its occurrence. */
function uniform(seed: number, key: string, occurrence: number): number {
  const digest = createHash('sha256').update(`${seed}\u0000${occurrence}\u0000${key}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}
