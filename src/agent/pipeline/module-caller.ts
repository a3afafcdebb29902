/**
 * Calls one module for the pipeline: input checked against the module's input
 * schema (a mismatch is a bug in orderflow, not in the prompt), output parsed
 * and checked against its output schema, everything recorded in the trace.
 */
import type { Provider } from '../../harness/providers/provider.js';
import type { PromptFile } from '../../harness/registry/prompt-file.js';
import { formatZodIssues } from '../../harness/registry/schema-to-zod.js';
import { parseModelOutput } from '../../harness/model-output/parse-model-output.js';
import { unenforcedLabel } from '../../harness/model-output/unenforced-failure.js';
import type { EventOrder, StageTrace } from './trace.js';
import { ProviderError } from '../../harness/base/errors.js';

/** Where the caller reports each call: its order in the conversation, and its input (for exposure). */
export interface CallObserver {
  next(): EventOrder;
  /** `via`: `module:<id>`, or `screen:<id>` for a call that reads untrusted text as data only. */
  sawInput(via: string, input: Record<string, unknown>, at: EventOrder): void;
}

export type StageCall = { ok: true; output: Record<string, unknown> } | { ok: false; failure: 'schema_invalid' | 'model_error'; reason: string };

export class ModuleCaller {
  constructor(
    private readonly active: Map<string, PromptFile>,
    private readonly provider: Provider,
    private readonly trial: number,
    private readonly caseId: string,
    readonly stages: StageTrace[],
    private readonly observer?: CallObserver,
  ) {}

  prompt(module: string): PromptFile {
    const prompt = this.active.get(module);
    if (!prompt) throw new Error(`no active prompt for module ${module}`);
    return prompt;
  }

  /** `screen`: the call reads untrusted text as data (the source named), and only its enum fields are used. */
  async call(module: string, input: Record<string, unknown>, options: { screen?: string } = {}): Promise<StageCall> {
    const prompt = this.prompt(module);
    const inputCheck = prompt.inputSchema?.zod.safeParse(input);
    if (inputCheck && !inputCheck.success) {
      throw new Error(`pipeline built an invalid ${module} input: ${formatZodIssues(inputCheck.error).join('; ')}`);
    }
    const at = this.observer?.next();
    if (at) this.observer!.sawInput(options.screen ? `screen:${module}` : `module:${module}`, input, at);
    // A copy: the session's history and carried facts keep growing after this call, and the trace must show what the stage received then.
    const base = {
      ...(at ?? {}),
      stage: module,
      prompt: prompt.metadata.name,
      input: structuredClone(input),
      ...(options.screen ? { screen: options.screen } : {}),
    };
    try {
      const response = await this.provider.complete({ module, prompt, input, trial: this.trial, caseId: this.caseId });
      const parsed = parseModelOutput(response.text, prompt.outputSchema?.zod);
      const unenforced = unenforcedLabel(this.provider.outputEnforcement?.(prompt), parsed);
      const notJson = !parsed.valid && parsed.value === undefined && response.text.trim() !== '' && !/^```/.test(response.text.trim());
      this.stages.push({
        ...base,
        raw_output: response.text,
        ...(parsed.valid ? { output: parsed.value } : { error: parsed.check.reason ?? 'invalid output' }),
        valid: parsed.valid,
        ...(notJson ? { not_json: true } : {}),
        ...(unenforced ? { unenforced } : {}),
        latency_ms: response.latency_ms,
        usage: response.usage,
        cost_usd: response.cost_usd,
        cached: response.cached,
      });
      return parsed.valid
        ? { ok: true, output: parsed.value as Record<string, unknown> }
        : { ok: false, failure: 'schema_invalid', reason: parsed.check.reason ?? 'invalid output' };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.stages.push({
        ...base,
        valid: false,
        error: error.message,
        latency_ms: 0,
        usage: { input_tokens: 0, output_tokens: 0 },
        cost_usd: 0,
        cached: false,
      });
      return { ok: false, failure: 'model_error', reason: error.message };
    }
  }
}
