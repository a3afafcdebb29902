import type { PipelineTrace } from '../pipeline/trace.js';

/** Each stage output of a run that the schema refused, in trace order: visible on the scenario whether it passed or not. */
export function invalidOutputs(trace: PipelineTrace): { stage: string; turn: number | null; error: string }[] {
  return trace.stages
    .filter((st) => st.raw_output !== undefined && !st.valid)
    .map((st) => ({ stage: st.stage, turn: st.turn ?? null, error: (st.error ?? 'schema-invalid').slice(0, 200) }));
}
