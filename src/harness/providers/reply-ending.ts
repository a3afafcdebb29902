/**
 * A chat completion that carries no answer to score. A refusal, a reply the
 * endpoint's content filter stopped and a reply of tool calls all come back
 * as 200 with empty or null content: scored, each would read as "empty
 * output", a schema failure of the model, with the reason dropped. Each is an
 * error of its own kind instead, saying what the endpoint said; a reply with
 * no choice at all is a transport error.
 */
import { clip } from './http-retry.js';
import type { ProviderError } from '../base/errors.js';

export interface UnusableEnding {
  kind: ProviderError['kind'];
  message: string;
}

interface Choice {
  finish_reason?: unknown;
  message?: { refusal?: unknown; tool_calls?: unknown; function_call?: unknown } | null;
}

export function unusableEnding(choices: unknown[]): UnusableEnding | null {
  if (choices.length === 0) return { kind: 'http', message: 'the endpoint answered 200 with no choice (choices: [])' };
  const choice = (choices[0] ?? {}) as Choice;
  const refusal = choice.message?.refusal;
  if (typeof refusal === 'string' && refusal.trim() !== '') return { kind: 'refusal', message: `refusal: the model refused: "${clip(refusal.trim(), 200)}"` };
  const reason = choice.finish_reason;
  if (reason === 'content_filter')
    return { kind: 'content_filter', message: "content_filter: the endpoint's content filter stopped the reply (finish_reason content_filter)" };
  const calls = choice.message?.tool_calls;
  if (reason === 'tool_calls' || reason === 'function_call' || (Array.isArray(calls) && calls.length > 0) || choice.message?.function_call) {
    return {
      kind: 'tool_calls',
      message: `tool_calls: the model answered with a tool call, not text (finish_reason ${typeof reason === 'string' ? reason : 'none'})`,
    };
  }
  return null;
}
