/** Traces written by hand for the attribution tests: the stages given, on an otherwise empty conversation. */
import { emptyTrace, type PipelineTrace, type StageTrace } from '../../src/agent/pipeline/trace.js';

/** A stage that ran once, uncached and free, whose raw text is its output as JSON. */
export function handBuiltStage(name: string, output: unknown, valid = true): StageTrace {
  return {
    stage: name,
    prompt: `${name}_v1`,
    input: {},
    output,
    raw_output: JSON.stringify(output),
    valid,
    latency_ms: 1,
    usage: { input_tokens: 0, output_tokens: 0 },
    cost_usd: 0,
    cached: false,
  };
}

export function handBuiltTrace(stages: StageTrace[], notes: string[] = []): PipelineTrace {
  return { ...emptyTrace(), stages, notes };
}
