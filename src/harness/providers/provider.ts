/**
 * The contract between the harness and a model: one module call in, raw text
 * out. Parsing and schema checks happen in the harness, the same for every
 * provider, so sim output goes through exactly the path real output does.
 */
import type { PromptFile } from '../registry/prompt-file.js';
import type { DialectAnalysis } from '../registry/schema-dialects.js';

export interface ModelRequest {
  /** Module id, e.g. intent_recognition. */
  module: string;
  /** The active prompt version: system prompt, schemas, structured sections. */
  prompt: PromptFile;
  /** The module input, already validated against the prompt's input schema. */
  input: Record<string, unknown>;
  /** Repeat index with --repeat; part of the cache key so trials are independent samples. */
  trial: number;
  /** Case or scenario id, for logs and errors only (never part of the cache key). */
  caseId?: string;
  signal?: AbortSignal;
}

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  /** Of input_tokens, those the server read from its prompt cache (billed at the cached rate); absent when it reports none. */
  cached_input_tokens?: number;
}

export interface ModelResponse {
  /** Raw model text, exactly as received. */
  text: string;
  usage: Usage;
  latency_ms: number;
  /** null when the model has no price in the price table: unknown, never 0. */
  cost_usd: number | null;
  cached: boolean;
}

/** What an endpoint's structured output guarantees about one module's output. */
export interface OutputEnforcement {
  /** e.g. "llama.cpp grammar". */
  label: string;
  /** The Output Schema's constraints it does not enforce. */
  analysis: DialectAnalysis;
  /** Whether "one JSON object" itself is enforced (llama.cpp ignores json_object). */
  jsonSyntaxEnforced: boolean;
}

export interface Provider {
  /** e.g. "sim", "sim:gullible", "openai". */
  readonly id: string;
  readonly model: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
  /**
   * What, besides provider and model, shapes the answers (server kind, output mode, base URL,
   * temperature, token limit): recorded in the run header, so that results made otherwise are
   * never resumed or merged into this run. Absent for sim.
   */
  readonly callSettings?: Record<string, string | number>;
  /** Absent where nothing is enforced by the endpoint, or nothing needs to be (sim). */
  outputEnforcement?(prompt: PromptFile): OutputEnforcement | undefined;
  /**
   * Why this provider cannot answer a module at all (sim has no implementation of a
   * user's own module), or null. Its cases are then skipped with that reason: not
   * passed, and not an error of the harness.
   */
  cannotRun?(module: string): string | null;
  close?(): Promise<void>;
}
