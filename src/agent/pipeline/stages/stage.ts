/**
 * The contract every step of a turn keeps: one input (the turn's context,
 * and the task or the ending it works on) and one outcome union that tells
 * the orchestrator how the turn goes on. The orchestrator runs a table of
 * stages (orchestrator.ts, PIPELINE_STAGES); a new stage is a file that
 * exports a Stage and a row in that table.
 */
import type { ActionOutcome } from '../actions/action-outcome.js';
import type { Output, PipelineContext } from '../pipeline-context.js';

/** The kinds of reply a turn can end with (the response prompt's response_scenario). */
export type ResponseScenario =
  | 'need_clarification'
  | 'need_confirmation'
  | 'decision_only'
  | 'execution_success'
  | 'execution_failed'
  | 'human_handoff'
  | 'general_info';

/** One task of the request (an intent that may need an action of its own), as its stages build it up. */
export interface Task {
  intent: Output;
  /** Its place among the request's tasks: the first one's decision is the turn's. */
  index: number;
  /** Recovery rounds so far (runAction's attempt). */
  attempt: number;
  /** Whether policy evidence must be collected for it: the first task, a task with none yet, and after recovery asks again. */
  needsEvidence: boolean;
  /** The decision its deciding stage reached. */
  decision?: Output;
}

/** How the turn ends: the reply scenario, and the question when it asks one. */
interface TurnEnding {
  scenario: ResponseScenario;
  clarification?: string | null;
}

export interface StageInput {
  ctx: PipelineContext;
  /** The task a per-task stage works on; the turn's own stages have none. */
  task?: Task;
  /** The ending the reply stage writes the reply for. */
  ending?: TurnEnding;
}

export type StageOutcome =
  /** Go on with the next stage. */
  | { next: 'continue' }
  /** The turn ends here, with this reply. */
  | ({ next: 'respond' } & TurnEnding)
  /** The task ends here, with this outcome. */
  | { next: 'task_done'; outcome: ActionOutcome }
  /** Recovery asked to run the task's stages again (after the facts or the evidence were read again). */
  | { next: 'retry_task' };

export interface Stage {
  /** What the stage does, for a reader of the table. */
  name: string;
  run(input: StageInput): Promise<StageOutcome>;
}

export const CONTINUE: StageOutcome = { next: 'continue' };

export const endTurn = (scenario: ResponseScenario, clarification: string | null = null): StageOutcome => ({ next: 'respond', scenario, clarification });

export const endTask = (outcome: ActionOutcome): StageOutcome => ({ next: 'task_done', outcome });

/** The task a per-task stage was handed: a table that puts one among the turn's stages is a programming error. */
export function taskOf(input: StageInput, stage: string): Task {
  if (!input.task) throw new Error(`${stage} is a per-task stage: it runs in the task rows of the stage table`);
  return input.task;
}
