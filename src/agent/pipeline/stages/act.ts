/**
 * The task's action on its decision: authorization, the write, state
 * verification (action-flow.ts). When recovery asks for the facts or the
 * policy again, they are read again here and the task's stages run again.
 */
import { runAction } from '../actions/action-flow.js';
import { gatherFacts } from './gather-facts.js';
import { endTask, taskOf, type Stage } from './stage.js';

export const actStage: Stage = {
  name: 'act: authorization → write → state verification',
  run: async (input) => {
    const { ctx } = input;
    const task = taskOf(input, 'act');
    // An order change is decided once by the program: whatever recovery says, it is not decided again.
    if (task.intent.intent === 'modify_order') return endTask(await runAction(ctx, task.intent, task.decision!));
    const outcome = await runAction(ctx, task.intent, task.decision!, task.attempt);
    if (outcome === 'retry_facts') {
      ctx.note('recovery: reading the facts again');
      const again = await gatherFacts(ctx);
      if (again === 'handoff') return endTask('handoff');
      if (again === 'rejected') return endTask('none');
    } else if (outcome === 'retry_evidence') ctx.note('recovery: retrieving the policy again');
    else return endTask(outcome);
    task.needsEvidence = true;
    task.attempt += 1;
    return { next: 'retry_task' };
  },
};
