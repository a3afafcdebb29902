/**
 * What kind of OpenAI-compatible server a base URL points at, and the output
 * mode that is safe there. `openai.server: auto` recognises the hosted APIs by
 * host name and Ollama by its port; a local llama.cpp or vLLM server looks like
 * any other loopback URL, so it is named in the config (or with --server).
 * The choice is made from configuration alone, never by probing the server,
 * so that a replay run without a server sends (and hashes) the same requests.
 */
import type { OutputModeSetting, ServerSetting } from '../config/openai-settings.js';
import type { SchemaDialect } from '../registry/schema-dialects.js';

export type ServerKind = Exclude<ServerSetting, 'auto'>;
export type OutputMode = Exclude<OutputModeSetting, 'auto'>;

export interface ServerPreset {
  /** What `output_mode: auto` sends. */
  outputMode: OutputMode;
  /** How the server enforces a json_schema response format. */
  schemaDialect: SchemaDialect;
  /** Whether json_object is enforced at all (llama.cpp returns plain text). */
  enforcesJsonObject: boolean;
  /** Human name for reports. */
  label: string;
}

export const SERVER_PRESETS: Record<ServerKind, ServerPreset> = {
  // Structured outputs: strict:true enforces the whole schema, bounds included.
  openai: { outputMode: 'json_schema', schemaDialect: 'openai_strict', enforcesJsonObject: true, label: 'OpenAI structured outputs' },
  // DeepSeek's API offers json_object only.
  deepseek: { outputMode: 'json_object', schemaDialect: 'json_object', enforcesJsonObject: true, label: 'DeepSeek json_object' },
  // Guided decoding (xgrammar/outlines) compiles the schema to a grammar, like llama.cpp.
  vllm: { outputMode: 'json_schema', schemaDialect: 'llama_cpp_grammar', enforcesJsonObject: true, label: 'vLLM guided decoding' },
  // Ollama converts the schema with llama.cpp's grammar converter.
  ollama: { outputMode: 'json_schema', schemaDialect: 'llama_cpp_grammar', enforcesJsonObject: true, label: 'Ollama (llama.cpp grammar)' },
  'llama.cpp': { outputMode: 'json_schema', schemaDialect: 'llama_cpp_grammar', enforcesJsonObject: false, label: 'llama.cpp grammar' },
  // Unknown: json_object is what nearly every server accepts; nothing beyond it is assumed.
  other: { outputMode: 'json_object', schemaDialect: 'json_object', enforcesJsonObject: true, label: 'unknown server' },
};

/** `auto` → a server kind from the base URL; any other setting is taken as said. */
export function resolveServer(setting: ServerSetting, baseURL: string | null | undefined): ServerKind {
  if (setting !== 'auto') return setting;
  if (!baseURL) return 'openai';
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return 'other';
  }
  const host = url.hostname.toLowerCase();
  if (host === 'api.openai.com') return 'openai';
  if (host === 'api.deepseek.com') return 'deepseek';
  if (url.port === '11434') return 'ollama';
  return 'other';
}

export function resolveOutputMode(setting: OutputModeSetting, server: ServerKind): OutputMode {
  return setting === 'auto' ? SERVER_PRESETS[server].outputMode : setting;
}
