/**
 * One call of a retrieval, memory or moderation helper, reduced to what the
 * program's fallback rules need: a valid output, or which way it failed
 * (timeout, model error, malformed output). Never throws for a model's fault.
 */
import type { Provider } from '../../providers/provider.js';
import type { PromptFile } from '../../registry/prompt-file.js';
import { outputShapeOf } from '../../model-output/output-shape.js';
import { parseModelOutput } from '../../model-output/parse-model-output.js';
import { ProviderError } from '../../base/errors.js';

type HelperFailure = 'timeout' | 'model_error' | 'malformed';
export type HelperCall<T> = { ok: true; value: T; raw: string } | { ok: false; failure: HelperFailure; reason: string; raw?: string };

export interface AskOptions {
  /** A helper must never hold up the chat: past this the call counts as failed. */
  timeoutMs: number;
  caseId?: string;
}

export async function askModule<T>(provider: Provider, prompt: PromptFile, input: Record<string, unknown>, options: AskOptions): Promise<HelperCall<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  try {
    const call = provider.complete({ module: prompt.metadata.module, prompt, input, trial: 0, ...(options.caseId ? { caseId: options.caseId } : {}) });
    const answer = await Promise.race([call, timeout]);
    if (answer === 'timeout') {
      call.catch(() => undefined);
      return { ok: false, failure: 'timeout', reason: `no answer within ${options.timeoutMs} ms` };
    }
    const parsed = parseModelOutput(answer.text, prompt.outputSchema?.zod, outputShapeOf(prompt));
    return parsed.valid
      ? { ok: true, value: parsed.value as T, raw: answer.text }
      : { ok: false, failure: 'malformed', reason: parsed.check.reason ?? 'invalid output', raw: answer.text };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ok: false, failure: 'model_error', reason: error.message };
  } finally {
    clearTimeout(timer);
  }
}
