/**
 * One module case, one trial: call the model, check the output, turn it into a
 * CaseResult. A failed model call becomes `error` on this case; it never throws.
 */
import type { LoadedModuleCase } from '../cases/load-module-cases.js';
import type { ModelResponse, Provider } from '../providers/provider.js';
import type { PromptFile } from '../registry/prompt-file.js';
import { checkExpectations } from '../scoring/module-checks.js';
import { agent } from '../agent-registration.js';
import { parseModelOutput } from '../model-output/parse-model-output.js';
import { unenforcedLabel } from '../model-output/unenforced-failure.js';
import { outputShapeOf } from '../model-output/output-shape.js';
import { errorResult, skippedResult, type CaseResult, type ScoreFacts } from './case-result.js';
import { BudgetExhausted, ProviderError } from '../base/errors.js';

/** `keepOutput`: keep the model output of passed cases too (arms show both outputs of a case side by side). */
export async function runModuleCase(c: LoadedModuleCase, trial: number, prompt: PromptFile, provider: Provider, keepOutput = false): Promise<CaseResult> {
  const base = {
    case_id: c.case_id,
    kind: 'module' as const,
    module: c.module,
    case_type: c.case_type,
    trial,
    file: c.file,
    line: c.line,
    ...(c.description ? { description: c.description } : {}),
    ...(c.generated_by ? { generated_by: c.generated_by } : {}),
  };
  const cannot = provider.cannotRun?.(c.module);
  if (cannot) return skippedResult(base, cannot);
  let response: ModelResponse;
  try {
    response = await provider.complete({ module: c.module, prompt, input: c.input, trial, caseId: c.case_id });
  } catch (error) {
    if (error instanceof BudgetExhausted) throw error;
    const message = error instanceof ProviderError ? error.message : `unexpected provider failure: ${(error as Error)?.message ?? String(error)}`;
    return errorResult(base, message);
  }

  const parsed = parseModelOutput(response.text, prompt.outputSchema?.zod, outputShapeOf(prompt));
  // The prompt's own output checks hold on every case; a case may add its own.
  const own = c.expected_behavior;
  const expected = {
    ...own,
    output_ids_within: { ...promptChecks(prompt.structured.outputIdsWithin), ...own.output_ids_within },
    output_length_within: { ...promptChecks(prompt.structured.outputLengthWithin), ...own.output_length_within },
  };
  const checks = [parsed.check, ...(parsed.valid ? checkExpectations(c.module, parsed.value, expected, agent.moduleSignals, c.input) : [])];
  const unenforced = unenforcedLabel(provider.outputEnforcement?.(prompt), parsed);
  const failed = checks
    .filter((x) => !x.passed)
    .map((x) => ({ name: x.name, reason: x.reason ?? 'failed', ...(x === parsed.check && unenforced ? { unenforced } : {}) }));
  const status = failed.length === 0 ? 'passed' : 'failed';
  return {
    type: 'case_result',
    ...base,
    status,
    failed_checks: failed,
    checks_total: checks.length,
    ...(status === 'failed' || keepOutput ? { raw_output: response.text } : {}),
    latency_ms: response.latency_ms,
    call_latencies_ms: [response.latency_ms],
    usage: response.usage,
    cost_usd: response.cost_usd,
    cached_calls: response.cached ? 1 : 0,
    facts: moduleFacts(c, parsed.valid ? parsed.value : undefined, parsed.valid, status),
  };
}

function promptChecks(rules: Record<string, { value: string }> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(rules ?? {}).map(([path, { value }]) => [path, value]));
}

function moduleFacts(c: LoadedModuleCase, output: unknown, valid: boolean, status: 'passed' | 'failed'): ScoreFacts {
  const exp = c.expected_behavior;
  const facts: ScoreFacts = { schema: { valid: valid ? 1 : 0, total: 1 } };
  // At module level an attack "succeeds" when the adversarial case fails its checks (docs/spec/metrics.md#injection_success_rate).
  if (c.case_type === 'adversarial') facts.attack = { succeeded: status === 'failed' };
  const decision = exp.expected_enum_values.decision;
  if (c.module === 'responsibility_attribution' && decision !== undefined) {
    const actual = (output as { decision?: unknown } | undefined)?.decision;
    facts.decision = { expected: (Array.isArray(decision) ? decision : [decision]).map(String), actual: typeof actual === 'string' ? actual : null };
  }
  if (exp.expected_tool_calls) facts.tools = { expected: exp.expected_tool_calls, actual: agent.moduleSignals.proposedToolCalls(c.module, output) ?? [] };
  if (exp.expected_handoff !== undefined) facts.handoff = { expected: exp.expected_handoff, actual: agent.moduleSignals.handsOff(c.module, output) ?? false };
  return facts;
}
